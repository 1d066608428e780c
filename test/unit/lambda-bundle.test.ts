/**
 * The Lambda bundles swap `zod` for a locale-free entry, `jsonschema` for a stand-in and `postcss`
 * for its parser alone (functions/scripts/lambda-zod, lambda-jsonschema, lambda-postcss). These tests hold that nothing a user or a
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
import * as leanPostcss from '../../functions/scripts/lambda-postcss/index';
import * as sourceMapStandIn from '../../functions/scripts/lambda-source-map-js/index';
import dayjsStandIn from '../../functions/scripts/lambda-dayjs/index';
import postcss from 'postcss';
import { sanitizeEmailHtml } from '../../functions/src/lib/html';
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

describe('lambda postcss entry', () => {
  it('comes with stand-ins for source-map-js and dayjs that refuse any real use', () => {
    expect(() => new sourceMapStandIn.SourceMapConsumer()).toThrow(/not bundled/);
    expect(() => new sourceMapStandIn.SourceMapGenerator()).toThrow(/not bundled/);
    expect(() => dayjsStandIn()).toThrow(/not bundled/);
  });

  it("is postcss's own parse, the one function sanitize-html calls", () => {
    expect(leanPostcss.parse).toBe(postcss.parse);
    expect(leanPostcss.default).toBe(postcss.parse);
  });

  it('leaves the sanitised style attributes as the full package does', async () => {
    const html =
      '<p style="color: red; font-size: 12px !important">a</p><td style="width:10px;;bad">b</td>' +
      '<div style="}{">c</div><img src="https://x.test/a.png" style="border: 0">' +
      '<a href="javascript:alert(1)" style="color:blue/*# sourceMappingURL=data:application/json;base64,e30= */">d</a>' +
      '<span style="a:b;/*# sourceMappingURL=/etc/hostname */">e</span>';
    const entry = join(repoRoot, 'functions/src/lib/html.ts');
    const result = await loadEsbuild().build({
      ...esbuildOptions(entry, join(repoRoot, 'node_modules/.cache/lambda-postcss-check.mjs')),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    expect(inputs).toContain('node_modules/postcss/lib/parse.js');
    expect(inputs).not.toContain('node_modules/postcss/lib/processor.js');
    expect(inputs.filter((p) => /node_modules\/(source-map-js|dayjs)\//.test(p))).toEqual([]);
    const dir = mkdtempSync(join(repoRoot, 'node_modules', '.cache', 'freguesia-postcss-'));
    scratch.push(dir);
    const code = result.outputFiles!.find((f) => f.path.endsWith('.mjs'))!;
    writeFileSync(join(dir, 'html.mjs'), code.contents);
    writeFileSync(
      join(dir, 'run.mjs'),
      `import { sanitizeEmailHtml } from './html.mjs';\nprocess.stdout.write(sanitizeEmailHtml(${JSON.stringify(html)}));\n`,
    );
    const child = spawnSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8', cwd: repoRoot });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(sanitizeEmailHtml(html));
    expect(sanitizeEmailHtml(html)).toContain('style="color:red;font-size:12px !important"');
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
