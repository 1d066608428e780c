import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { queues } from '@freguesia/functions/queues';
import { logicalIds, nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

// The real registries; the wiring only (no esbuild), as the cdk-nag test does.
let result: SynthResult;
let template: Template;
let api: Template;
beforeAll(() => {
  result = synthFreguesia({
    bundle: false,
    stacks: { webDistDir: join(import.meta.dirname, 'no-web-build') },
  });
  template = result.asyncTemplate;
  api = result.apiTemplate;
});
afterAll(() => result.cleanup());

const segmentation = queues.find((q) => q.name === 'segmentation')!;

describe('app stack: queue consumers (population engine)', () => {
  it('drains the segmentation queue with its consumer, partial batch failures, visibility six times its timeout', () => {
    const [fnId] = logicalIds(template, 'AWS::Lambda::Function', {
      Properties: { Description: 'Freguesia segmentation-consumer' },
    });
    expect(fnId).toBeDefined();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia segmentation-consumer',
      Timeout: segmentation.timeoutSeconds,
      Environment: {
        Variables: Match.objectLike({
          QUEUE_URL_SEGMENTATION: Match.anyValue(),
          QUEUE_URL_SEGMENTATION_ARN: Match.anyValue(),
          SCHEDULE_GROUP: Match.anyValue(),
          SCHEDULER_ROLE_ARN: Match.anyValue(),
        }),
      },
    });
    const mappings = Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: fnId } },
      }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 32 },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: segmentation.timeoutSeconds * 6,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 3 }),
    });
  });

  it('lets the segmentation API enqueue recomputes and manage lead schedules of the group only', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia segmentation',
      Environment: {
        Variables: Match.objectLike({
          QUEUE_URL_SEGMENTATION: Match.anyValue(),
          SCHEDULE_GROUP: Match.anyValue(),
        }),
      },
    });
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule'],
            Resource: Match.objectLike({
              'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp(':schedule/')])]),
            }),
          }),
        ]),
      },
    });
    expect(
      nagErrors(result.async, result.api).filter(
        (line) => line.includes('QueueConsumers') || line.includes('SegmentationDomain'),
      ),
    ).toEqual([]);
  });

  it('feeds the profiles processor with customers and purchases from the table stream', () => {
    const [fnId] = logicalIds(template, 'AWS::Lambda::Function', {
      Properties: { Description: 'Freguesia segmentation-profiles' },
    });
    const mapping = Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: fnId } },
      }),
    )[0]!;
    const patterns = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern),
    );
    expect(patterns[0]).toEqual({ dynamodb: { NewImage: { __edb_e__: { S: ['customer', 'basket'] } } } });
  });
});
