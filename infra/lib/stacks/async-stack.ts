import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DomainDefinition } from '@freguesia/functions/domains';
import { queues as queueRegistry, type QueueDefinition } from '@freguesia/functions/queues';
import {
  streamProcessors as registeredStreamProcessors,
  type StreamProcessorDefinition,
} from '@freguesia/functions/streams';
import { EmailEvents } from '../constructs/email-events';
import { grantCmsBucket } from '../constructs/cms-bucket';
import { grantExportsBucket } from '../constructs/exports-bucket';
import { QueueConsumers, grantQueueSend, grantSchedules } from '../constructs/queue-consumers';
import { Queues } from '../constructs/queues';
import { Schedules } from '../constructs/schedules';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { SWEEPS, SWEEP_EVERY_MINUTES } from '@freguesia/functions/lib/async/sweeps';
import { StreamProcessors } from '../constructs/stream-processors';
import type { AppStackData } from './app-stack';

/** Queue consumers that open sealed secrets: the WhatsApp sender opens its channel's credentials. */
export const SECRETS_KEY_CONSUMERS: readonly string[] = ['whatsapp', 'customer-service-bot'];

export interface AsyncStackProps extends StackProps {
  readonly data: AppStackData;
  /** The domain registry: a consumer or processor of a domain that is not deployed is left out. */
  readonly domains: readonly DomainDefinition[];
  /** The queue registry (functions/src/queues.ts); default: the registered queues. */
  readonly queues?: readonly QueueDefinition[];
  /** The stream processor registry (functions/src/streams.ts); default: the registered ones. */
  readonly streamProcessors?: readonly StreamProcessorDefinition[];
  /** Queue consumers that feed other queues (app-stack.ts, CONSUMER_SENDS). */
  readonly consumerSends: Readonly<Record<string, readonly string[]>>;
  /** Folder holding `<domain>/<entry>`. */
  readonly sourceDir: string;
}

/**
 * The asynchronous pipeline: the queues and their dead-letter queues, the queue consumers, the
 * table's stream processors, the EventBridge Scheduler group and role, and the SES events. It
 * references only the data stack; the API stack references it (queue URLs, the schedule group),
 * never the other way round.
 */
export class AsyncStack extends Stack {
  readonly queues: Queues;
  readonly schedules: Schedules;
  readonly consumers: QueueConsumers;
  readonly streamProcessors: StreamProcessors;
  /** The SES configuration set and its events, when the `email-events` queue exists. */
  readonly emailEvents?: EmailEvents;

  constructor(scope: Construct, id: string, props: AsyncStackProps) {
    super(scope, id, props);
    const { data } = props;
    const domainNames = props.domains.map((d) => d.name);

    // Stream processors (functions/src/streams.ts), each with the domain that owns it.
    this.streamProcessors = new StreamProcessors(this, 'StreamProcessors', {
      table: data.table,
      processors: (props.streamProcessors ?? registeredStreamProcessors).filter((p) =>
        domainNames.includes(p.domain),
      ),
      sourceDir: props.sourceDir,
    });

    const registry = props.queues ?? queueRegistry;
    this.queues = new Queues(this, 'Queues', { registry });
    this.schedules = new Schedules(this, 'Schedules', {
      targets: this.queues.all(),
      // The recovery sweeps: work whose state stopped moving (lost or dead-lettered messages) is resumed.
      recurring: SWEEPS.flatMap((sweep) => {
        const queue = (this.queues.send as Record<string, Queue | undefined>)[sweep.queue];
        return queue
          ? [
              {
                // A second sweep on one queue is told apart by its name (the first keeps its id).
                id: 'name' in sweep ? `Sweep-${sweep.name}` : `Sweep-${sweep.queue}`,
                queue,
                message: sweep.message,
                minutes: SWEEP_EVERY_MINUTES,
              },
            ]
          : [];
      }),
    });
    this.consumers = new QueueConsumers(this, 'QueueConsumers', {
      table: data.table,
      registry,
      queues: this.queues,
      schedules: this.schedules,
      sourceDir: props.sourceDir,
      domains: domainNames,
    });
    for (const [queue, names] of Object.entries(props.consumerSends)) {
      const fn = this.consumers.functions.get(queue);
      if (fn) grantQueueSend(fn, names, this.queues);
    }
    // The WhatsApp sender opens its channel's sealed credentials (functions/src/whatsapp).
    for (const queue of SECRETS_KEY_CONSUMERS) {
      const fn = this.consumers.functions.get(queue);
      if (!fn) continue;
      data.secretsKey.grantRead(fn.function);
      fn.function.addEnvironment('SECRETS_KEY_ARN', data.secretsKey.secretArn);
    }
    // The schedules of e-mail, SMS and push campaigns follow campaign changes on the stream.
    const scheduleSync = this.streamProcessors.functions.get('communications-schedules');
    if (scheduleSync) {
      grantSchedules(scheduleSync, this.schedules);
      grantQueueSend(scheduleSync, ['communications'], this.queues);
    }
    // Customer service (functions/src/customer-service): inbound messages are answered by the bot
    // through the channel (sealed credentials), whose waits are one-off schedules onto its queue.
    const inbound = this.streamProcessors.functions.get('customer-service-inbound');
    if (inbound) {
      grantSchedules(inbound, this.schedules);
      grantQueueSend(inbound, ['customer-service-bot'], this.queues);
      data.secretsKey.grantRead(inbound.function);
      inbound.function.addEnvironment('SECRETS_KEY_ARN', data.secretsKey.secretArn);
    }
    // NPS (functions/src/nps): purchases queue their surveys; the sender signs each survey's link
    // with a key derived from the platform's secret (the JWT signing key).
    const npsPurchases = this.streamProcessors.functions.get('nps-purchases');
    if (npsPurchases && this.queues.send.nps) grantQueueSend(npsPurchases, ['nps'], this.queues);
    const npsSender = this.consumers.functions.get('nps');
    if (npsSender) {
      data.jwtSecret.grantRead(npsSender.function);
      npsSender.function.addEnvironment('JWT_SECRET_ARN', data.jwtSecret.secretArn);
      if (process.env.SITE_URL_TEMPLATE)
        npsSender.function.addEnvironment('SITE_URL_TEMPLATE', process.env.SITE_URL_TEMPLATE);
    }
    const emailEvents = this.queues.send['email-events'];
    if (emailEvents) {
      this.emailEvents = new EmailEvents(this, 'EmailEvents', { queue: emailEvents });
      const sender = this.consumers.functions.get('email');
      if (sender) this.emailEvents.grantSend(sender);
      // The SMS and push providers' tokens (Zenvia, OneSignal) come from the function's environment (README, "Deploying");
      // their delivery reports come back through the `provider-events` queue (functions/README.md, "Communications").
    }

    // CMS files (functions/src/cms): the stream removes the files whose record went.
    if (data.cmsFilesBucket)
      grantCmsBucket(data.cmsFilesBucket, [], [this.streamProcessors.functions.get('cms-files')]);

    // Exports (functions/src/exports): the consumer writes the files.
    if (data.exportsBucket)
      grantExportsBucket(data.exportsBucket, [this.consumers.functions.get('exports')], []);

    new CfnOutput(this, 'ScheduleGroupName', { value: this.schedules.group.scheduleGroupName });
    new CfnOutput(this, 'SchedulerRoleArn', { value: this.schedules.role.roleArn });
  }
}
