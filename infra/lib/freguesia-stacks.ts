import { Tags } from 'aws-cdk-lib';
import type { App, Stack } from 'aws-cdk-lib';
import { domains as registeredDomains } from '@freguesia/functions/domains';
import type { DomainDefinition } from '@freguesia/functions/domains';
import type { QueueDefinition } from '@freguesia/functions/queues';
import type { StreamProcessorDefinition } from '@freguesia/functions/streams';
import { readConfig } from './config';
import type { AppConfig } from './config';
import { functionsSourceDir, webDistDir } from './paths';
import { addAppStacks } from './stacks/app-stack';
import type { AppWiring } from './stacks/app-stack';
import type { ApiStack } from './stacks/api-stack';
import type { AsyncStack } from './stacks/async-stack';
import { DataStack } from './stacks/data-stack';
import type { WebStack } from './stacks/web-stack';

/**
 * Feature flags this app relies on, given to `new App({ context })` so the CLI and the tests
 * behave alike (cdk.json or -c can still override them).
 */
export const featureFlags = {
  // S3 server access logs are delivered through the log bucket's policy, not its ACL.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  // Merge IAM statements: smaller policies, fewer cdk-nag findings to read.
  '@aws-cdk/aws-iam:minimizePolicies': true,
  // Exports/imports between the stacks: a stack cannot be deleted under the ones that use it.
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
} as const;

/** Overrides for tests; the CLI uses the defaults. */
export interface StackOptions {
  readonly domains?: readonly DomainDefinition[];
  readonly queues?: readonly QueueDefinition[];
  readonly streamProcessors?: readonly StreamProcessorDefinition[];
  readonly wiring?: AppWiring;
  readonly sourceDir?: string;
  readonly webDistDir?: string;
}

export interface FreguesiaStacks {
  readonly config: AppConfig;
  readonly data: DataStack;
  readonly async: AsyncStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** Every stack, in deployment order. */
  readonly stacks: readonly Stack[];
}

/** Adds the data, async, API and web stacks to `app`, configured from its context. */
export function addFreguesiaStacks(app: App, options: StackOptions = {}): FreguesiaStacks {
  const config = readConfig(app.node);
  const name = (suffix: string) =>
    config.stage ? `Freguesia-${config.stage}-${suffix}` : `Freguesia-${suffix}`;

  Tags.of(app).add('project', 'freguesia');
  if (config.stage) Tags.of(app).add('stage', config.stage);

  // No env: the stacks are environment-agnostic (no lookups at synth, no account needed).
  const data = new DataStack(app, name('Data'), {
    description: 'Freguesia stateful resources: table, buckets, signing key (retained on delete)',
    terminationProtection: true,
  });
  const stateless = addAppStacks(app, {
    stackName: name,
    data: {
      table: data.table,
      jwtSecret: data.jwtSecret,
      secretsKey: data.secretsKey,
      webBucket: data.webBucket,
      accessLogsBucket: data.accessLogsBucket,
      exportsBucket: data.exportsBucket,
      cmsFilesBucket: data.cmsFilesBucket,
      webhookSecrets: data.webhookSecrets,
    },
    domains: options.domains ?? registeredDomains,
    queues: options.queues,
    streamProcessors: options.streamProcessors,
    wiring: options.wiring,
    sourceDir: options.sourceDir ?? functionsSourceDir,
    webDistDir: options.webDistDir ?? webDistDir,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
  });
  for (const stack of [stateless.async, stateless.api, stateless.web]) stack.addStackDependency(data);

  return { config, data, ...stateless, stacks: [data, stateless.async, stateless.api, stateless.web] };
}
