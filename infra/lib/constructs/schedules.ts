import { Aws, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface SchedulesProps {
  /** Queues the schedules may deliver to. */
  readonly targets: IQueue[];
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
  }
}
