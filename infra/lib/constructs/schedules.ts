import { Aws, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnSchedule, ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface SchedulesProps {
  /** Queues the schedules may deliver to. */
  readonly targets: IQueue[];
  /**
   * Fixed schedules of the stack: a message delivered to a queue every `minutes` (the recovery
   * sweeps, functions/src/lib/async/in-flight.ts).
   */
  readonly recurring?: readonly { id: string; queue: IQueue; message: unknown; minutes: number }[];
}

/**
 * The EventBridge Scheduler group for campaign sends (one-off and cron) and the role Scheduler
 * assumes to deliver to the send queues. The schedules themselves are created at run time by
 * the API, which will need scheduler:CreateSchedule on this group and iam:PassRole on this role.
 */
export class Schedules extends Construct {
  readonly group: ScheduleGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);

    this.group = new ScheduleGroup(this, 'Group', {
      // Stable within the stack, unique across stacks (stage) in one account.
      scheduleGroupName: `${Stack.of(this).stackName}-sends`.slice(0, 64),
    });

    this.role = new Role(this, 'Role', {
      description: 'Assumed by EventBridge Scheduler to deliver campaign sends to the SQS queues',
      // Confused-deputy guard: only schedules of this group, in this account.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:scheduler:${Aws.REGION}:${Aws.ACCOUNT_ID}:schedule/${this.group.scheduleGroupName}/*`,
          },
        },
      }),
    });
    for (const queue of props.targets) queue.grantSendMessages(this.role);
    for (const r of props.recurring ?? []) {
      new CfnSchedule(this, r.id, {
        groupName: this.group.scheduleGroupName,
        scheduleExpression: `rate(${r.minutes} minutes)`,
        flexibleTimeWindow: { mode: 'OFF' },
        target: { arn: r.queue.queueArn, roleArn: this.role.roleArn, input: JSON.stringify(r.message) },
      }).node.addDependency(this.group);
    }
  }
}
