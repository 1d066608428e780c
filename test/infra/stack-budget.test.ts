import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '@freguesia/functions/domains';
import { queues } from '@freguesia/functions/queues';
import { streamProcessors } from '@freguesia/functions/streams';
import { shortLinkRedirectEntry } from '@freguesia/infra/lib/paths';
import { APP_WIRING } from '@freguesia/infra/lib/stacks/app-stack';
import { futureDomains, futureQueues, futureStreamProcessors, withFuture } from './fixtures/future-domains';
import type { Registries } from './fixtures/future-domains';
import { BUDGET, figuresTable, resourcePolicies, stackFigures } from './support/stack-figures';
import type { StackFigures } from './support/stack-figures';
import { stubSources } from './support/stub-sources';
import type { StubSources } from './support/stub-sources';
import { nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

/**
 * The stacks' headroom (README, "Stack budget"): every stack within BUDGET today and with every
 * route, queue and stream processor the spec still calls for (fixtures/future-domains.ts).
 * Wiring only (no esbuild); a web build is present, as in a deployment.
 */
const today: Registries = { domains, queues, streamProcessors, wiring: APP_WIRING };
const future = withFuture(today);

let webDist: string;
let stubs: StubSources;
let now: SynthResult;
let full: SynthResult;
let nowFigures: StackFigures[];
let fullFigures: StackFigures[];

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'freguesia-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Freguesia</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  now = synthFreguesia({ bundle: false, stacks: { webDistDir: webDist } });
  stubs = stubSources(future);
  full = synthFreguesia({ bundle: false, stacks: { ...future, sourceDir: stubs.dir, webDistDir: webDist } });
  nowFigures = stackFigures(now.assembly);
  fullFigures = stackFigures(full.assembly);
  const oneStack = (figures: StackFigures[]) =>
    figures.filter((f) => !f.stack.endsWith('-Data')).reduce((sum, f) => sum + f.resources, 0);
  console.log(
    [
      figuresTable('Stack budget, today:', nowFigures),
      '',
      figuresTable(
        'Stack budget, with every route, queue and processor of the spec (test/infra/fixtures/future-domains.ts):',
        fullFigures,
      ),
      '',
      `The stateless stacks as one stack would hold ${oneStack(nowFigures)} resources today and ${oneStack(fullFigures)} with the spec (limit 500).`,
    ].join('\n'),
  );
}, 240_000);

afterAll(() => {
  now?.cleanup();
  full?.cleanup();
  stubs?.cleanup();
  rmSync(webDist, { recursive: true, force: true });
});

function expectWithinBudget(figures: readonly StackFigures[]): void {
  expect(figures.map((f) => f.stack).sort()).toEqual([
    'Freguesia-Api',
    'Freguesia-Async',
    'Freguesia-Data',
    'Freguesia-Web',
  ]);
  for (const f of figures) {
    expect(f.resources, `${f.stack}: resources`).toBeLessThanOrEqual(BUDGET.resources);
    expect(f.routes, `${f.stack}: API routes`).toBeLessThanOrEqual(BUDGET.routes);
    expect(
      f.largestPolicy.bytes,
      `${f.stack}: resource policy of ${f.largestPolicy.function}`,
    ).toBeLessThanOrEqual(BUDGET.resourcePolicyBytes);
    expect(
      f.largestRolePolicy.chars,
      `${f.stack}: inline policies of ${f.largestRolePolicy.role}`,
    ).toBeLessThanOrEqual(BUDGET.rolePolicyChars);
    expect(f.outputs, `${f.stack}: outputs`).toBeLessThanOrEqual(BUDGET.outputs);
    expect(f.parameters, `${f.stack}: parameters`).toBeLessThanOrEqual(BUDGET.parameters);
    expect(f.templateBytes, `${f.stack}: template size`).toBeLessThanOrEqual(BUDGET.templateBytes);
  }
}

/** Route keys of every stack. */
function routeKeys(result: SynthResult): string[] {
  return result.assembly.stacks.flatMap((artifact) =>
    Object.values(
      (
        artifact.template as {
          Resources: Record<string, { Type: string; Properties: { RouteKey?: string } }>;
        }
      ).Resources,
    )
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey!),
  );
}

/** Function descriptions ("Freguesia <name>") of every stack. */
function functionNames(result: SynthResult): string[] {
  return result.assembly.stacks.flatMap((artifact) =>
    Object.values(
      (
        artifact.template as {
          Resources: Record<string, { Type: string; Properties: { Description?: string } }>;
        }
      ).Resources,
    )
      .filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description?.startsWith('Freguesia '))
      .map((r) => r.Properties.Description!.slice('Freguesia '.length)),
  );
}

describe('stack budget today', () => {
  it('keeps every stack within the budget', () => {
    expectWithinBudget(nowFigures);
  });

  it('gives each API function one invoke permission, not one per route', () => {
    const policies = resourcePolicies(now.assembly);
    const api = nowFigures.find((f) => f.stack === 'Freguesia-Api')!;
    // One function per domain, plus the redirect when its file exists.
    const functions = domains.length + (shortLinkRedirectEntry() ? 1 : 0);
    expect(policies.size).toBe(functions);
    expect(api.permissions).toBe(functions);
    for (const [target, policy] of policies) expect(policy.statements, target).toBe(1);
    expect(api.routes).toBe(
      2 * (domains.reduce((sum, d) => sum + d.prefixes.length, 0) + functions - domains.length),
    );
  });
});

describe('stack budget with every route of the spec registered', () => {
  it('registers each future prefix, consumer and stream processor (the figures include them)', () => {
    const keys = routeKeys(full);
    for (const prefix of [...futureDomains.flatMap((d) => d.prefixes), '/link']) {
      expect(keys, prefix).toContain(`ANY ${prefix}`);
      expect(keys, prefix).toContain(`ANY ${prefix}/{proxy+}`);
    }
    // No route twice (a moved prefix left its old domain).
    expect(new Set(keys).size).toBe(keys.length);
    const names = functionNames(full);
    for (const name of [
      ...futureDomains.map((d) => d.name),
      'shortlinks-redirect',
      ...futureQueues.map((q) => `${q.name}-consumer`),
      ...futureStreamProcessors.map((p) => p.name),
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('keeps every stack within the budget', () => {
    expectWithinBudget(fullFigures);
  });

  it('keeps one invoke permission per API function', () => {
    for (const [target, policy] of resourcePolicies(full.assembly)) expect(policy.statements, target).toBe(1);
  });

  it('references go one way, Data ← Async ← Api ← Web (no cycle when a stack grows)', () => {
    const imports = (artifactName: string) => {
      const artifact = full.assembly.getStackByName(artifactName);
      const names = JSON.stringify(artifact.template).match(/"Fn::ImportValue":"[^"]+"/g) ?? [];
      return [...new Set(names.map((n) => n.slice('"Fn::ImportValue":"'.length).split(':')[0]))].sort();
    };
    expect(imports('Freguesia-Data')).toEqual([]);
    expect(imports('Freguesia-Async')).toEqual(['Freguesia-Data']);
    expect(imports('Freguesia-Api')).toEqual(['Freguesia-Async', 'Freguesia-Data']);
    expect(imports('Freguesia-Web')).toEqual(['Freguesia-Api', 'Freguesia-Data']);
  });

  it('stays cdk-nag clean', () => {
    expect(full.stacks.flatMap((stack) => nagErrors(stack))).toEqual([]);
  });
});
