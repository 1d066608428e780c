import { existsSync } from 'node:fs';
import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DomainDefinition } from '@freguesia/functions/domains';
import { DomainFunction } from '../constructs/domain-function';
import { DomainHttpApi } from '../constructs/http-api';
import { pascal } from '../constructs/naming';
import { grantCmsBucket } from '../constructs/cms-bucket';
import { grantExportsBucket } from '../constructs/exports-bucket';
import { grantProviderWebhooks } from '../constructs/provider-webhooks';
import { grantQueueSend, grantSchedules } from '../constructs/queue-consumers';
import { domainEntry, shortLinkRedirectEntry } from '../paths';
import type { AppStackData } from './app-stack';
import type { AsyncStack } from './async-stack';

/** Which API functions reach into the data and the pipeline (app-stack.ts holds the tables). */
export interface ApiWiring {
  /** Domains whose function may read the secrets-at-rest key. */
  readonly secretsKeyReaders: readonly string[];
  /** Domains whose function sends to queues, and the queues. */
  readonly queueSenders: Readonly<Record<string, readonly string[]>>;
  /** Domains whose function creates and deletes EventBridge schedules. */
  readonly scheduleManagers: readonly string[];
}

export interface ApiStackProps extends StackProps {
  readonly data: AppStackData;
  /** The pipeline the API hands work to (queues, schedules, SES). */
  readonly pipeline: Pick<AsyncStack, 'queues' | 'schedules' | 'emailEvents'>;
  /** The domain registry (functions/src/domains.ts). */
  readonly domains: readonly DomainDefinition[];
  readonly wiring: ApiWiring;
  /** Folder holding `<domain>/handler.ts` (and `shortlinks/redirect.ts`). */
  readonly sourceDir: string;
}

/**
 * The HTTP API and the functions behind it: one per domain (routes `ANY {prefix}` and
 * `ANY {prefix}/{proxy+}` of each prefix it owns, one invoke permission per function) and the
 * short-link redirect. It references the data and async stacks; the web stack references it.
 */
export class ApiStack extends Stack {
  /** Functions by domain name, for grants a domain needs beyond the defaults. */
  readonly functions = new Map<string, DomainFunction>();
  readonly api: DomainHttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { data, pipeline, wiring } = props;

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
    for (const name of wiring.secretsKeyReaders) {
      const fn = this.functions.get(name);
      if (!fn) continue;
      data.secretsKey.grantRead(fn.function);
      fn.function.addEnvironment('SECRETS_KEY_ARN', data.secretsKey.secretArn);
    }

    // The providers' delivery reports (`/api/hooks/{provider}`) are checked against their secrets.
    const hooks = this.functions.get('communications');
    if (hooks && data.webhookSecrets) grantProviderWebhooks(hooks, data.webhookSecrets);

    // Exports (functions/src/exports): the API signs the download links of the files.
    if (data.exportsBucket) grantExportsBucket(data.exportsBucket, [], [this.functions.get('exports')]);

    // CMS files (functions/src/cms): the API stores and deletes them.
    if (data.cmsFilesBucket) grantCmsBucket(data.cmsFilesBucket, [this.functions.get('cms')], []);

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

    for (const [domain, names] of Object.entries(wiring.queueSenders)) {
      const fn = this.functions.get(domain);
      if (fn) grantQueueSend(fn, names, pipeline.queues);
    }
    for (const domain of wiring.scheduleManagers) {
      const fn = this.functions.get(domain);
      if (fn) grantSchedules(fn, pipeline.schedules);
    }
    // 'Enviar teste' of the e-mail editor sends through the configuration set; the campaigns function
    // serves it (/api/web/communications/email/test, beside the e-mail saves and their sanitiser).
    const emailTest = this.functions.get('campaigns');
    if (emailTest && pipeline.emailEvents) pipeline.emailEvents.grantSend(emailTest);

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
  }
}
