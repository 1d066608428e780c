import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { DataBuckets } from '../constructs/buckets';
import { SingleTable } from '../constructs/single-table';

/**
 * The stateful stack: everything here holds data and is retained on delete. It changes rarely
 * and is deployed separately from the app stack, so a bad app deploy cannot touch the data.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly jwtSecret: Secret;
  readonly accessLogsBucket: Bucket;
  readonly webBucket: Bucket;
  readonly cmsFilesBucket: Bucket;
  readonly exportsBucket: Bucket;

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

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
    new CfnOutput(this, 'CmsFilesBucketName', { value: this.cmsFilesBucket.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exportsBucket.bucketName });
  }
}
