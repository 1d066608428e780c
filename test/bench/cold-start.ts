/**
 * Handler module initialisation (the code part of a Lambda cold start) of every Lambda entry the
 * app stack deploys: domains, the short-link redirect, stream processors and queue consumers.
 *
 * Builds every Lambda exactly as deployed (functions/scripts/bundle.ts), then imports each
 * index.mjs in a fresh Node process, several times, and compares the median with the median of
 * importing only `@aws-sdk/client-dynamodb` + `@aws-sdk/lib-dynamodb` — the part every function
 * pays anyway (the SDK is external to the bundles and provided by the runtime). The bundles are
 * written under node_modules/.cache so their `@aws-sdk/*` imports resolve the way they do on
 * Lambda. Children get dummy TABLE_NAME/region/credentials and Lambda's NODE_OPTIONS
 * (`--enable-source-maps`), so importing needs no AWS account or network.
 *   npx tsx test/bench/cold-start.ts [--runs 5] [function ...]   (e.g. checkout email-consumer)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleLambdas, formatTable, type BundleResult } from '../../functions/scripts/bundle';
import { repoRoot } from '../../infra/lib/paths';

/** What the runtime loads for any function using DynamoDB: the baseline of the ratio. */
export const sdkBaseline = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'] as const;

/** The target: a domain's module initialisation at most this many times the SDK baseline. */
export const targetRatio = 2;

/** One import in a fresh process: elapsed time, and the CPU time it used (steadier on a busy machine). */
export interface ImportSample {
  readonly ms: number;
  readonly cpuMs: number;
}

export interface ColdStartRow {
  readonly name: string;
  readonly kind: BundleResult['kind'];
  readonly bytes: number;
  /** Median milliseconds to import the bundle (SDK included) in a fresh process. */
  readonly medianMs: number;
  readonly medianCpuMs: number;
  readonly samples: readonly ImportSample[];
  /** medianMs / the baseline's; the target is ≤ targetRatio. */
  readonly ratio: number;
  readonly cpuRatio: number;
}

export interface ColdStartReport {
  readonly runs: number;
  readonly baseline: {
    readonly medianMs: number;
    readonly medianCpuMs: number;
    readonly samples: readonly ImportSample[];
  };
  readonly rows: readonly ColdStartRow[];
}

// Runs in the child: time from before the first import to after the last one resolved.
const childScript = `
const started = performance.now();
const cpu = process.cpuUsage();
for (const specifier of JSON.parse(process.env.COLD_START_IMPORTS)) await import(specifier);
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }));
`;

/** Environment of a deployed function, with dummies for what handlers read at module scope. */
function childEnv(name: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_OPTIONS: '--enable-source-maps',
    TABLE_NAME: 'cold-start-bench',
    POWERTOOLS_SERVICE_NAME: name,
    AWS_REGION: 'sa-east-1',
    AWS_ACCESS_KEY_ID: 'cold-start-bench',
    AWS_SECRET_ACCESS_KEY: 'cold-start-bench',
    JWT_SECRET_ARN: 'arn:aws:secretsmanager:sa-east-1:000000000000:secret:cold-start-bench',
    // The SDK warns on Node < 22 (this machine may run 20; Lambda runs 22).
    AWS_SDK_JS_SUPPRESS_NODE_VERSION_WARNING: '1',
    NODE_NO_WARNINGS: '1',
  };
}

/** Imports `specifiers` in a fresh Node process (cwd: repository root) and returns the time taken. */
export function importOnce(name: string, specifiers: readonly string[]): ImportSample {
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', childScript], {
    cwd: repoRoot,
    env: { ...childEnv(name), COLD_START_IMPORTS: JSON.stringify(specifiers) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.status !== 0) {
    throw new Error(`importing ${name} failed (exit ${child.status}):\n${child.stderr}`);
  }
  return JSON.parse(child.stdout) as ImportSample;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Bundles the functions (all, or `only`) and measures their import time. Runs are interleaved
 * (baseline, every domain, again) so background load on the machine spreads over all of them.
 */
export async function measureColdStarts(
  options: { runs?: number; only?: readonly string[] } = {},
): Promise<ColdStartReport> {
  const runs = options.runs ?? 5;
  const cacheDir = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, 'freguesia-cold-start-'));
  try {
    const bundles: BundleResult[] = await bundleLambdas({ outDir, only: options.only });
    const samples = new Map<string, ImportSample[]>([
      ['baseline', []],
      ...bundles.map((b) => [b.name, []] as [string, ImportSample[]]),
    ]);
    for (let run = 0; run < runs; run++) {
      samples.get('baseline')?.push(importOnce('baseline', sdkBaseline));
      for (const bundle of bundles) {
        samples.get(bundle.name)?.push(importOnce(bundle.name, [pathToFileURL(bundle.outfile).href]));
      }
    }
    const baselineSamples = samples.get('baseline') ?? [];
    const baseline = {
      medianMs: median(baselineSamples.map((s) => s.ms)),
      medianCpuMs: median(baselineSamples.map((s) => s.cpuMs)),
      samples: baselineSamples,
    };
    const rows = bundles.map((bundle): ColdStartRow => {
      const taken = samples.get(bundle.name) ?? [];
      const medianMs = median(taken.map((s) => s.ms));
      const medianCpuMs = median(taken.map((s) => s.cpuMs));
      return {
        name: bundle.name,
        kind: bundle.kind,
        bytes: bundle.bytes,
        medianMs,
        medianCpuMs,
        samples: taken,
        ratio: medianMs / baseline.medianMs,
        cpuRatio: medianCpuMs / baseline.medianCpuMs,
      };
    });
    return { runs, baseline, rows };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A fixed-width table: bundle KB, median import time and CPU time, and their ratios to the SDK baseline. */
export function formatColdStartTable(report: ColdStartReport): string {
  const header = ['function', 'kind', 'bundle KB', 'median ms', '× SDK', 'CPU ms', 'CPU × SDK', ''];
  const { baseline } = report;
  const rows = [
    [
      'SDK baseline',
      '',
      '—',
      baseline.medianMs.toFixed(0),
      '1.00',
      baseline.medianCpuMs.toFixed(0),
      '1.00',
      'client-dynamodb + lib-dynamodb',
    ],
    ...report.rows.map((r) => [
      r.name,
      r.kind,
      (r.bytes / 1024).toFixed(1),
      r.medianMs.toFixed(0),
      r.ratio.toFixed(2),
      r.medianCpuMs.toFixed(0),
      r.cpuRatio.toFixed(2),
      r.ratio > targetRatio ? `OVER ${targetRatio}×` : '',
    ]),
  ];
  return formatTable(header, rows);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const only = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
  const started = performance.now();
  const report = await measureColdStarts({ runs, only: only.length > 0 ? only : undefined });
  console.log(
    `Handler module initialisation: median of ${report.runs} imports in fresh Node ${process.version} processes ` +
      `(${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  console.log(formatColdStartTable(report));
  const worst = report.rows.reduce<ColdStartRow | undefined>(
    (w, r) => (!w || r.ratio > w.ratio ? r : w),
    undefined,
  );
  if (worst) {
    console.log(
      `\nSlowest: ${worst.name}, ${worst.ratio.toFixed(2)}× the SDK baseline (target ≤ ${targetRatio}×). ` +
        'Elapsed times swing with the load of a shared machine; the CPU columns are steadier. ' +
        'Compare ratios, and re-run before concluding.',
    );
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
