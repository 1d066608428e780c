/**
 * Target: from `npm start` to healthy ≤ 60 s after install on a 2-core machine.
 * Starts from an empty data directory, so the time includes DynamoDB Local, table
 * creation and the full deterministic seed. Run: npx tsx test/bench/startup.ts
 */
import { cpus } from 'node:os';
import { startRuntime } from './runtime';

const runtime = await startRuntime();
console.log(
  `startup: healthy after ${(runtime.healthyAfterMs / 1000).toFixed(1)} s (cores: ${cpus().length}, target ≤ 60 s)`,
);
await runtime.stop();
