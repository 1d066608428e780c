import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { domains } from '@freguesia/functions/domains';
import { streamProcessors } from '@freguesia/functions/streams';
import { queues } from '@freguesia/functions/queues';
import { functionsSourceDir, shortLinkRedirectEntry } from '@freguesia/infra/lib/paths';
import { channels } from '@freguesia/infra/lib/constructs/queues';
import {
  ACCESS_LOG_FIELDS,
  FORBIDDEN_ACCESS_LOG_FIELDS,
} from '@freguesia/infra/lib/constructs/cloudfront-access-logs';
import {
  API_CONTENT_SECURITY_POLICY,
  CMS_FILES_CONTENT_SECURITY_POLICY,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
  webContentSecurityPolicy,
} from '@freguesia/infra/lib/security-headers';
import { findStateless, logicalIds, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

/** CloudFront managed policies (ids are fixed by AWS). */
const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHostHeader = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

// The real registry and handlers, bundled with the local esbuild; no web build, whatever the
// checkout holds, so the assertions do not depend on `npm run build:web`.
let result: SynthResult;
let api: Template;
let async: Template;
let web: Template;
// Bundling every function (domains, stream processors, queue consumers) takes minutes on a busy machine.
beforeAll(() => {
  result = synthFreguesia({ stacks: { webDistDir: join(import.meta.dirname, 'no-web-build') } });
  api = result.apiTemplate;
  async = result.asyncTemplate;
  web = result.webTemplate;
}, 600_000);
afterAll(() => result.cleanup());

/** Our functions in every stateless stack (not CDK helper functions), by their description. */
function domainFunctions(): Record<
  string,
  { Properties: Record<string, unknown>; Metadata?: Record<string, string> }
> {
  return findStateless(result, 'AWS::Lambda::Function', {
    Properties: { Description: Match.stringLikeRegexp('^Freguesia ') },
  }) as Record<string, { Properties: Record<string, unknown>; Metadata?: Record<string, string> }>;
}

interface Behaviour {
  PathPattern?: string;
  AllowedMethods?: string[];
  ResponseHeadersPolicyId?: unknown;
}

function distributionConfig(): { DefaultCacheBehavior: Behaviour; CacheBehaviors: Behaviour[] } {
  const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
  return distribution?.Properties.DistributionConfig as {
    DefaultCacheBehavior: Behaviour;
    CacheBehaviors: Behaviour[];
  };
}

function functionIdOf(name: string): string {
  const id = logicalIds(api, 'AWS::Lambda::Function', {
    Properties: { Description: `Freguesia ${name}` },
  })[0];
  if (!id) throw new Error(`no function for ${name}`);
  return id;
}

describe('app stack: domain functions', () => {
  it('creates one function per registered domain, stream processor and queue consumer (plus the redirect when it exists)', () => {
    const consumers = queues.filter(
      (q) =>
        q.consumer &&
        domains.some((d) => d.name === q.consumer) &&
        existsSync(join(functionsSourceDir, q.consumer, q.entry ?? 'consumer.ts')),
    );
    const expected =
      domains.length + streamProcessors.length + consumers.length + (shortLinkRedirectEntry() ? 1 : 0);
    expect(Object.keys(domainFunctions())).toHaveLength(expected);
  });

  it('runs every function on Node.js 22, ARM64, with its own log group and the app variables', () => {
    for (const domain of domains) {
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Freguesia ${domain.name}`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: domain.memoryMb ?? 512,
        Timeout: domain.timeoutSeconds ?? 10,
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: Match.anyValue() } },
        Environment: {
          Variables: {
            TABLE_NAME: Match.anyValue(),
            JWT_SECRET_ARN: Match.anyValue(),
            POWERTOOLS_SERVICE_NAME: domain.name,
            NODE_OPTIONS: '--enable-source-maps',
          },
        },
      });
    }
    for (const template of [api, async]) {
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
    }
  });

  it('bundles each function locally into a minified ESM index.mjs with the createRequire banner', () => {
    for (const [id, fn] of Object.entries(domainFunctions())) {
      // The code asset is staged in the assembly as asset.<hash>, the hash being the S3 key.
      const s3Key = (fn.Properties.Code as { S3Key: string }).S3Key;
      const file = join(result.assembly.directory, `asset.${s3Key.replace(/\.zip$/, '')}`, 'index.mjs');
      expect(existsSync(file), `bundle of ${id}`).toBe(true);
      const code = readFileSync(file, 'utf8');
      expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
      expect(existsSync(`${file}.map`)).toBe(true);
    }
  });

  it('gives each function only its log group, the table and the signing key', () => {
    const policies = findStateless(result, 'AWS::IAM::Policy');
    const statements = Object.values(policies).flatMap(
      (p) =>
        (
          p.Properties as {
            PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
          }
        ).PolicyDocument.Statement,
    );
    for (const statement of statements) {
      const actions = ([] as string[]).concat(statement.Action);
      expect(actions).not.toContain('*');
      expect(actions.every((a) => !a.endsWith(':*'))).toBe(true);
      // The one exception: a stream event source needs ListStreams, which IAM only grants on '*'.
      if (actions.length === 1 && actions[0] === 'dynamodb:ListStreams') continue;
      expect(statement.Resource).not.toBe('*');
    }
    // Execution roles carry no AWS managed policy (no AWSLambdaBasicExecutionRole); the one role
    // that does is aws-cdk-lib's deploy-time AwsCustomResource provider (CloudFront access logs).
    const roles = Object.entries(findStateless(result, 'AWS::IAM::Role'));
    const withManagedPolicies = roles.filter(
      ([, role]) => (role.Properties as { ManagedPolicyArns?: unknown }).ManagedPolicyArns,
    );
    expect(
      withManagedPolicies
        .map(([id]) => id)
        .filter((id) => !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')),
    ).toEqual([]);
    const secretActions = statements
      .flatMap((s) => ([] as string[]).concat(s.Action))
      .filter((a) => a.startsWith('secretsmanager:'));
    expect(new Set(secretActions)).toEqual(
      new Set(['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret']),
    );
  });
});

describe('app stack: HTTP API', () => {
  it('routes ANY {prefix} and ANY {prefix}/{proxy+} of every domain prefix to that domain', () => {
    const integrations = api.findResources('AWS::ApiGatewayV2::Integration');
    const routes = Object.values(api.findResources('AWS::ApiGatewayV2::Route'));
    for (const domain of domains) {
      const functionId = functionIdOf(domain.name);
      const integrationId = Object.keys(integrations).find((id) =>
        JSON.stringify(integrations[id]?.Properties.IntegrationUri).includes(`"${functionId}"`),
      );
      expect(integrationId, `integration of ${domain.name}`).toBeDefined();
      for (const prefix of domain.prefixes) {
        for (const routeKey of [`ANY ${prefix}`, `ANY ${prefix}/{proxy+}`]) {
          const route = routes.find((r) => r.Properties.RouteKey === routeKey);
          expect(route, routeKey).toBeDefined();
          expect(JSON.stringify(route?.Properties.Target)).toContain(`"${integrationId}"`);
        }
      }
    }
  });

  it('lets API Gateway invoke each domain function once, for the whole API (not one permission per route)', () => {
    const permissions = Object.values(api.findResources('AWS::Lambda::Permission'));
    const [apiId] = logicalIds(api, 'AWS::ApiGatewayV2::Api');
    for (const domain of domains) {
      const functionId = functionIdOf(domain.name);
      const own = permissions.filter((p) =>
        JSON.stringify(p.Properties.FunctionName).includes(`"${functionId}"`),
      );
      expect(own, domain.name).toHaveLength(1);
      expect(own[0]!.Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
      const sourceArn = JSON.stringify(own[0]!.Properties.SourceArn);
      expect(sourceArn).toContain(`{"Ref":"${apiId}"},"/*/*/*"`);
      expect(sourceArn).toContain(':execute-api:');
    }
  });

  it('logs every request of the default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('app stack: queues and scheduler', () => {
  it('has a send queue per channel, each with its DLQ after 3 receives, encrypted', () => {
    // Plus each stream processor's failure queue.
    async.resourceCountIs('AWS::SQS::Queue', channels.length * 2 + streamProcessors.length);
    async.allResourcesProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    const withDlq = async.findResources('AWS::SQS::Queue', {
      Properties: { RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 3 } },
    });
    expect(Object.keys(withDlq)).toHaveLength(channels.length);
  });

  it('refuses plain HTTP on every queue', () => {
    async.resourceCountIs('AWS::SQS::QueuePolicy', channels.length * 2 + streamProcessors.length);
    async.allResourcesProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('has a schedule group and a role only EventBridge Scheduler can assume, that may send to the queues', () => {
    async.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    // The recovery sweeps (issue 20 item 23): every 5 minutes onto the communications, the
    // segmentation and the customer-service bot queues, and the data migrations' sweep; the other
    // schedules are created at run time.
    async.resourceCountIs('AWS::Scheduler::Schedule', 4);
    async.allResourcesProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(5 minutes)' });
    const roleId = logicalIds(async, 'AWS::IAM::Role', {
      Properties: {
        AssumeRolePolicyDocument: {
          Statement: [
            Match.objectLike({
              Principal: { Service: 'scheduler.amazonaws.com' },
              Condition: Match.anyValue(),
            }),
          ],
        },
      },
    });
    expect(roleId).toHaveLength(1);
    async.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleId[0] }],
      PolicyDocument: {
        Statement: [
          Match.objectLike({ Action: Match.arrayWith(['sqs:SendMessage']), Resource: Match.anyValue() }),
        ],
      },
    });
  });
});

describe('app stack: CloudFront', () => {
  it('reads the web bucket (and the CMS files, under /files/*) through Origin Access Control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const files = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === '/files/*');
    expect(files, 'the /files/* behaviour').toBeDefined();
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: { 'Fn::GetAtt': [Match.anyValue(), 'Id'] } }),
        ]),
      }),
    });
  });

  it('keeps query strings (and cookies, referers) out of the access logs: standard logging v2 with chosen fields', () => {
    // Legacy logging always writes cs-uri-query: it is off.
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: Match.absent() }),
    });
    // The AwsCustomResource calls, as the JSON it sends to CloudWatch Logs in us-east-1.
    const calls = Object.values(web.findResources('Custom::AWS')).map((resource) => {
      const create = (resource.Properties as { Create: unknown }).Create;
      const text = typeof create === 'string' ? create : JSON.stringify(create).replace(/\\"/g, '"');
      return text;
    });
    const source = calls.find((c) => c.includes('"putDeliverySource"'));
    expect(source).toContain('"logType":"ACCESS_LOGS"');
    expect(source).toContain('"region":"us-east-1"');
    expect(source).toContain(':distribution/');
    expect(calls.find((c) => c.includes('"putDeliveryDestination"'))).toContain('/cloudfront');
    const delivery = calls.find((c) => c.includes('"createDelivery"'));
    const fields = JSON.parse(/"recordFields":(\[[^\]]*\])/.exec(delivery ?? '')?.[1] ?? '[]') as string[];
    expect(fields).toEqual([...ACCESS_LOG_FIELDS]);
    expect(fields).toEqual(
      expect.arrayContaining(['date', 'time', 'c-ip', 'cs-method', 'cs-uri-stem', 'sc-status']),
    );
    for (const forbidden of FORBIDDEN_ACCESS_LOG_FIELDS) expect(fields).not.toContain(forbidden);
  });

  it('sends /api/* and /link/* to the API uncached, with all viewer headers but Host, and x-forwarded-host set', () => {
    const forwardHostId = logicalIds(web, 'AWS::CloudFront::Function', {
      Properties: { FunctionCode: Match.stringLikeRegexp('x-forwarded-host') },
    })[0];
    const behaviours = distributionConfig().CacheBehaviors;
    for (const path of ['/api/*', '/link/*']) {
      const behaviour = behaviours.find((b) => b.PathPattern === path);
      expect(behaviour, path).toMatchObject({
        CachePolicyId: cachingDisabled,
        OriginRequestPolicyId: allViewerExceptHostHeader,
        ViewerProtocolPolicy: 'https-only',
        FunctionAssociations: [
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [forwardHostId, 'FunctionARN'] } },
        ],
      });
      expect(behaviour?.AllowedMethods).toEqual(
        expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      );
    }
  });

  it('serves index.html for SPA routes without rewriting the API’s 403/404 answers', () => {
    const spaRewriteId = logicalIds(web, 'AWS::CloudFront::Function', {
      Properties: { FunctionCode: Match.stringLikeRegexp('index.html') },
    })[0];
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [spaRewriteId, 'FunctionARN'] } },
          ],
        }),
        // Distribution-wide error pages would also replace API errors: the SPA fallback is the function.
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('adds security headers to every behaviour, with the same CSP on the web as the local server', () => {
    const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
      string,
      {
        Properties: {
          ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> };
        };
      }
    >;
    const headersOf = (ref: unknown) => {
      const id = (ref as { Ref?: string }).Ref;
      const policy = id ? policies[id] : undefined;
      expect(policy, `policy ${String(id)}`).toBeDefined();
      return policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    };
    // A policy naming the cms bucket (large uploads go straight to it) is a CloudFormation join:
    // read it as text with the bucket's address in place of its token.
    const BUCKET = 'https://<cms-bucket>';
    const text = (policy: unknown): string => {
      const join = (policy as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
      if (!join) return String(policy);
      return join[1]
        .map((part) => (typeof part === 'string' ? part : BUCKET.slice('https://'.length)))
        .join(join[0]);
    };
    const config = distributionConfig();
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      const headers = headersOf(behaviour.ResponseHeadersPolicyId);
      expect(headers.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
        IncludeSubdomains: true,
        Override: true,
      });
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: REFERRER_POLICY });
      expect(text(headers.ContentSecurityPolicy?.ContentSecurityPolicy)).toContain("frame-ancestors 'none'");
    }
    // The web app: the policy the local server sends (one definition for both), plus the cms bucket
    // the browser uploads large files to (locally that upload is same-origin).
    const webPolicy = headersOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId).ContentSecurityPolicy;
    expect(webPolicy?.Override).toBe(true);
    expect(text(webPolicy?.ContentSecurityPolicy)).toBe(
      webContentSecurityPolicy(process.env.VITE_MAP_TILE_URL, [BUCKET]),
    );
    // CMS files: nothing in them runs (issue 25), whatever the object says.
    const files = config.CacheBehaviors.find((b) => b.PathPattern === '/files/*');
    expect(headersOf(files!.ResponseHeadersPolicyId).ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: CMS_FILES_CONTENT_SECURITY_POLICY,
      Override: true,
    });
    // The API sets its own headers; CloudFront only fills in what an answer lacks.
    for (const behaviour of config.CacheBehaviors.filter((b) => b.PathPattern !== '/files/*')) {
      expect(headersOf(behaviour.ResponseHeadersPolicyId).ContentSecurityPolicy).toEqual({
        ContentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
        Override: false,
      });
      // The Lambdas answer 'no-referrer'; CloudFront must not replace it with the web policy.
      expect(headersOf(behaviour.ResponseHeadersPolicyId).ReferrerPolicy).toEqual({
        ReferrerPolicy: REFERRER_POLICY,
        Override: false,
      });
    }
    expect(headersOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId).ReferrerPolicy).toEqual({
      ReferrerPolicy: REFERRER_POLICY,
      Override: true,
    });
  });

  it('uses the CloudFront domain and deploys nothing without a custom domain and a web build', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: Match.absent() }),
    });
    web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});
