import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addFreguesiaStacks, featureFlags } from '@freguesia/infra/lib/freguesia-stacks';
import type { FreguesiaStacks, StackOptions } from '@freguesia/infra/lib/freguesia-stacks';

export interface SynthOptions {
  readonly context?: Record<string, unknown>;
  readonly stacks?: StackOptions;
  /** Run esbuild for the functions (default true). Off for tests about wiring only. */
  readonly bundle?: boolean;
}

export interface SynthResult extends FreguesiaStacks {
  readonly assembly: CloudAssembly;
  readonly dataTemplate: Template;
  /** Queues, consumers, stream processors, scheduler, SES events. */
  readonly asyncTemplate: Template;
  /** The HTTP API and the domain functions. */
  readonly apiTemplate: Template;
  /** CloudFront and the web upload. */
  readonly webTemplate: Template;
  /** Removes the temporary cloud assembly. */
  readonly cleanup: () => void;
}

/**
 * Builds the app exactly as infra/bin/app.ts does (feature flags, cdk-nag aspect, every stack)
 * and synthesizes it once into a temporary directory.
 */
export function synthFreguesia(options: SynthOptions = {}): SynthResult {
  const outdir = mkdtempSync(join(tmpdir(), 'freguesia-cdk-'));
  const app = new App({
    outdir,
    context: {
      ...featureFlags,
      ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
      ...options.context,
    },
  });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  const stacks = addFreguesiaStacks(app, options.stacks);
  const assembly = app.synth();
  return {
    ...stacks,
    assembly,
    dataTemplate: Template.fromStack(stacks.data),
    asyncTemplate: Template.fromStack(stacks.async),
    apiTemplate: Template.fromStack(stacks.api),
    webTemplate: Template.fromStack(stacks.web),
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** cdk-nag findings left unsuppressed in the stacks, as "<path>: <message>" lines. */
export function nagErrors(...stacks: Stack[]): string[] {
  return stacks.flatMap((stack) =>
    Annotations.fromStack(stack)
      .findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))
      .map((message) => `${message.id}: ${String(message.entry.data).split('\n')[0]}`),
  );
}

/**
 * Resources of `type` matching `props` in any stateless stack (async, API, web), by logical id
 * (unique across them: the construct paths differ). A function and its role, policy, log group
 * and permission are always in the same stack, so their `Ref`s compare as in one template.
 */
export function findStateless(
  result: Pick<SynthResult, 'asyncTemplate' | 'apiTemplate' | 'webTemplate'>,
  type: string,
  props: Record<string, unknown> = {},
): Record<string, { Properties: Record<string, unknown> } & Record<string, unknown>> {
  return Object.assign(
    {},
    ...[result.asyncTemplate, result.apiTemplate, result.webTemplate].map((t) =>
      t.findResources(type, props),
    ),
  ) as Record<string, { Properties: Record<string, unknown> } & Record<string, unknown>>;
}

/** Logical ids of the resources of `type` matching `props`. */
export function logicalIds(template: Template, type: string, props: Record<string, unknown> = {}): string[] {
  return Object.keys(template.findResources(type, props));
}
