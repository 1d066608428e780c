import { existsSync } from 'node:fs';
import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DomainDefinition } from '@freguesia/functions/domains';
import { DomainFunction } from '../constructs/domain-function';
import { DomainHttpApi } from '../constructs/http-api';
import { EmailEvents } from '../constructs/email-events';
import { grantExportsBucket } from '../constructs/exports-bucket';
import { grantProviderWebhooks, type WebhookProvider } from '../constructs/provider-webhooks';
import { QueueConsumers, grantQueueSend, grantSchedules } from '../constructs/queue-consumers';
import { Queues } from '../constructs/queues';
import { Schedules } from '../constructs/schedules';
import { StaticSite } from '../constructs/static-site';
import { StreamProcessors } from '../constructs/stream-processors';
import {
  streamProcessors as registeredStreamProcessors,
  type StreamProcessorDefinition,
} from '@freguesia/functions/streams';
import { queues as queueRegistry } from '@freguesia/functions/queues';
import { domainEntry, shortLinkRedirectEntry } from '../paths';
import { pascal } from '../constructs/naming';

/** Domains whose function may read the secrets-at-rest key (lib/ports/secrets-key.ts). */
export const SECRETS_KEY_READERS: readonly string[] = ['settings'];

/** Domains whose API function starts background work, and the queues it sends to. */
export const QUEUE_SENDERS: Readonly<Record<string, readonly string[]>> = {
  // Lead recomputes and tag renames (functions/README.md, "Population engine").
  segmentation: ['segmentation', 'jobs'],
  // 'Enviar agora' and resume start the planner; the providers' webhooks hand their reports on
  // (functions/src/communications).
  communications: ['communications', 'provider-events'],
  // Export routes queue their job (functions/src/exports).
  exports: ['exports'],
};

/** Queue consumers that feed other queues: the communications planner fills the channel queues. */
export const CONSUMER_SENDS: Readonly<Record<string, readonly string[]>> = {
  communications: ['email', 'sms', 'push', 'whatsapp'],
};

/**
 * Domains whose API function creates and cancels EventBridge schedules (a lead's auto-refresh;
 * the campaigns' sweep of unsettled checkout holds, scheduled when a campaign gets a budget).
 */
export const SCHEDULE_MANAGERS: readonly string[] = ['segmentation', 'campaigns', 'communications'];

/** What the app stack uses from the data stack. */
export interface AppStackData {
  readonly table: ITable;
  readonly jwtSecret: ISecret;
  /** Data key of the secrets sealed in the table; read only by the domains in SECRETS_KEY_READERS. */
  readonly secretsKey: ISecret;
  readonly webBucket: IBucket;
  readonly accessLogsBucket: IBucket;
  /** Export files: written by the exports consumer, signed for download by the exports API. */
  readonly exportsBucket?: IBucket;
  /** Secrets of the SMS and push providers' delivery-report webhooks; read only by the communications function. */
  readonly webhookSecrets?: Readonly<Record<WebhookProvider, ISecret>>;
}

export interface AppStackProps extends StackProps {
  readonly data: AppStackData;
  /** The domain registry (functions/src/domains.ts). */
  readonly domains: readonly DomainDefinition[];
  /** The stream processor registry (functions/src/streams.ts); default: the registered ones. */
  readonly streamProcessors?: readonly StreamProcessorDefinition[];
  /** Folder holding `<domain>/handler.ts` (and `shortlinks/redirect.ts`). */
  readonly sourceDir: string;
  /** The Vite build; uploaded only when it contains index.html. */
  readonly webDistDir: string;
  readonly domainName?: string;
  readonly certificateArn?: string;
}

/**
 * The stateless stack: functions, API, queues, scheduler plumbing and CDN. It can be destroyed
 * and recreated without losing data.
 */
export class AppStack extends Stack {
  /** Functions by domain name, for grants a domain needs beyond the defaults. */
  readonly functions = new Map<string, DomainFunction>();
  readonly api: DomainHttpApi;
  readonly queues: Queues;
  readonly streamProcessors: StreamProcessors;
  readonly schedules: Schedules;
  readonly consumers: QueueConsumers;
  readonly site: StaticSite;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { data } = props;

    this.api = new DomainHttpApi(this, 'Api');

    for (const domain of props.domains) {
      const entry = domainEntry(domain.name, props.sourceDir);
      if (!existsSync(entry)) {
        throw new Error(`Domain "${domain.name}" is registered but ${entry} does not exist.`);
      }
      const fn = new DomainFunction(this, `${pascal(domain.name)}Domain`, {
        name: domain.name,
        entry,
        table: data.table,
        jwtSecret: data.jwtSecret,
        memoryMb: domain.memoryMb,
        timeoutSeconds: domain.timeoutSeconds,
      });
      this.functions.set(domain.name, fn);
      this.api.addPrefixRoutes(pascal(domain.name), fn.function, domain.prefixes);
    }

