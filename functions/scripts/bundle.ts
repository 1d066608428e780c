/**
 * Bundles every Lambda entry the app stack deploys (the domains, the short-link redirect when it
 * exists, the stream processors and the queue consumers) with the same esbuild settings and
 * post-step as the CDK DomainFunction, into functions/dist/<name>/index.mjs (+ its map and
 * esbuild's metafile, meta.json), and prints their sizes. `npm run build -w functions`.
 *
 * One esbuild build with every entry point: the modules are parsed once and each entry is linked
 * into its own self-contained file, exactly as its single build would be (no code splitting).
 * test/unit/bundle-budget.test.ts holds the sizes and the heavy libraries of each entry.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type * as Esbuild from 'esbuild';
import { lambdaBundling } from '../../infra/lib/constructs/bundling-options';
import { domainEntry, repoRoot, shortLinkRedirectEntry } from '../../infra/lib/paths';
import { domains } from '../src/domains';
import { queues } from '../src/queues';
import { streamProcessors } from '../src/streams';
import { trimSourceMapFile } from './trim-source-map.mjs';

/** Lambda's limit is 50 MB zipped, but past 1 MB cold starts grow noticeably: flag it. */
export const sizeWarningBytes = 1_048_576;

/**
 * What a domain bundle should stay under (450 KB minified): the shared weight (ElectroDB, zod,
 * Powertools, jose) is ≈ 380 KB, so past this a domain carries something it should not.
 */
export const sizeTargetBytes = 450 * 1024;

export const defaultOutDir = join(repoRoot, 'functions', 'dist');

/** What a Lambda entry is deployed as (infra/lib/stacks/app-stack.ts and its constructs). */
export type LambdaKind = 'domain' | 'redirect' | 'stream' | 'consumer';

export interface LambdaEntry {
  /** The function's logical name, as the app stack names it (`email-consumer`, `dashboard-aggregates`). */
  readonly name: string;
  readonly entry: string;
  readonly kind: LambdaKind;
}

export interface BundleResult extends LambdaEntry {
  readonly outfile: string;
  /** Minified index.mjs. */
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The trimmed source map next to it (not loaded unless a stack trace is printed); written builds only. */
  readonly mapBytes?: number;
  /** Bytes each input file (repository-relative path) contributes to index.mjs; inputs shaken out entirely are left out. */
  readonly inputs: Readonly<Record<string, number>>;
}

export interface BundleOptions {
  readonly outDir?: string;
  /** Restrict to these names (default: all). */
  readonly only?: readonly string[];
  /** Write index.mjs, its trimmed map and meta.json (default); false keeps everything in memory. */
  readonly write?: boolean;
}

/**
 * The esbuild the CDK runs: NodejsFunction calls `npx --no-install esbuild` at the repository
 * root, so resolve it from there too (a workspace may hold an older nested copy).
 */
export function loadEsbuild(): typeof Esbuild {
  return createRequire(join(repoRoot, 'package.json'))('esbuild') as typeof Esbuild;
}

/** Every Lambda entry the app stack deploys, in the same order. */
export function lambdaEntries(): LambdaEntry[] {
  const src = join(repoRoot, 'functions', 'src');
  const deployed = (domain: string) => domains.some((d) => d.name === domain);
  const entries: LambdaEntry[] = domains.map((domain) => ({
    name: domain.name,
    entry: domainEntry(domain.name),
    kind: 'domain',
  }));
  const redirect = shortLinkRedirectEntry();
  if (redirect) entries.push({ name: 'shortlinks-redirect', entry: redirect, kind: 'redirect' });
  // Stream processors (src/streams.ts) whose domain is deployed, as the app stack creates them.
  for (const processor of streamProcessors) {
    if (!deployed(processor.domain)) continue;
    entries.push({
      name: processor.name,
      entry: join(src, processor.domain, processor.entry),
      kind: 'stream',
    });
  }
  // Queue consumers (src/queues.ts): one function per queue whose consumer domain is deployed and
  // whose entry exists, named `<queue>-consumer` (infra/lib/constructs/queue-consumers.ts).
  for (const queue of queues) {
    if (!queue.consumer || !deployed(queue.consumer)) continue;
    const entry = join(src, queue.consumer, queue.entry ?? 'consumer.ts');
    if (existsSync(entry)) entries.push({ name: `${queue.name}-consumer`, entry, kind: 'consumer' });
  }
  return entries;
}

/**
 * Bundles the entries (one esbuild build, each entry its own file) and returns their sizes and
 * what each contains. Written builds leave index.mjs, its trimmed map and esbuild's metafile of
 * that entry (meta.json) in `<outDir>/<name>/`.
 */
