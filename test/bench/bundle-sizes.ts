/**
 * Bundle sizes of every Lambda, built exactly as deployed (shared esbuild options), into a
 * temporary directory. Reports numbers and flags bundles over the 450 KB target and over 1 MB;
 * it does not fail on them.
 *   npx tsx test/bench/bundle-sizes.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bundleLambdas,
  formatSizeTable,
  loadEsbuild,
  sizeTargetBytes,
  sizeWarningBytes,
} from '../../functions/scripts/bundle';
import type { BundleResult } from '../../functions/scripts/bundle';

export interface BundleSizeReport {
  readonly results: BundleResult[];
  /** Names of the bundles over 1 MB (1,048,576 bytes). */
  readonly oversized: string[];
  /** Names of the bundles over the 450 KB target. */
  readonly overTarget: string[];
  readonly elapsedMs: number;
}

/** Bundles every Lambda into a scratch directory and returns the sizes. */
export async function measureBundleSizes(): Promise<BundleSizeReport> {
  const outDir = mkdtempSync(join(tmpdir(), 'freguesia-bundles-'));
  const started = performance.now();
  try {
    const results = await bundleLambdas({ outDir });
    return {
      results,
      oversized: results.filter((r) => r.bytes > sizeWarningBytes).map((r) => r.name),
      overTarget: results.filter((r) => r.bytes > sizeTargetBytes).map((r) => r.name),
      elapsedMs: Math.round(performance.now() - started),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const report = await measureBundleSizes();
  console.log(
    `Lambda bundle sizes (esbuild ${loadEsbuild().version}, minified ESM; ${report.elapsedMs} ms)\n`,
  );
  console.log(formatSizeTable(report.results));
  const total = report.results.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${report.results.length} bundles, ${(total / 1024).toFixed(1)} KB in total.`);
  if (report.oversized.length > 0) {
    console.log(
      `\n⚠ Over 1 MB (${sizeWarningBytes.toLocaleString('en-US')} bytes): ${report.oversized.join(', ')}. ` +
        'Cold starts grow with bundle size: look at functions/dist/<name>/meta.json ' +
        '(npm run build -w functions) in https://esbuild.github.io/analyze/.',
    );
  } else if (report.overTarget.length > 0) {
    console.log(
      `\nOver the 450 KB target: ${report.overTarget.join(', ')}. ` +
        'See what they carry in functions/dist/<name>/meta.json (npm run build -w functions).',
    );
  } else {
    console.log('All bundles within the 450 KB target.');
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
