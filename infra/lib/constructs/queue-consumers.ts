import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Arn, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { queueUrlVariable, type QueueDefinition } from '@freguesia/functions/queues';
import { DomainFunction } from './domain-function';
import { pascal } from './naming';
import type { Queues } from './queues';
import type { Schedules } from './schedules';

export interface QueueConsumersProps {
  readonly table: ITable;
  /** The registry (functions/src/queues.ts). */
  readonly registry: readonly QueueDefinition[];
  readonly queues: Queues;
  readonly schedules: Schedules;
  /** Folder holding `<domain>/<entry>`. */
  readonly sourceDir: string;
  /** Domains deployed: a queue whose consumer domain is not one of them is left undrained. */
  readonly domains: readonly string[];
}

/**
 * One consumer function per queue of the registry that names a consumer (and whose entry file
 * exists), fed by an SQS event source with partial batch failures. A consumer may send to its own
 * queue (continuations, fan-out: a lead recompute's plan enqueues its segments) and manage the
 * EventBridge Scheduler schedules of the group (a tenant's daily segmentation pass).
 */
export class QueueConsumers extends Construct {
  readonly functions = new Map<string, DomainFunction>();

  constructor(scope: Construct, id: string, props: QueueConsumersProps) {
    super(scope, id);
    for (const definition of props.registry) {
      if (!definition.consumer || !props.domains.includes(definition.consumer)) continue;
      const entry = join(props.sourceDir, definition.consumer, definition.entry ?? 'consumer.ts');
      if (!existsSync(entry)) continue;
      const queue = props.queues.send[definition.name]!;
      const name = `${definition.name}-consumer`;
      const fn = new DomainFunction(this, pascal(name), {
        name,
        entry,
        table: props.table,
        memoryMb: 1024,
        timeoutSeconds: definition.timeoutSeconds,
      });
      fn.function.addEventSource(
        new SqsEventSource(queue, {
          batchSize: definition.batch?.size ?? 10,
          ...(definition.batch
            ? { maxBatchingWindow: Duration.seconds(definition.batch.windowSeconds) }
            : {}),
          reportBatchItemFailures: true,
          maxConcurrency: 32,
        }),
      );
      grantQueueSend(fn, [definition.name], props.queues);
      grantSchedules(fn, props.schedules);
      this.functions.set(definition.name, fn);
    }
  }
}

/** Lets a function send to some queues (`QUEUE_URL_<NAME>` and its `_ARN`, for schedule targets). */
export function grantQueueSend(fn: DomainFunction, names: readonly string[], queues: Queues): void {
  for (const name of names) {
    const queue = queues.send[name];
    if (!queue) continue;
    queue.grantSendMessages(fn.function);
    fn.function.addEnvironment(queueUrlVariable(name), queue.queueUrl);
    fn.function.addEnvironment(`${queueUrlVariable(name)}_ARN`, queue.queueArn);
  }
}

/** Lets a function create, replace and delete the schedules of the group, handing them the delivery role. */
export function grantSchedules(fn: DomainFunction, schedules: Schedules): void {
  const stack = Stack.of(fn);
  fn.function.addToRolePolicy(
    new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
      resources: [
        Arn.format(
          {
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${schedules.group.scheduleGroupName}/*`,
          },
          stack,
        ),
      ],
    }),
  );
  schedules.role.grantPassRole(fn.role);
  fn.function.addEnvironment('SCHEDULE_GROUP', schedules.group.scheduleGroupName);
  fn.function.addEnvironment('SCHEDULER_ROLE_ARN', schedules.role.roleArn);
  NagSuppressions.addResourceSuppressions(
    fn.role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "Schedules are created at run time (a lead's auto-refresh, a tenant's daily pass): the wildcard covers only the schedules of this stack's group.",
        appliesTo: [{ regex: '/^Resource::arn:.*:scheduler:.*:schedule\\/.*\\/\\*$/g' }],
      },
    ],
    true,
  );
}
