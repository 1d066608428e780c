import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nagErrors, synthFreguesia } from './support/synth';
import type { SynthResult } from './support/synth';

// The default configuration (real registry, no custom domain, no web build). The rules read the
// templates, not the code, so esbuild is skipped. Custom domain and web deployment: app-options.
let result: SynthResult;
beforeAll(() => {
  result = synthFreguesia({
    bundle: false,
    stacks: { webDistDir: join(import.meta.dirname, 'no-web-build') },
  });
});
afterAll(() => result.cleanup());

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unsuppressed error in the data stack', () => {
    expect(nagErrors(result.data)).toEqual([]);
  });

  it.each(['async', 'api', 'web'] as const)('leaves no unsuppressed error in the %s stack', (stack) => {
    expect(nagErrors(result[stack])).toEqual([]);
  });
});
