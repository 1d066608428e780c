/**
 * Login latency through the real `auth` handler against DynamoDB Local:
 * `npx tsx test/bench/login.ts [logins]` (default 100 sequential logins after 5 warm-ups).
 * Prints p50/p95/p99 in ms, DynamoDB requests per login (successful and failed, including the
 * throttle's counters) and the Argon2id parameters. Target: p95 ≤ 300 ms.
 * A number to read, not a pass/fail test (numbers depend on the machine).
 */
import { availableParallelism, loadavg } from 'node:os';

const LOGINS = Number(process.argv[2] ?? 100);
const WARMUP = 5;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main(): Promise<void> {
  // Before the function modules load: they read their configuration at import time.
  const { startLocalTable, countDynamoRequests } = await import('../support/local-table');
  const dynamo = await startLocalTable('freguesia-bench');
  try {
    const [
      { createTestTenant, ADMIN_PASSWORD },
      { call },
      { handler },
      { PASSWORD_PARAMS, hashPassword, verifyPassword },
    ] = await Promise.all([
      import('../support/tenant'),
      import('../support/api'),
      import('@freguesia/functions/auth/handler'),
      import('@freguesia/functions/lib/auth/password'),
    ]);
    const t = await createTestTenant('bench');
    const requests = await countDynamoRequests();
    const once = async (i: number) => {
      const started = performance.now();
      // One address per login so the bench measures login, not the per-address limit.
      const res = await call(handler, {
        method: 'POST',
        path: '/api/web/login',
        tenant: t.tenant,
        body: { email: t.adminEmail, password: ADMIN_PASSWORD },
        sourceIp: `10.9.${Math.floor(i / 250)}.${i % 250}`,
      });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`login ${i} answered ${res.status}: ${res.text}`);
      return ms;
    };
    for (let i = 0; i < WARMUP; i++) await once(i);
    const samples: number[] = [];
    for (let i = 0; i < LOGINS; i++) samples.push(await once(WARMUP + i));
    samples.sort((a, b) => a - b);
    // DynamoDB requests of one successful and one failed login (throttle counters included).
    requests.reset();
    await once(WARMUP + LOGINS);
    const perSuccess = requests.count;
    requests.reset();
    const failed = await call(handler, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: t.adminEmail, password: 'senha-errada' },
      sourceIp: '10.250.0.1',
    });
    if (failed.status !== 401) throw new Error(`failed login answered ${failed.status}`);
    const perFailure = requests.count;
    // The Argon2id verification alone, to tell hashing from I/O in the totals above.
    const hash = await hashPassword(ADMIN_PASSWORD);
    const hashing: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await verifyPassword(ADMIN_PASSWORD, hash);
      hashing.push(performance.now() - started);
    }
    hashing.sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1);
    console.log(`login x${LOGINS} (sequential, real handler, DynamoDB Local)`);
    console.log(
      `  p50 ${fmt(percentile(samples, 50))} ms  p95 ${fmt(percentile(samples, 95))} ms  p99 ${fmt(percentile(samples, 99))} ms`,
    );
    console.log(`  min ${fmt(samples[0]!)} ms  max ${fmt(samples.at(-1)!)} ms`);
    console.log(`  DynamoDB requests: ${perSuccess} per successful login, ${perFailure} per failed login`);
    console.log(
      `  Argon2id verify alone: p50 ${fmt(percentile(hashing, 50))} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} CPUs`,
    );
    console.log(
      `  Argon2id m=${PASSWORD_PARAMS.memorySize} KiB (${(PASSWORD_PARAMS.memorySize / 1024).toFixed(0)} MiB), t=${PASSWORD_PARAMS.iterations}, p=${PASSWORD_PARAMS.parallelism}, hash ${PASSWORD_PARAMS.hashLength} bytes`,
    );
  } finally {
    await dynamo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
