/**
 * Target: GET /api/health p99 ≤ 5 ms at 200 requests/s on loopback.
 * Run: npx tsx test/bench/health.ts
 */
import autocannon from 'autocannon';
import { startRuntime } from './runtime';

const runtime = await startRuntime();
try {
  const url = `http://127.0.0.1:${runtime.port}/api/health`;
  // Let start-up settle (DynamoDB Local flushes the freshly seeded data to disk), then warm
  // up: the first invocations load modules, like a Lambda cold start.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  await autocannon({ url, connections: 4, overallRate: 200, duration: 10 });
  const result = await autocannon({ url, connections: 4, overallRate: 200, duration: 15 });
  const { latency } = result;
  console.log(
    `health: ${result.requests.total} requests at ${result.requests.average.toFixed(0)} req/s, ` +
      `latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms, ` +
      `errors ${result.errors}, non-2xx ${result.non2xx} (target p99 ≤ 5 ms)`,
  );
} finally {
  await runtime.stop();
}