export async function bundleLambdas(options: BundleOptions = {}): Promise<BundleResult[]> {
  const esbuild = loadEsbuild();
  const outDir = options.outDir ?? defaultOutDir;
  const write = options.write ?? true;
  const entries = lambdaEntries().filter((e) => !options.only || options.only.includes(e.name));
  if (entries.length === 0) return [];

  if (write) {
    for (const { name } of entries) {
      rmSync(join(outDir, name), { recursive: true, force: true });
      mkdirSync(join(outDir, name), { recursive: true });
    }
  }
  const result = await esbuild.build({
    ...multiEntryOptions(entries, outDir),
    metafile: true,
    write,
    logLevel: 'warning',
  });
  const outputs = new Map((result.outputFiles ?? []).map((file) => [file.path, file.contents]));

  return entries.map((lambda): BundleResult => {
    const dir = join(outDir, lambda.name);
    const outfile = join(dir, lambdaBundling.outputFile);
    const key = relative(repoRoot, outfile).split('\\').join('/');
    const output = result.metafile.outputs[key];
    if (!output) throw new Error(`esbuild wrote no ${key} for ${lambda.name}`);
    const inputs: Record<string, number> = {};
    for (const [path, input] of Object.entries(output.inputs))
      if (input.bytesInOutput > 0) inputs[path] = input.bytesInOutput;
    let code: Uint8Array;
    let mapBytes: number | undefined;
    if (write) {
      // The entry's own metafile, for https://esbuild.github.io/analyze/ when a bundle grows.
      const own: Esbuild.Metafile = {
        inputs: Object.fromEntries(
          Object.entries(result.metafile.inputs).filter(([path]) => path in output.inputs),
        ),
        outputs: Object.fromEntries(
          Object.entries(result.metafile.outputs).filter(([path]) => path === key || path === `${key}.map`),
        ),
      };
      writeFileSync(join(dir, 'meta.json'), JSON.stringify(own));
      // The CDK runs the same step (DomainFunction's afterBundling hook).
      if (lambdaBundling.appOnlySourceMap) trimSourceMapFile(`${outfile}.map`);
      mapBytes = statSync(`${outfile}.map`).size;
      code = readFileSync(outfile);
    } else {
      code = outputs.get(outfile) ?? new Uint8Array();
    }
    return {
      ...lambda,
      outfile,
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      mapBytes,
      inputs,
    };
  });
}

/**
 * The esbuild options of a Lambda bundle, exactly as deployed (the CDK DomainFunction reads the
 * same `lambdaBundling`): the bundle script, the bundle tests and the benchmarks all build with it.
 */
export function esbuildOptions(entry: string, outfile: string): Esbuild.BuildOptions {
  return { ...deployedOptions(), entryPoints: [entry], outfile };
}

/**
 * The same options for several entries in one build: `<outDir>/<name>/index.mjs` each, every
 * one self-contained (esbuild links each entry point on its own when code splitting is off).
 */
export function multiEntryOptions(entries: readonly LambdaEntry[], outDir: string): Esbuild.BuildOptions {
  const extension = extname(lambdaBundling.outputFile);
  const base = lambdaBundling.outputFile.slice(0, -extension.length);
  return {
    ...deployedOptions(),
    entryPoints: Object.fromEntries(entries.map((e) => [`${e.name}/${base}`, e.entry])),
    outdir: outDir,
    outExtension: { '.js': extension },
  };
}

function deployedOptions(): Esbuild.BuildOptions {
  return {
    bundle: true,
    absWorkingDir: repoRoot,
    platform: lambdaBundling.platform,
    target: lambdaBundling.target,
    format: lambdaBundling.format,
    minify: lambdaBundling.minify,
    sourcemap: lambdaBundling.sourcemap,
    sourcesContent: lambdaBundling.sourcesContent,
    mainFields: [...lambdaBundling.mainFields],
    external: [...lambdaBundling.externalModules],
    charset: lambdaBundling.charset,
    banner: { js: lambdaBundling.banner },
    legalComments: lambdaBundling.legalComments,
    alias: { ...lambdaBundling.alias },
  };
}

/** A fixed-width text table: the first and last columns left-aligned, the others right-aligned. */
export function formatTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) =>
        i === 0 || i === row.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A fixed-width table: bytes and KB of the minified bundle, and gzip. */
export function formatSizeTable(results: readonly BundleResult[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const header = ['function', 'kind', 'bytes', 'KB', 'gzip bytes', 'gzip KB', 'map KB', ''];
  const rows = results.map((r) => [
    r.name,
    r.kind,
    r.bytes.toLocaleString('en-US'),
    kb(r.bytes),
    r.gzipBytes.toLocaleString('en-US'),
    kb(r.gzipBytes),
    r.mapBytes === undefined ? '—' : kb(r.mapBytes),
    r.bytes > sizeWarningBytes ? 'OVER 1 MB' : r.bytes > sizeTargetBytes ? 'over 450 KB target' : '',
  ]);
  return formatTable(header, rows);
}

async function main(): Promise<void> {
  const started = Date.now();
  const results = await bundleLambdas();
  const esbuild = loadEsbuild();
  console.log(
    `Lambda bundles (esbuild ${esbuild.version}, ${lambdaBundling.target} ${lambdaBundling.format}, minified) ` +
      `in ${relative(repoRoot, defaultOutDir)} — ${Date.now() - started} ms\n`,
  );
  console.log(formatSizeTable(results));
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
