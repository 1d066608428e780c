import { Stack } from 'aws-cdk-lib';
import { CfnConfigurationSet, CfnConfigurationSetEventDestination } from 'aws-cdk-lib/aws-ses';
import { Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { DomainFunction } from './domain-function';

export interface EmailEventsProps {
  /** The `email-events` queue (functions/src/queues.ts) drained by src/communications/events.consumer.ts. */
  queue: IQueue;
}

/**
 * SES v2 for the communications: a configuration set whose sending, delivery, open, click, bounce,
 * complaint, reject and delay events go to the default EventBridge bus, and a rule that puts them on
 * the `email-events` queue (per-campaign counters and the suppression list). Senders get
 * `ses:SendEmail` and the set's name in `SES_CONFIGURATION_SET`. The sending identity (the tenant's
 * domain, DKIM) is verified by the operator (README, "Deploying").
 */
export class EmailEvents extends Construct {
  readonly configurationSetName: string;

  constructor(scope: Construct, id: string, props: EmailEventsProps) {
    super(scope, id);
    const set = new CfnConfigurationSet(this, 'ConfigurationSet', {
      reputationOptions: { reputationMetricsEnabled: true },
      sendingOptions: { sendingEnabled: true },
    });
    this.configurationSetName = set.ref;
    new CfnConfigurationSetEventDestination(this, 'ToEventBridge', {
      configurationSetName: set.ref,
      eventDestination: {
        enabled: true,
        matchingEventTypes: [
          'send',
          'delivery',
          'open',
          'click',
          'bounce',
          'complaint',
          'reject',
          'renderingFailure',
          'deliveryDelay',
        ],
        eventBridgeDestination: {
          eventBusArn: `arn:${Stack.of(this).partition}:events:${Stack.of(this).region}:${Stack.of(this).account}:event-bus/default`,
        },
      },
    });
    new Rule(this, 'ToQueue', {
      eventPattern: { source: ['aws.ses'] },
      targets: [new SqsQueue(props.queue)],
    });
  }

  /** Lets a function send e-mail through this configuration set, from the account's verified identities. */
  grantSend(fn: DomainFunction): void {
    const { partition, region, account } = Stack.of(this);
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          `arn:${partition}:ses:${region}:${account}:identity/*`,
          `arn:${partition}:ses:${region}:${account}:configuration-set/${this.configurationSetName}`,
        ],
      }),
    );
    fn.function.addEnvironment('SES_CONFIGURATION_SET', this.configurationSetName);
    NagSuppressions.addResourceSuppressions(
      fn.function.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Each tenant sends from its own SES identity (domain or address), verified by the operator after deployment; the grant is limited to this account and region and to SES sending.',
          appliesTo: [{ regex: '/^Resource::arn:.*:ses:.*:identity\\/\\*$/g' }],
        },
      ],
      true,
    );
  }
}
