/**
 * The local demo seed in memory (what `npm start -- --in-memory` and the e2e runtime do before
 * 'Freguesia pronta'): a fresh in-memory DynamoDB Local with the runtime's table (stream on),
 * every local tenant seeded as `npm start` seeds them (each step's time as the start-up log prints
 * it; with the table's stream off while it writes, when every processor allows), then the local
 * workers started as `npm start` starts them (the seeded processors skip the seed's records) and
 * the stream drained: the data is complete only when the stream processors have nothing left.
 * Prints the seed time, the time to skip the stream and the time until the stream is drained.
 * Target: the demo tenant seeded in ≤ 10 s. Also prints the CPU time DynamoDB Local (Java) and
 * the seed (Node) used, a figure that a busy machine distorts far less than wall time.
 *
 * Run: npx tsx test/bench/seed.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamoLocal } from '../../infra/local/dynamodb';

const dataDir = mkdtempSync(join(tmpdir(), 'freguesia-bench-seed-'));
const dynamo = await startDynamoLocal();
Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  TABLE_NAME: 'freguesia',
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: 'sa-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  JWT_SECRET: 'bench-seed-secret',
  FREGUESIA_RUNTIME: 'local',
  FREGUESIA_DATA_DIR: dataDir,
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  DEFAULT_TENANT: 'demo',
});
await ensureTable(dynamo.client, 'freguesia');

// Modules read the environment at load time: import them only now.
const { seedLocalTenants, SEEDED_PROCESSORS } = await import('../../infra/local/seed/index');
const { startLocalWorkers } = await import('../../infra/local/workers');

/** CPU milliseconds used so far by DynamoDB Local (Java) and by this process (the seed's Node side). */
const cpu = () => {
  const fields = readFileSync(`/proc/${dynamo.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const node = process.cpuUsage();
  return { java: (Number(fields[11]) + Number(fields[12])) * 10, node: (node.user + node.system) / 1000 };
};
const cpuSince = (from: { java: number; node: number }) => {
  const now = cpu();
  return `CPU DynamoDB Local ${((now.java - from.java) / 1000).toFixed(1)} s, Node ${((now.node - from.node) / 1000).toFixed(1)} s`;
};

const lines: string[] = [];
const c0 = cpu();
const t0 = performance.now();
await seedLocalTenants(
  (line) => {
    lines.push(line);
    console.log(line);
  },
  new Date(),
  dynamo.client,
);
const seeded = performance.now();
const seedCpu = cpuSince(c0);
const c1 = cpu();
const poller = await startLocalWorkers(() => undefined, { skipSeeded: SEEDED_PROCESSORS });
const skipped = performance.now();
// Started by startLocalWorkers; stop its timer and drain here, so the end is measured exactly.
await poller?.stop();
await poller?.drain();
const drained = performance.now();
const streamCpu = cpuSince(c1);

const demo = lines.find((l) => l.includes('ambiente demo pronto'));
console.log('');
console.log(
  `semente (todos os ambientes): ${((seeded - t0) / 1000).toFixed(1)} s (${seedCpu})${demo ? ` — ${demo.trim()}` : ''}`,
);
console.log(`fluxo pulado pelos processadores semeados: ${((skipped - seeded) / 1000).toFixed(1)} s`);
console.log(
  `fluxo drenado (dados completos): ${((drained - skipped) / 1000).toFixed(1)} s (pular + drenar: ${streamCpu})`,
);
console.log(
  `total até os dados completos: ${((drained - t0) / 1000).toFixed(1)} s (${cpuSince(c0)}; carga da máquina ${loadavg()[0]!.toFixed(1)})`,
);

await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
