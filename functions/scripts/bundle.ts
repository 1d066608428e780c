/**
 * Bundles every Lambda entry (the domain registry, plus the short-link redirect when it exists)
 * with the same esbuild settings and post-step as the CDK DomainFunction, into
 * functions/dist/<name>/index.mjs, and prints their sizes. `npm run build -w functions`.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type * as Esbuild from 'esbuild';
import { lambdaBundling } from '../../infra/lib/constructs/bundling-options';
import { domainEntry, repoRoot, shortLinkRedirectEntry } from '../../infra/lib/paths';
import { domains } from '../src/domains';
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

export interface LambdaEntry {
  readonly name: string;
  readonly entry: string;
}

export interface BundleResult extends LambdaEntry {
  readonly outfile: string;
  /** Minified index.mjs. */
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The source map next to it (not loaded unless a stack trace is printed). */
  readonly mapBytes: number;
}

export interface BundleOptions {
  readonly outDir?: string;
  /** Restrict to these names (default: all). */
  readonly only?: readonly string[];
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
  const entries: LambdaEntry[] = domains.map((domain) => ({
    name: domain.name,
    entry: domainEntry(domain.name),
  }));
  const redirect = shortLinkRedirectEntry();
  if (redirect) entries.push({ name: 'shortlinks-redirect', entry: redirect });
  // Stream processors (src/streams.ts) whose domain is deployed, as the app stack creates them.
  for (const processor of streamProcessors) {
    if (!domains.some((d) => d.name === processor.domain)) continue;
    entries.push({ name: processor.name, entry: join(repoRoot, 'functions', 'src', processor.domain, processor.entry) });
  }
  return entries;
}

/** Bundles the entries and returns their sizes. Writes index.mjs, its map and esbuild's metafile. */
export async function bundleLambdas(options: BundleOptions = {}): Promise<BundleResult[]> {
  const esbuild = loadEsbuild();
  const outDir = options.outDir ?? defaultOutDir;
  const entries = lambdaEntries().filter((e) => !options.only || options.only.includes(e.name));

  return Promise.all(
    entries.map(async ({ name, entry }) => {
      const dir = join(outDir, name);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const outfile = join(dir, lambdaBundling.outputFile);
      const result = await esbuild.build({
        ...esbuildOptions(entry, outfile),
        metafile: true,
        logLevel: 'warning',
      });
      // For https://esbuild.github.io/analyze/ when a bundle grows.
      writeFileSync(join(dir, 'meta.json'), JSON.stringify(result.metafile));
      // The CDK runs the same step (DomainFunction's afterBundling hook).
      if (lambdaBundling.appOnlySourceMap) trimSourceMapFile(`${outfile}.map`);
      const code = readFileSync(outfile);
      return {
        name,
        entry,
        outfile,
        bytes: code.length,
        gzipBytes: gzipSync(code, { level: 9 }).length,
        mapBytes: statSync(`${outfile}.map`).size,
      };
    }),
  );
}

/**
 * The esbuild options of a Lambda bundle, exactly as deployed (the CDK DomainFunction reads the
 * same `lambdaBundling`): the bundle script, the bundle tests and the benchmarks all build with it.
 */
export function esbuildOptions(entry: string, outfile: string): Esbuild.BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
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
  const header = ['function', 'bytes', 'KB', 'gzip bytes', 'gzip KB', 'map KB', ''];
  const rows = results.map((r) => [
    r.name,
    r.bytes.toLocaleString('en-US'),
    kb(r.bytes),
    r.gzipBytes.toLocaleString('en-US'),
    kb(r.gzipBytes),
    kb(r.mapBytes),
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
