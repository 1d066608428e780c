import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues as queueRegistry, type QueueDefinition } from '@freguesia/functions/queues';

/**
 * Queue names from the registry the local runtime also uses (functions/src/queues.ts): one per
 * delivery channel, so one slow provider cannot hold back the others, plus background jobs.
 */
export const channels = queueRegistry.map((q) => q.name);
export type Channel = string;

export interface QueuesProps {
  /** The queue registry (functions/src/queues.ts); the infra tests add the queues still to come. */
  readonly registry?: readonly QueueDefinition[];
  /**
   * Timeout of the consumer functions (default 30 s). The visibility timeout is six times that,
   * as AWS recommends for Lambda event sources, so retries do not overlap a running batch.
   */
  readonly consumerTimeout?: Duration;
}

/** A send queue per channel, each with its dead-letter queue after three failed receives. */
export class Queues extends Construct {
  /** Queue names, in registry order. */
  readonly names: readonly string[];
  readonly send: Record<Channel, Queue>;
  readonly deadLetter: Record<Channel, Queue>;

  constructor(scope: Construct, id: string, props: QueuesProps = {}) {
    super(scope, id);
    const consumerTimeout = props.consumerTimeout ?? Duration.seconds(30);
    const registry = props.registry ?? queueRegistry;
    this.names = registry.map((q) => q.name);

    const send: Partial<Record<Channel, Queue>> = {};
    const deadLetter: Partial<Record<Channel, Queue>> = {};
    for (const definition of registry) {
      const channel = definition.name;
      const dlq = new Queue(this, `${pascal(channel)}Dlq`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // The longest SQS allows: time to look at failures and redrive them.
        retentionPeriod: Duration.days(14),
      });
      deadLetter[channel] = dlq;
      send[channel] = new Queue(this, `${pascal(channel)}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // A queue with a consumer of its own (functions/src/queues.ts) follows that consumer's timeout.
        visibilityTimeout: Duration.seconds(
          Math.max(consumerTimeout.toSeconds(), definition.consumer ? definition.timeoutSeconds : 0) * 6,
        ),
        deadLetterQueue: { queue: dlq, maxReceiveCount: definition.maxReceiveCount },
      });
    }
    this.send = send as Record<Channel, Queue>;
    this.deadLetter = deadLetter as Record<Channel, Queue>;
  }

  /** All send queues (not the DLQs). */
  all(): Queue[] {
    return this.names.map((name) => this.send[name]!);
  }
}

function pascal(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
