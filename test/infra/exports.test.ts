import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { queues } from '@freguesia/functions/queues';
import { nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

let result: SynthResult;
beforeAll(() => {
  result = synthFreguesia({
    bundle: false,
    stacks: { webDistDir: join(import.meta.dirname, 'no-web-build') },
  });
});
afterAll(() => result.cleanup());

/** The actions the role of the function described `description` is allowed on S3 (consumers in Async, domains in Api). */
function s3Actions(description: string): string[] {
  const template = description.endsWith('-consumer') ? result.asyncTemplate : result.apiTemplate;
  const functions = template.findResources('AWS::Lambda::Function', {
    Properties: { Description: description },
  });
  const [fn] = Object.values(functions);
  const role = (fn!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
    (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role),
  );
  return policies
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
    .filter((a) => a.startsWith('s3:'));
}

describe('exports: queue, consumer, bucket grants', () => {
  it('drains the exports queue with its own consumer function, which alone may write export files', () => {
    const exports = queues.find((q) => q.name === 'exports')!;
    result.asyncTemplate.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia exports-consumer',
      Timeout: exports.timeoutSeconds,
      Environment: { Variables: Match.objectLike({ BUCKET_EXPORTS: Match.anyValue() }) },
    });
    expect(s3Actions('Freguesia exports-consumer')).toContain('s3:PutObject');
    expect(s3Actions('Freguesia exports-consumer')).toContain('s3:Abort*');
  });

  it('lets the exports API queue jobs and read the bucket (to sign download links) but not write it; no other function touches the bucket', () => {
    result.apiTemplate.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia exports',
      Environment: {
        Variables: Match.objectLike({
          BUCKET_EXPORTS: Match.anyValue(),
          QUEUE_URL_EXPORTS: Match.anyValue(),
        }),
      },
    });
    expect(s3Actions('Freguesia exports')).toContain('s3:GetObject*');
    expect(s3Actions('Freguesia exports')).not.toContain('s3:PutObject');
    for (const name of ['segmentation', 'campaigns'])
      expect(s3Actions(`Freguesia ${name}`), name).toEqual([]);
  });

  it('expires old export files in the data stack', () => {
    Template.fromStack(result.data).hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Id: 'expire-exports', ExpirationInDays: 30, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('passes cdk-nag', () => {
    expect(nagErrors(result.async, result.api, result.web)).toEqual([]);
  });
});
