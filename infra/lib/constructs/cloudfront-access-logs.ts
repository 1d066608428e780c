import { Aws, Names, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  PhysicalResourceIdReference,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';

/**
 * The fields of CloudFront standard logging (v2) we keep: every field of the legacy format except
 * the query string (`cs-uri-query`), the cookies and the referer (a page address, query included).
 * The portal once sent CPF and password as query parameters; whatever a client still puts in a URL
 * never reaches the logs.
 */
export const ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const;

/** Fields that must never be logged (asserted by the infra tests). */
export const FORBIDDEN_ACCESS_LOG_FIELDS = ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)'] as const;

/** Prefix of the v2 logs in the access-log bucket (its policy lets log delivery write there). */
export const ACCESS_LOG_PREFIX = 'cloudfront';

export interface CloudFrontAccessLogsProps {
  readonly distribution: IDistribution;
  readonly bucket: IBucket;
}

/**
 * CloudFront standard logging (v2) to S3 with a chosen field list. Legacy logging cannot leave the
 * query string out, so the distribution uses this instead. CloudWatch Logs only accepts CloudFront
 * delivery sources in us-east-1, while the stacks are region-agnostic: the three calls
 * (source, destination, delivery) are made there by custom resources.
 */
export class CloudFrontAccessLogs extends Construct {
  constructor(scope: Construct, id: string, props: CloudFrontAccessLogsProps) {
    super(scope, id);
    const name = `freguesia-${Names.uniqueResourceName(this, { maxLength: 40 }).toLowerCase()}`;
    const distributionArn = `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distribution.distributionId}`;
    const region = 'us-east-1';
    const deliveryArn = (kind: string) => `arn:${Aws.PARTITION}:logs:${region}:${Aws.ACCOUNT_ID}:${kind}:*`;
    const policy = AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({
        actions: [
          'logs:PutDeliverySource',
          'logs:DeleteDeliverySource',
          'logs:PutDeliveryDestination',
          'logs:DeleteDeliveryDestination',
          'logs:CreateDelivery',
          'logs:DeleteDelivery',
          'logs:GetDelivery',
          'logs:GetDeliverySource',
          'logs:GetDeliveryDestination',
        ],
        resources: [
          deliveryArn('delivery-source'),
          deliveryArn('delivery-destination'),
          deliveryArn('delivery'),
        ],
      }),
      new PolicyStatement({
        actions: ['cloudfront:AllowVendedLogDeliveryForResource'],
        resources: [distributionArn],
      }),
    ]);

    const source = new AwsCustomResource(this, 'Source', {
      onUpdate: {
        service: 'CloudWatchLogs',
        action: 'putDeliverySource',
        region,
        parameters: { name, resourceArn: distributionArn, logType: 'ACCESS_LOGS' },
        physicalResourceId: PhysicalResourceId.of(name),
      },
      onDelete: { service: 'CloudWatchLogs', action: 'deleteDeliverySource', region, parameters: { name } },
      policy,
      installLatestAwsSdk: false,
    });
    const destination = new AwsCustomResource(this, 'Destination', {
      onUpdate: {
        service: 'CloudWatchLogs',
        action: 'putDeliveryDestination',
        region,
        parameters: {
          name,
          outputFormat: 'w3c',
          deliveryDestinationConfiguration: {
            destinationResourceArn: `${props.bucket.bucketArn}/${ACCESS_LOG_PREFIX}`,
          },
        },
        physicalResourceId: PhysicalResourceId.of(`${name}-destination`),
      },
      onDelete: {
        service: 'CloudWatchLogs',
        action: 'deleteDeliveryDestination',
        region,
        parameters: { name },
      },
      policy,
      installLatestAwsSdk: false,
    });
    const delivery = new AwsCustomResource(this, 'Delivery', {
      onCreate: {
        service: 'CloudWatchLogs',
        action: 'createDelivery',
        region,
        parameters: {
          deliverySourceName: name,
          deliveryDestinationArn: destination.getResponseField('deliveryDestination.arn'),
          recordFields: [...ACCESS_LOG_FIELDS],
          s3DeliveryConfiguration: { suffixPath: '{DistributionId}/{yyyy}/{MM}/{dd}/{HH}' },
        },
        physicalResourceId: PhysicalResourceId.fromResponse('delivery.id'),
        outputPaths: ['delivery.id'],
      },
      onDelete: {
        service: 'CloudWatchLogs',
        action: 'deleteDelivery',
        region,
        parameters: { id: new PhysicalResourceIdReference() },
      },
      policy,
      installLatestAwsSdk: false,
    });
    delivery.node.addDependency(source, destination);

    const stack = Stack.of(this);
    NagSuppressions.addResourceSuppressions(
      [source, destination, delivery],
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'CloudWatch Logs delivery sources, destinations and deliveries are named at deploy time; the policy is limited to those resource types in this account.',
        },
      ],
      true,
    );
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) continue;
      NagSuppressions.addResourceSuppressions(
        child,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: 'aws-cdk-lib AwsCustomResource provider: AWSLambdaBasicExecutionRole for its own logs.',
            appliesTo: [
              'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
            ],
          },
          {
            id: 'AwsSolutions-L1',
            reason: 'aws-cdk-lib AwsCustomResource provider: its runtime is chosen by aws-cdk-lib.',
          },
        ],
        true,
      );
    }
  }
}
