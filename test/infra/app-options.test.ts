import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { readConfig } from '@freguesia/infra/lib/config';
import { logicalIds, nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

// Everything optional switched on: stage, custom domain, a web build, two domains and the
// short-link redirect (fixtures). Wiring only, so esbuild is skipped.
let result: SynthResult;
let template: Template;
let api: Template;
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'freguesia-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Freguesia</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  result = synthFreguesia({
    bundle: false,
    context: { stage: 'dev', domainName: 'freguesia.com.br', certificateArn },
    stacks: {
      sourceDir: join(import.meta.dirname, 'fixtures', 'src'),
      webDistDir: webDist,
      domains: [
        { name: 'alpha', prefixes: ['/api/alpha', '/api/web/alpha'], memoryMb: 1024, timeoutSeconds: 20 },
        { name: 'beta', prefixes: ['/api/beta'] },
      ],
    },
  });
  template = result.webTemplate;
  api = result.apiTemplate;
});
afterAll(() => {
  result.cleanup();
  rmSync(webDist, { recursive: true, force: true });
});

describe('stage', () => {
  it('prefixes the stack names so stages can share an account', () => {
    expect(result.data.stackName).toBe('Freguesia-dev-Data');
    expect(result.stacks.map((stack) => stack.stackName)).toEqual([
      'Freguesia-dev-Data',
      'Freguesia-dev-Async',
      'Freguesia-dev-Api',
      'Freguesia-dev-Web',
    ]);
  });
});

describe('custom wildcard domain', () => {
  it('serves *.domain with the given certificate, TLS 1.2 or later', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['*.freguesia.com.br'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });
});

describe('domains from the registry', () => {
  it('creates one function per domain with its memory and timeout, and routes each prefix', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia alpha',
      MemorySize: 1024,
      Timeout: 20,
    });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia beta',
      MemorySize: 512,
    });
    for (const prefix of ['/api/alpha', '/api/web/alpha', '/api/beta']) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `ANY ${prefix}` });
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `ANY ${prefix}/{proxy+}` });
    }
  });

  it('wires the short-link redirect on /link when its file exists, without the signing key', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'ANY /link' });
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'ANY /link/{proxy+}' });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Freguesia shortlinks-redirect',
      Environment: { Variables: Match.objectLike({ JWT_SECRET_ARN: Match.absent() }) },
    });
    const [redirectId] = logicalIds(api, 'AWS::Lambda::Function', {
      Properties: { Description: 'Freguesia shortlinks-redirect' },
    });
    const redirect = api.findResources('AWS::Lambda::Function')[redirectId ?? ''];
    const roleId = (redirect?.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const [policy] = Object.values(
      api.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
    );
    expect(JSON.stringify(policy)).not.toContain('secretsmanager:');
  });
});

describe('web deployment', () => {
  it('uploads hashed assets (immutable, kept) before the pages (revalidated) and invalidates /*', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResource('Custom::CDKBucketDeployment', {
      Properties: Match.objectLike({
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      }),
      DependsOn: Match.anyValue(),
    });
  });
});

describe('cdk-nag with every option on', () => {
  it('leaves no unsuppressed error', () => {
    expect(nagErrors(...result.stacks)).toEqual([]);
  });
});

describe('context validation', () => {
  const config = (context: Record<string, unknown>) => () => readConfig(new App({ context }).node);

  it('accepts no context at all', () => {
    expect(config({})()).toEqual({ domainName: undefined, certificateArn: undefined, stage: undefined });
  });

  it('refuses a domain without a certificate, and the reverse', () => {
    expect(config({ domainName: 'freguesia.com.br' })).toThrow(/go together/);
    expect(config({ certificateArn })).toThrow(/go together/);
  });

  it('refuses a wildcard or URL as domainName', () => {
    expect(config({ domainName: '*.freguesia.com.br', certificateArn })).toThrow(/bare domain/);
    expect(config({ domainName: 'https://freguesia.com.br', certificateArn })).toThrow(/bare domain/);
  });

  it('refuses a certificate outside us-east-1 (CloudFront cannot use it)', () => {
    const saoPaulo = certificateArn.replace('us-east-1', 'sa-east-1');
    expect(config({ domainName: 'freguesia.com.br', certificateArn: saoPaulo })).toThrow(/us-east-1/);
  });
});
