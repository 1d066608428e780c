import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { keyAttributes, tableDefinition } from '@freguesia/functions/lib/ddb/table-definition';
import { synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

// The data stack has no functions: skip esbuild, this file is about the stateful resources.
let result: SynthResult;
let template: Template;
beforeAll(() => {
  result = synthFreguesia({ bundle: false });
  template = result.dataTemplate;
});
afterAll(() => result.cleanup());

describe('data stack: the single table', () => {
  it('is built from the shared table definition (keys, TTL, stream)', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('has exactly the GSIs of the definition, all with ALL projection', () => {
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    const indexes = (table?.Properties as { GlobalSecondaryIndexes: unknown[] }).GlobalSecondaryIndexes;
    expect(indexes).toEqual(
      tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('survives mistakes: on-demand, PITR, deletion protection, encryption, retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      }),
    });
  });
});

describe('data stack: buckets', () => {
  it('creates the web, CMS files, exports and access-log buckets, all private and retained', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(4);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
    }
  });

  it('refuses plain HTTP on every bucket', () => {
    const bucketIds = Object.keys(template.findResources('AWS::S3::Bucket'));
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    for (const id of bucketIds) {
      const policy = policies.find(
        (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }),
      );
      expect(policy, `bucket policy of ${id}`).toBeDefined();
      expect(policy?.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  it('logs access of the content buckets into the access-log bucket', () => {
    const [logBucketId] = logBucket(template);
    const logged = template.findResources('AWS::S3::Bucket', {
      Properties: { LoggingConfiguration: { DestinationBucketName: { Ref: logBucketId } } },
    });
    expect(Object.keys(logged)).toHaveLength(3);
  });

  it('lets only this account’s CloudFront distributions read the web bucket', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: {
              StringEquals: { 'AWS:SourceAccount': { Ref: 'AWS::AccountId' } },
              ArnLike: { 'AWS:SourceArn': Match.anyValue() },
            },
          }),
        ]),
      },
    });
  });
});

describe('data stack: CloudFront access logs (standard logging v2)', () => {
  it('lets only log delivery of this account write under cloudfront/ in the access-log bucket', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logBucket(template)[0] },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'delivery.logs.amazonaws.com' },
            Action: 's3:PutObject',
            Condition: Match.objectLike({
              StringEquals: {
                'aws:SourceAccount': { Ref: 'AWS::AccountId' },
                's3:x-amz-acl': 'bucket-owner-full-control',
              },
            }),
          }),
        ]),
      },
    });
  });
});

describe('data stack: JWT signing key', () => {
  it('is a generated secret, retained', () => {
    template.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) }),
    });
  });
});

/** The access-log bucket: the only one with ACLs enabled (CloudFront standard logs need them). */
function logBucket(t: Template): string[] {
  return Object.keys(
    t.findResources('AWS::S3::Bucket', {
      Properties: { OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] } },
    }),
  );
}
