import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { BucketProps } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Settings every bucket shares: private, TLS-only, versioned, kept when the stack goes. */
const secureDefaults = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  versioned: true,
  removalPolicy: RemovalPolicy.RETAIN,
} satisfies BucketProps;

/**
 * The product's buckets. They live in the stateful stack; the stateless stacks reach them by
 * attributes only, so nothing there can rewrite their policies (and no dependency cycle forms).
 */
export class DataBuckets extends Construct {
  /** Server access logs of the other buckets and CloudFront's standard logs. */
  readonly accessLogs: Bucket;
  /** The web app build, read by CloudFront through Origin Access Control. */
  readonly web: Bucket;
  /** Files uploaded through the CMS (images, documents shown on public pages). */
  readonly cmsFiles: Bucket;
  /** Generated exports (spreadsheets), downloaded through presigned URLs. */
  readonly exports: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...secureDefaults,
      // Legacy CloudFront logging wrote through ACLs (kept for log files written before v2); S3
      // server access logs use the bucket policy (feature flag serverAccessLogsUseBucketPolicy).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(365), noncurrentVersionExpiration: Duration.days(30) },
      ],
    });

    // CloudFront standard logging (v2, the web stack's CloudFrontAccessLogs) writes through log delivery.
    this.accessLogs.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontLogDelivery',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.accessLogs.arnForObjects('cloudfront/*')],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID, 's3:x-amz-acl': 'bucket-owner-full-control' },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:logs:us-east-1:${Aws.ACCOUNT_ID}:delivery-source:*`,
          },
        },
      }),
    );

    const logged = (prefix: string) => ({
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: `s3/${prefix}/`,
    });

    this.web = new Bucket(this, 'Web', {
      ...secureDefaults,
      ...logged('web'),
      // Old hashed assets stay for open tabs; old versions are only a rollback aid.
      lifecycleRules: [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) }],
    });
    // CloudFront reads through OAC. The distribution lives in the web stack, so its exact ARN
    // cannot be named here without a cross-stack cycle: allow distributions of this account only.
    this.web.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOacRead',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.web.arnForObjects('*')],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    this.cmsFiles = new Bucket(this, 'CmsFiles', {
      ...secureDefaults,
      ...logged('cms-files'),
      lifecycleRules: [
        // A removed file (its date passed, or deleted in /cms) must not linger as an old version;
        // and no file is kept past the longest retention (180 days), should its removal be missed.
        {
          id: 'expire-removed',
          noncurrentVersionExpiration: Duration.days(1),
          expiredObjectDeleteMarker: true,
        },
        { id: 'expire-past-retention', expiration: Duration.days(181) },
        // Large uploads wait under _uploads/ (never served) until completed; an abandoned one goes.
        { id: 'expire-staged-uploads', prefix: '_uploads/', expiration: Duration.days(1) },
      ],
      // The browser PUTs large files to a presigned link (its signature, size included, is the gate).
      cors: [
        { allowedMethods: [HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3600 },
      ],
    });
    // CloudFront serves `/files/*` from it through OAC (web stack), like the web bucket.
    this.cmsFiles.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOacRead',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.cmsFiles.arnForObjects('*')],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    this.exports = new Bucket(this, 'Exports', {
      ...secureDefaults,
      ...logged('exports'),
      // Exports are regenerated on demand; keeping personal data longer than needed is a
      // liability under the LGPD.
      lifecycleRules: [
        {
          id: 'expire-exports',
          expiration: Duration.days(30),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
    });
  }
}