    // The secrets-at-rest key only where sealed values are read or written: settings shows and
    // rotates the integration token. The POS check compares hashes and never needs it.
    for (const name of SECRETS_KEY_READERS) {
      const fn = this.functions.get(name);
      if (!fn) continue;
      data.secretsKey.grantRead(fn.function);
      fn.function.addEnvironment('SECRETS_KEY_ARN', data.secretsKey.secretArn);
    }

    // The providers' delivery reports (`/api/hooks/{provider}`) are checked against their secrets.
    const hooks = this.functions.get('communications');
    if (hooks && data.webhookSecrets) grantProviderWebhooks(hooks, data.webhookSecrets);

    // Hook: the short-link redirect (`/link/{slug}`) joins as soon as its file exists.
    const redirectEntry = shortLinkRedirectEntry(props.sourceDir);
    if (redirectEntry) {
      const redirect = new DomainFunction(this, 'ShortLinkRedirect', {
        name: 'shortlinks-redirect',
        entry: redirectEntry,
        table: data.table,
        // Public and hot: small, and no access to the signing key.
        memoryMb: 256,
        timeoutSeconds: 5,
      });
      this.functions.set('shortlinks-redirect', redirect);
      this.api.addPrefixRoutes('ShortLinkRedirect', redirect.function, ['/link']);
    }

    // Stream processors (functions/src/streams.ts), each with the domain that owns it.
    this.streamProcessors = new StreamProcessors(this, 'StreamProcessors', {
      table: data.table,
      processors: (props.streamProcessors ?? registeredStreamProcessors).filter((p) =>
        props.domains.some((d) => d.name === p.domain),
      ),
      sourceDir: props.sourceDir,
    });

    this.queues = new Queues(this, 'Queues');
    this.schedules = new Schedules(this, 'Schedules', { targets: this.queues.all() });
    this.consumers = new QueueConsumers(this, 'QueueConsumers', {
      table: data.table,
      registry: queueRegistry,
      queues: this.queues,
      schedules: this.schedules,
      sourceDir: props.sourceDir,
      domains: props.domains.map((d) => d.name),
    });
    for (const [domain, names] of Object.entries(QUEUE_SENDERS)) {
      const fn = this.functions.get(domain);
      if (fn) grantQueueSend(fn, names, this.queues);
    }
    for (const domain of SCHEDULE_MANAGERS) {
      const fn = this.functions.get(domain);
      if (fn) grantSchedules(fn, this.schedules);
    }
    for (const [queue, names] of Object.entries(CONSUMER_SENDS)) {
      const fn = this.consumers.functions.get(queue);
      if (fn) grantQueueSend(fn, names, this.queues);
    }
    // The schedules of e-mail, SMS and push campaigns follow campaign changes on the stream.
    const scheduleSync = this.streamProcessors.functions.get('communications-schedules');
    if (scheduleSync) {
      grantSchedules(scheduleSync, this.schedules);
      grantQueueSend(scheduleSync, ['communications'], this.queues);
    }
    const emailEvents = this.queues.send['email-events'];
    if (emailEvents) {
      const ses = new EmailEvents(this, 'EmailEvents', { queue: emailEvents });
      for (const fn of [this.consumers.functions.get('email'), this.functions.get('communications')]) if (fn) ses.grantSend(fn);
      // The SMS and push providers' tokens (Zenvia, OneSignal) come from the function's environment (README, "Deploying");
      // their delivery reports come back through the `provider-events` queue (functions/README.md, "Communications").
    }

    // Exports (functions/src/exports): the consumer writes the files, the API signs download links.
    if (data.exportsBucket) grantExportsBucket(data.exportsBucket, [this.consumers.functions.get('exports')], [this.functions.get('exports')]);

    this.site = new StaticSite(this, 'Site', {
      // By attributes: a concrete cross-stack bucket would make the OAC origin add a statement
      // naming this distribution to the data stack's bucket policy, a dependency cycle.
      webBucket: Bucket.fromBucketAttributes(this, 'WebBucket', {
        bucketArn: data.webBucket.bucketArn,
        bucketName: data.webBucket.bucketName,
        bucketRegionalDomainName: data.webBucket.bucketRegionalDomainName,
      }),
      logBucket: data.accessLogsBucket,
      apiDomainName: this.api.originDomainName,
      domainName: props.domainName,
      certificate: props.certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      webDistDir: props.webDistDir,
    });

    new CfnOutput(this, 'DistributionDomainName', { value: this.site.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'ScheduleGroupName', { value: this.schedules.group.scheduleGroupName });
    new CfnOutput(this, 'SchedulerRoleArn', { value: this.schedules.role.roleArn });
  }
}
