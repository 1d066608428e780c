import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
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
  readonly appTemplate: Template;
  /** Removes the temporary cloud assembly. */
  readonly cleanup: () => void;
}

/**
 * Builds the app exactly as infra/bin/app.ts does (feature flags, cdk-nag aspect, both stacks)
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
    appTemplate: Template.fromStack(stacks.app),
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** cdk-nag findings left unsuppressed, as "<path>: <message>" lines. */
export function nagErrors(stack: FreguesiaStacks['data'] | FreguesiaStacks['app']): string[] {
  return Annotations.fromStack(stack)
    .findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))
    .map((message) => `${message.id}: ${String(message.entry.data).split('\n')[0]}`);
}

/** Logical ids of the resources of `type` matching `props`. */
export function logicalIds(template: Template, type: string, props: Record<string, unknown> = {}): string[] {
  return Object.keys(template.findResources(type, props));
}
