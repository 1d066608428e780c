import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { ENTITY_ATTRIBUTE, type StreamProcessorDefinition } from '@freguesia/functions/streams';
import { DomainFunction } from './domain-function';
import { pascal } from './naming';

export interface StreamProcessorsProps {
  /** The table whose stream (NEW_AND_OLD_IMAGES) feeds the processors. */
  readonly table: ITable;
  /** The registry (functions/src/streams.ts). */
  readonly processors: readonly StreamProcessorDefinition[];
  /** Folder holding `<domain>/<entry>`. */
  readonly sourceDir: string;
}

/**
 * One function per stream processor of the registry, fed by an event-source mapping on the
 * table's stream: only the records of the entities it lists (filter criteria on the new image,
 * or the old one for removals), partial batch failures, bisection of a failing batch and, after
 * the retries, the batch's coordinates in an encrypted failure queue (14 days) to replay it.
 * The local runtime reads the same registry with its stream poller.
 */
export class StreamProcessors extends Construct {
  readonly functions = new Map<string, DomainFunction>();
  readonly failures = new Map<string, Queue>();

  constructor(scope: Construct, id: string, props: StreamProcessorsProps) {
    super(scope, id);
    for (const processor of props.processors) {
      const entry = join(props.sourceDir, processor.domain, processor.entry);
      if (!existsSync(entry)) {
        throw new Error(`Stream processor "${processor.name}" is registered but ${entry} does not exist.`);
      }
      const name = pascal(processor.name);
      const fn = new DomainFunction(this, name, {
        name: processor.name,
        entry,
        table: props.table,
        memoryMb: processor.memoryMb,
        timeoutSeconds: processor.timeoutSeconds,
      });
      const failures = new Queue(this, `${name}Failures`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      NagSuppressions.addResourceSuppressions(failures, [
        {
          id: 'AwsSolutions-SQS3',
          reason: 'This queue is itself the failure destination of a stream event-source mapping.',
        },
      ]);
      const entities = FilterRule.or(...processor.entities);
      fn.function.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: processor.batchSize,
          maxBatchingWindow: Duration.seconds(processor.maxBatchingWindowSeconds),
          retryAttempts: processor.retryAttempts,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(failures),
          filters: [
            FilterCriteria.filter({ dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: entities } } } }),
            FilterCriteria.filter({
              eventName: FilterRule.isEqual('REMOVE'),
              dynamodb: { OldImage: { [ENTITY_ATTRIBUTE]: { S: entities } } },
            }),
          ],
        }),
      );
      NagSuppressions.addResourceSuppressions(
        fn.role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'The stream event source grants dynamodb:ListStreams, which AWS only authorizes on "*"; the stream reads themselves are granted on the table stream ARN.',
            appliesTo: ['Resource::*'],
          },
        ],
        true,
      );
      this.functions.set(processor.name, fn);
      this.failures.set(processor.name, failures);
    }
  }
}
