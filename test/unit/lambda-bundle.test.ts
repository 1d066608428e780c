/**
 * The Lambda bundles swap `zod` for a locale-free entry and `jsonschema` for a stand-in
 * (functions/scripts/lambda-zod, lambda-jsonschema). These tests hold that nothing a user or a
 * handler sees changes: same zod API surface, same pt-BR messages, same ElectroDB behaviour.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { Entity } from 'electrodb';
import * as leanZod from '../../functions/scripts/lambda-zod/index';
import { Validator as StandIn } from '../../functions/scripts/lambda-jsonschema/index';
import { esbuildOptions, loadEsbuild } from '../../functions/scripts/bundle';
import { trimSourceMap, type SourceMapV3 } from '../../functions/scripts/trim-source-map.mjs';
import { repoRoot } from '../../infra/lib/paths';
import { run } from './lambda-bundle.fixture';

/** What the Lambda entry leaves out on purpose (see functions/scripts/lambda-zod/index.ts). */
const DROPPED = [
  'core',
  'locales',
  'compile',
  'withParser',
  'INVALID',
  'ZodCompileAsyncError',
  'ZodCompileUnsupportedError',
  'toJSONSchema',
  'fromJSONSchema',
];

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lambda zod entry', () => {
  it('exposes every runtime member of zod except the dropped ones', () => {
    const expected = Object.keys(zod.z)
      .filter((k) => !DROPPED.includes(k))
      .sort();
    expect(Object.keys(leanZod.z).sort()).toEqual(expected);
    expect(DROPPED.every((k) => k in zod.z)).toBe(true);
  });

  it('shares the modules of the real package (one global config)', () => {
    expect(leanZod.z.ZodString).toBe(zod.z.ZodString);
    expect(leanZod.z.config).toBe(zod.z.config);
  });
});

describe('lambda jsonschema stand-in', () => {
  const model = {
    model: { entity: 'thing', version: '1', service: 'test' },
    attributes: { id: { type: 'string' } },
    indexes: { primary: { pk: { field: 'pk', composite: ['id'] } } },
  } as const;

  it('tells an ElectroDB instance from a model, as the real schema does', () => {
    const standIn = new StandIn();
    expect(standIn.validate(model).errors).toHaveLength(0);
    expect(standIn.validate(new Entity(model, { table: 't' })).errors.length).toBeGreaterThan(0);
  });
});

describe('a Lambda-style bundle', () => {
  it('gives the same zod messages and ElectroDB results as the source', { timeout: 60_000 }, async () => {
    const cache = join(repoRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'freguesia-bundle-test-'));
    scratch.push(dir);
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { run } from ${JSON.stringify(join(repoRoot, 'test/unit/lambda-bundle.fixture.ts'))};\n` +
        'process.stdout.write(JSON.stringify(run()));\n',
    );
    const outfile = join(dir, 'index.mjs');
    const result = await loadEsbuild().build({
      ...esbuildOptions(entry, outfile),
      metafile: true,
      logLevel: 'silent',
    });
    // Inputs that made it into the output (the metafile also lists modules shaken out).
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    expect(inputs.some((p) => p.includes('zod/v4/locales/de.js'))).toBe(false);
    expect(inputs.some((p) => p.includes('node_modules/jsonschema/'))).toBe(false);

    const child = spawnSync(process.execPath, [outfile], { encoding: 'utf8', cwd: repoRoot });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual(JSON.parse(JSON.stringify(run())));

    // The trimmed source map: our files map exactly as before, library code to the same file.
    const full = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')) as SourceMapV3;
    const trimmed = trimSourceMap(full, dir);
    expect(trimmed.mappings.length).toBeLessThan(full.mappings.length / 2);
    const [before, after] = [full, trimmed].map(
      (map) => new SourceMap(map as unknown as SourceMapPayload),
    ) as [SourceMap, SourceMap];
    const sourceOf = (entry: object) => (entry as { originalSource?: string }).originalSource;
    const lines = readFileSync(outfile, 'utf8').split('\n');
    let ours = 0;
    lines.forEach((text, line) => {
      for (let column = 0; column < text.length; column += 7) {
        const original = before.findEntry(line, column);
        const kept = after.findEntry(line, column);
        const source = sourceOf(original);
        if (source && !resolve(dir, source).includes('/node_modules/')) {
          ours++;
          expect(kept).toEqual(original);
        } else {
          expect(sourceOf(kept)).toBe(source);
        }
      }
    });
    expect(ours).toBeGreaterThan(0);
  });
});
