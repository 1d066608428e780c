/**
 * Runs the benchmarks one after another, each in its own process (they start runtimes and
 * DynamoDB Local of their own), prints their output and a summary. A failing benchmark does not
 * stop the others. `web-route-sizes` needs a web build (npm run build:web).
 *   npx tsx test/bench/run-all.ts [name ...]     e.g. run-all.ts bundle-sizes cold-start
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../infra/lib/paths';

/** In the README's order: quick, self-contained ones first. */
export const benchmarks = [
  'bundle-sizes',
  'cold-start',
  'startup',
  'seed',
  'health',
  'web-route-sizes',
  'login',
  'customer-search',
  'product-search',
  'pos-ingestion',
  'erp-import',
  'dashboard',
  'nps-dashboard',
  'segmentation-recompute',
  'segmentation-preview',
  'segmentation-incremental',
  'promotion-engine',
  'checkout',
  'communications-send',
  'whatsapp-send',
  'whatsapp-webhook',
  'shortlink-redirect',
] as const;

function main(): void {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(benchmarks as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${benchmarks.join(', ')}.`);
    process.exitCode = 2;
    return;
  }
  const selected = asked.length > 0 ? asked : [...benchmarks];
  const summary: string[] = [];
  for (const name of selected) {
    console.log(`\n=== ${name} ===\n`);
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'test', 'bench', `${name}.ts`)],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    summary.push(
      `${name.padEnd(16)} ${run.status === 0 ? 'ok    ' : `FAILED (exit ${run.status ?? run.signal})`} ${seconds} s`,
    );
    if (run.status !== 0) process.exitCode = 1;
  }
  console.log(`\n=== summary ===\n${summary.join('\n')}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
