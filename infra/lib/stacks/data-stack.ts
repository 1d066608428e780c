import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { DataBuckets } from '../constructs/buckets';
import { ProviderWebhookSecrets, type WebhookProvider } from '../constructs/provider-webhooks';
import { SingleTable } from '../constructs/single-table';

/**
 * The stateful stack: everything here holds data and is retained on delete. It changes rarely
 * and is deployed separately from the stateless stacks, so a bad app deploy cannot touch the data.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly jwtSecret: Secret;
  /** Data key of the secrets stored encrypted in the table (the integration tokens). */
  readonly secretsKey: Secret;
  readonly accessLogsBucket: Bucket;
  readonly webBucket: Bucket;
  readonly cmsFilesBucket: Bucket;
  readonly exportsBucket: Bucket;
  /** Shared secrets of the SMS and push providers' delivery-report webhooks. */
  readonly webhookSecrets: Readonly<Record<WebhookProvider, Secret>>;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new SingleTable(this, 'SingleTable').table;

    const buckets = new DataBuckets(this, 'Buckets');
    this.accessLogsBucket = buckets.accessLogs;
    this.webBucket = buckets.web;
    this.cmsFilesBucket = buckets.cmsFiles;
    this.exportsBucket = buckets.exports;

    this.jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: 'Freguesia: HMAC key that signs session tokens (JWT)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(this.jwtSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the signing key invalidates every open session at once; it is rotated by the ' +
          'operator on demand (or on suspicion of leak), not on a schedule, until the API accepts ' +
          'a previous key during a grace period.',
      },
    ]);

    // Here, not in a stateless stack: the table holds values sealed with it, so it must outlive
    // any app deploy (recreating it would make every stored integration token unreadable).
    this.secretsKey = new Secret(this, 'SecretsAtRestKey', {
      description: 'Freguesia: data key that encrypts secrets stored in the table (integration tokens)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(this.secretsKey, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Values sealed with this key name it by fingerprint; a new key makes them unreadable until ' +
          're-issued (the integration token is rotated by staff in Ajustes › Integração), so the key ' +
          'is replaced by the operator on demand, not on a schedule.',
      },
    ]);

    // Configured at the providers as well: kept with the data, like the signing key.
    this.webhookSecrets = new ProviderWebhookSecrets(this, 'ProviderWebhooks').secrets;

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
    new CfnOutput(this, 'CmsFilesBucketName', { value: this.cmsFilesBucket.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exportsBucket.bucketName });
  }
}
