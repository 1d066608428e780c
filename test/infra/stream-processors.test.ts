import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { streamProcessors } from '@freguesia/functions/streams';
import { logicalIds, nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

// The real registries; the wiring only (no esbuild), as the cdk-nag test does.
let result: SynthResult;
let template: Template;
beforeAll(() => {
  result = synthFreguesia({
    bundle: false,
    stacks: { webDistDir: join(import.meta.dirname, 'no-web-build') },
  });
  template = result.asyncTemplate;
});
afterAll(() => result.cleanup());

const dashboard = streamProcessors.find((p) => p.name === 'dashboard-aggregates')!;

describe('app stack: stream processors', () => {
  it('feeds the dashboard aggregates function from the table stream, only purchases and customers', () => {
    const [fnId] = logicalIds(template, 'AWS::Lambda::Function', {
      Properties: { Description: 'Freguesia dashboard-aggregates' },
    });
    expect(fnId).toBeDefined();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia dashboard-aggregates',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: dashboard.timeoutSeconds,
      // No signing key: the processor serves no request.
      Environment: { Variables: Match.not(Match.objectLike({ JWT_SECRET_ARN: Match.anyValue() })) },
    });
    const mappings = template.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FunctionName: { Ref: fnId } },
    });
    expect(Object.keys(mappings)).toHaveLength(1);
    const mapping = Object.values(mappings)[0]!.Properties as Record<string, unknown>;
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: dashboard.batchSize,
      MaximumBatchingWindowInSeconds: dashboard.maxBatchingWindowSeconds,
      MaximumRetryAttempts: dashboard.retryAttempts,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
    });
    // The stream of the data stack's table (an import of its stream ARN).
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/StreamArn/);
    const patterns = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { dynamodb: { NewImage: { __edb_e__: { S: ['basket', 'customer'] } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { __edb_e__: { S: ['basket', 'customer'] } } } },
    ]);
  });

  it('lets the processor read the stream and keeps failed batches in an encrypted queue', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']),
            Effect: 'Allow',
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
      RedrivePolicy: Match.absent(),
    });
    expect(nagErrors(result.async).filter((line) => line.includes('StreamProcessors'))).toEqual([]);
  });
});
