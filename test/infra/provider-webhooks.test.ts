import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { queues } from '@freguesia/functions/queues';
import { domains } from '@freguesia/functions/domains';
import { findStateless, logicalIds, nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

/**
 * The SMS and push providers' delivery reports (functions/README.md, "Communications"): the
 * public route, the `provider-events` queue with its DLQ and consumer, and the two webhook
 * secrets, kept in the data stack and readable by the communications function only.
 */
let result: SynthResult;
let secretIds: string[];
beforeAll(() => {
  // Wiring only: esbuild is skipped.
  result = synthFreguesia({ bundle: false });
  secretIds = logicalIds(result.dataTemplate, 'AWS::SecretsManager::Secret', {
    Properties: { Description: Match.stringLikeRegexp('delivery-report webhook') },
  });
});
afterAll(() => result.cleanup());

type Fn = {
  Properties: {
    Description: string;
    Environment: { Variables: Record<string, unknown> };
    Role: { 'Fn::GetAtt': [string, string] };
  };
};

function fnByDescription(description: string): [string, Fn] {
  const found = Object.entries(
    findStateless(result, 'AWS::Lambda::Function', { Properties: { Description: description } }),
  );
  expect(found, description).toHaveLength(1);
  return found[0] as unknown as [string, Fn];
}

/** Roles whose policies allow reading one of the webhook secrets. */
function rolesReadingWebhookSecrets(): string[] {
  const policies = Object.values(findStateless(result, 'AWS::IAM::Policy')) as unknown as {
    Properties: {
      Roles: { Ref: string }[];
      PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
    };
  }[];
  return policies
    .filter((p) =>
      p.Properties.PolicyDocument.Statement.some(
        (s) =>
          ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue') &&
          secretIds.some((id) => JSON.stringify(s.Resource).includes(id)),
      ),
    )
    .flatMap((p) => p.Properties.Roles.map((r) => r.Ref));
}

describe('provider webhooks: secrets', () => {
  it('are two generated secrets (Zenvia, OneSignal) in the data stack, retained, with their ARNs as outputs', () => {
    expect(secretIds).toHaveLength(2);
    for (const provider of ['Zenvia', 'OneSignal']) {
      result.dataTemplate.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          Description: Match.stringLikeRegexp(`${provider} .*delivery-report webhook`),
          GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
        }),
      });
    }
    // The operator reads the values through these outputs (README, "Communications").
    expect(
      Object.keys(
        result.dataTemplate.findOutputs('*', { Description: Match.stringLikeRegexp('x-webhook-token') }),
      ).sort(),
    ).toEqual(['OneSignalWebhookSecretArn', 'ZenviaWebhookSecretArn']);
    expect(nagErrors(result.data)).toEqual([]);
  });

  it('are named to, and readable by, the communications function only', () => {
    const [, communications] = fnByDescription('Freguesia communications');
    const variables = communications.Properties.Environment.Variables;
    expect(JSON.stringify(variables.ZENVIA_WEBHOOK_SECRET_ARN)).toContain(
      secretIds.find((id) => id.includes('Zenvia')),
    );
    expect(JSON.stringify(variables.ONESIGNAL_WEBHOOK_SECRET_ARN)).toContain(
      secretIds.find((id) => id.includes('OneSignal')),
    );
    expect(rolesReadingWebhookSecrets()).toEqual([communications.Properties.Role['Fn::GetAtt'][0]]);
    const others = Object.values(
      findStateless(result, 'AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^Freguesia ') },
      }),
    ) as unknown as Fn[];
    for (const fn of others.filter((f) => f.Properties.Description !== 'Freguesia communications')) {
      expect(
        fn.Properties.Environment.Variables.ZENVIA_WEBHOOK_SECRET_ARN,
        fn.Properties.Description,
      ).toBeUndefined();
    }
  });
});

describe('provider webhooks: route, queue and consumer', () => {
  it('routes /api/hooks/* to the communications function', () => {
    expect(domains.find((d) => d.name === 'communications')?.prefixes).toContain('/api/hooks');
    const [fnId] = fnByDescription('Freguesia communications');
    const integrations = result.apiTemplate.findResources('AWS::ApiGatewayV2::Integration');
    const integrationId = Object.keys(integrations).find((id) =>
      JSON.stringify(integrations[id]?.Properties.IntegrationUri).includes(`"${fnId}"`),
    );
    expect(integrationId).toBeDefined();
    const route = Object.values(result.apiTemplate.findResources('AWS::ApiGatewayV2::Route')).find(
      (r) => r.Properties.RouteKey === 'ANY /api/hooks/{proxy+}',
    );
    expect(JSON.stringify(route?.Properties.Target)).toContain(`"${integrationId}"`);
  });

  it('hands the reports to the provider-events queue, drained by its consumer with partial batch failures, then a DLQ', () => {
    const definition = queues.find((q) => q.name === 'provider-events');
    expect(definition).toMatchObject({ consumer: 'communications', entry: 'provider-events.consumer.ts' });
    const [, communications] = fnByDescription('Freguesia communications');
    expect(communications.Properties.Environment.Variables.QUEUE_URL_PROVIDER_EVENTS).toBeDefined();
    const [consumerId, consumer] = fnByDescription('Freguesia provider-events-consumer');
    // The consumer puts back a report whose send is still being completed: its own queue only.
    expect(consumer.Properties.Environment.Variables.QUEUE_URL_PROVIDER_EVENTS).toBeDefined();
    expect(consumer.Properties.Environment.Variables.ZENVIA_WEBHOOK_SECRET_ARN).toBeUndefined();
    const mappings = Object.values(
      result.asyncTemplate.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: consumerId } },
      }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const queueId = (mappings[0]!.Properties.EventSourceArn as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    const queue = result.asyncTemplate.findResources('AWS::SQS::Queue')[queueId]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: definition!.timeoutSeconds * 6,
      RedrivePolicy: { deadLetterTargetArn: expect.anything(), maxReceiveCount: definition!.maxReceiveCount },
    });
    expect(
      nagErrors(result.api, result.async).filter((line) => /CommunicationsDomain|ProviderEvents/.test(line)),
    ).toEqual([]);
  });

  it('names every function variable as Lambda accepts it (the queue of `provider-events` is QUEUE_URL_PROVIDER_EVENTS)', () => {
    const functions = Object.values(findStateless(result, 'AWS::Lambda::Function')) as unknown as {
      Properties: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    const names = functions.flatMap((fn) => Object.keys(fn.Properties.Environment?.Variables ?? {}));
    expect(names).toContain('QUEUE_URL_EMAIL_EVENTS');
    expect(names.filter((name) => !/^[a-zA-Z][a-zA-Z0-9_]+$/.test(name))).toEqual([]);
  });
});
