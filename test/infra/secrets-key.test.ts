import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { domains } from '@freguesia/functions/domains';
import { SECRETS_KEY_READERS } from '@freguesia/infra/lib/stacks/app-stack';
import { SECRETS_KEY_CONSUMERS } from '@freguesia/infra/lib/stacks/async-stack';
import { findStateless, logicalIds, nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

/**
 * The data key that seals the integration tokens stored in the table (issue 9 item 7): kept in
 * the data stack, readable only by the functions that show or rotate the token and those that open
 * WhatsApp channel credentials.
 */
let result: SynthResult;
let keyId: string;
beforeAll(() => {
  // Wiring only: esbuild is skipped.
  result = synthFreguesia({ bundle: false });
  const ids = logicalIds(result.dataTemplate, 'AWS::SecretsManager::Secret', {
    Properties: { Description: Match.stringLikeRegexp('encrypts secrets stored in the table') },
  });
  expect(ids).toHaveLength(1);
  keyId = ids[0]!;
});
afterAll(() => result.cleanup());

type Fn = {
  Properties: { Description: string; Environment: { Variables: Record<string, unknown> }; Role: unknown };
};

function domainFunctions(): Fn[] {
  return Object.values(
    findStateless(result, 'AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Freguesia ') },
    }),
  ) as Fn[];
}

/** Logical id of a function's execution role. */
const roleOf = (fn: Fn) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

/** Roles whose policies allow reading the secrets key. */
function rolesReadingKey(): string[] {
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
          JSON.stringify(s.Resource).includes(keyId),
      ),
    )
    .flatMap((p) => p.Properties.Roles.map((r) => r.Ref));
}

describe('secrets-at-rest key', () => {
  it('is a generated secret in the data stack, retained with the table', () => {
    result.dataTemplate.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        Description: Match.stringLikeRegexp('integration tokens'),
        GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
      }),
    });
    expect(nagErrors(result.data)).toEqual([]);
  });

  // Who opens sealed secrets: the settings function (the integration token), the WhatsApp
  // function and sender, and customer service's API, bot timers and inbound processor (they send
  // through a channel: its credentials). Named here so that a new reader is a decision.
  const READERS = [
    'Freguesia customer-service',
    'Freguesia customer-service-bot-consumer',
    'Freguesia customer-service-inbound',
    'Freguesia settings',
    'Freguesia whatsapp',
    'Freguesia whatsapp-consumer',
  ];

  it('is named to its readers only (SECRETS_KEY_ARN): settings, WhatsApp and customer service', () => {
    expect(SECRETS_KEY_READERS).toEqual(['settings', 'whatsapp', 'customer-service']);
    expect(SECRETS_KEY_CONSUMERS).toEqual(['whatsapp', 'customer-service-bot']);
    const functions = domainFunctions();
    expect(functions.length).toBeGreaterThanOrEqual(domains.length);
    const named = functions
      .filter((fn) => fn.Properties.Environment.Variables.SECRETS_KEY_ARN !== undefined)
      .map((fn) => fn.Properties.Description)
      .sort();
    expect(named).toEqual(READERS);
    for (const fn of functions.filter((f) => READERS.includes(f.Properties.Description)))
      expect(JSON.stringify(fn.Properties.Environment.Variables.SECRETS_KEY_ARN)).toContain(keyId);
  });

  it('can be read by the roles of its readers and by no other', () => {
    const readers = domainFunctions().filter((fn) => READERS.includes(fn.Properties.Description));
    expect(readers).toHaveLength(READERS.length);
    expect(rolesReadingKey().sort()).toEqual(readers.map(roleOf).sort());
    // The grant names the one secret: no cdk-nag finding on the settings function's role.
    expect(nagErrors(result.api).filter((line) => line.includes('SettingsDomain'))).toEqual([]);
  });
});
