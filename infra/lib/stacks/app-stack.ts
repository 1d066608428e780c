import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DomainDefinition } from '@freguesia/functions/domains';
import type { QueueDefinition } from '@freguesia/functions/queues';
import type { StreamProcessorDefinition } from '@freguesia/functions/streams';
import type { WebhookProvider } from '../constructs/provider-webhooks';
import { ApiStack } from './api-stack';
import type { ApiWiring } from './api-stack';
import { AsyncStack } from './async-stack';
import { WebStack } from './web-stack';

/*
 * The stateless app: three stacks that can be destroyed and recreated without losing data, and the
 * wiring between them (the tables below). References go one way only, Data ← Async ← Api ← Web:
 *
 * - Async: queues + DLQs, queue consumers, stream processors, the schedule group, SES events;
 * - Api:   the HTTP API, one function per domain (and the short-link redirect), their grants on
 *          the data and on the pipeline (queue URLs, the schedule group: exports of Async);
 * - Web:   CloudFront (web bucket, /api/* and /link/* to the API: an export of Api), web upload.
 *
 * One stack held all of it until it reached 429 of CloudFormation's 500 resources; README,
 * "Stacks and their budget", has the figures and what to do when a stack nears its budget.
 */

/** Domains whose function may read the secrets-at-rest key (lib/ports/secrets-key.ts). */
export const SECRETS_KEY_READERS: readonly string[] = ['settings', 'whatsapp', 'customer-service'];

/** Domains whose API function starts background work, and the queues it sends to. */
export const QUEUE_SENDERS: Readonly<Record<string, readonly string[]>> = {
  // Lead recomputes and tag renames (functions/README.md, "Population engine").
  segmentation: ['segmentation', 'jobs'],
  // 'Enviar agora' and resume start the planner; the providers' webhooks hand their reports on
  // (functions/src/communications).
  communications: ['communications', 'provider-events'],
  // Export routes queue their job (functions/src/exports).
  exports: ['exports'],
  // The short-link redirect hands each person's visit to its counter (functions/src/shortlinks).
  'shortlinks-redirect': ['shortlink-visits'],
  // The partners' webhooks hand their events on (functions/src/whatsapp).
  whatsapp: ['whatsapp-events'],
};

/** Queue consumers that feed other queues: the communications planner fills the channel queues. */
export const CONSUMER_SENDS: Readonly<Record<string, readonly string[]>> = {
  communications: ['email', 'sms', 'push', 'whatsapp'],
  // The WhatsApp sender parks batches on its own queue; its events put back early statuses.
  whatsapp: ['whatsapp'],
  'whatsapp-events': ['whatsapp-events'],
  // The data migrations' sweep queues each pending run on the queue its registry entry names.
  segmentation: ['campaigns'],
};

/**
 * Domains whose API function creates and cancels EventBridge schedules (a lead's auto-refresh;
 * the campaigns' sweep of unsettled checkout holds, scheduled when a campaign gets a budget).
 */
export const SCHEDULE_MANAGERS: readonly string[] = ['segmentation', 'campaigns', 'communications'];

/** The four tables above, as the stacks take them. */
export interface AppWiring extends ApiWiring {
  /** Queue consumers that feed other queues. */
  readonly consumerSends: Readonly<Record<string, readonly string[]>>;
}

export const APP_WIRING: AppWiring = {
  secretsKeyReaders: SECRETS_KEY_READERS,
  queueSenders: QUEUE_SENDERS,
  scheduleManagers: SCHEDULE_MANAGERS,
  consumerSends: CONSUMER_SENDS,
};

/** What the stateless stacks use from the data stack. */
export interface AppStackData {
  readonly table: ITable;
  readonly jwtSecret: ISecret;
  /** Data key of the secrets sealed in the table; read only by the domains in SECRETS_KEY_READERS. */
  readonly secretsKey: ISecret;
  readonly webBucket: IBucket;
  readonly accessLogsBucket: IBucket;
  /** CMS files: written and deleted by the cms function, removed by the cms-files stream, read by CloudFront. */
  readonly cmsFilesBucket?: IBucket;
  /** Export files: written by the exports consumer, signed for download by the exports API. */
  readonly exportsBucket?: IBucket;
  /** Secrets of the SMS and push providers' delivery-report webhooks; read only by the communications function. */
  readonly webhookSecrets?: Readonly<Record<WebhookProvider, ISecret>>;
}

export interface AppStacksProps {
  readonly data: AppStackData;
  /** The domain registry (functions/src/domains.ts). */
  readonly domains: readonly DomainDefinition[];
  /** The queue registry (functions/src/queues.ts); default: the registered queues. */
  readonly queues?: readonly QueueDefinition[];
  /** The stream processor registry (functions/src/streams.ts); default: the registered ones. */
  readonly streamProcessors?: readonly StreamProcessorDefinition[];
  /** Who sends to which queue, manages schedules, reads the secrets key; default APP_WIRING. */
  readonly wiring?: AppWiring;
  /** Folder holding `<domain>/handler.ts`, the consumers and processors (and `shortlinks/redirect.ts`). */
  readonly sourceDir: string;
  /** The Vite build; uploaded only when it contains index.html. */
  readonly webDistDir: string;
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Stack name of a part ('Api' → 'Freguesia-Api', or 'Freguesia-dev-Api' with a stage). */
  readonly stackName: (part: 'Async' | 'Api' | 'Web') => string;
}

export interface AppStacks {
  readonly async: AsyncStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/** Adds the async, API and web stacks to `scope` (the CDK app), with the wiring above. */
export function addAppStacks(scope: Construct, props: AppStacksProps): AppStacks {
  const wiring = props.wiring ?? APP_WIRING;
  const async = new AsyncStack(scope, props.stackName('Async'), {
    description:
      'Freguesia asynchronous pipeline: queues, consumers, stream processors, scheduler, SES events',
    data: props.data,
    domains: props.domains,
    queues: props.queues,
    streamProcessors: props.streamProcessors,
    consumerSends: wiring.consumerSends,
    sourceDir: props.sourceDir,
  });
  const api = new ApiStack(scope, props.stackName('Api'), {
    description: 'Freguesia HTTP API and its domain functions',
    data: props.data,
    pipeline: async,
    domains: props.domains,
    wiring,
    sourceDir: props.sourceDir,
  });
  api.addStackDependency(async);
  const web = new WebStack(scope, props.stackName('Web'), {
    description: 'Freguesia CDN: CloudFront (web app, API, short links) and the web upload',
    data: props.data,
    apiDomainName: api.api.originDomainName,
    webDistDir: props.webDistDir,
    domainName: props.domainName,
    certificateArn: props.certificateArn,
  });
  web.addStackDependency(api);
  return { async, api, web };
}
