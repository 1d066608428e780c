/**
 * Issue 25's target: GET /web/nps/dashboard at 1,000,000 answers ≤ 5 DynamoDB requests per call.
 *
 * The dashboard reads only what each answer leaves behind when it is written (functions/src/nps):
 * one counter item per day (s0 … s10) and, for answers with text, one observation row. So the
 * bench seeds exactly that for 1,000,000 answers spread over the last 180 days — 180 day counters
 * and OBSERVATIONS observation rows — instead of a million answer rows the dashboard never reads
 * (writing them would only measure DynamoDB Local's insert speed). A few real answers then go
 * through the real submit path (answer + counters in one transaction) to show both add up.
 * Prints DynamoDB requests per call and latency p50/p95, through the service and the Lambda handler.
 *
 * Run: npx tsx test/bench/nps-dashboard.ts   (ANSWERS=1000000, OBSERVATIONS=5000, ITERATIONS=100)
 */
import { countDynamoRequests, measureSearches, startLocalTable } from '../support/local-table';

const ANSWERS = Number(process.env.ANSWERS ?? 1_000_000);
const OBSERVATIONS = Number(process.env.OBSERVATIONS ?? 5_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 100);
const DAYS = 180;

const dynamo = await startLocalTable('freguesia-bench-nps');

const { NpsDailyEntity, NpsObservationEntity } = await import('@freguesia/functions/nps/nps.entities');
const { npsRepository } = await import('@freguesia/functions/nps/nps.repository');
const { npsDashboard } = await import('@freguesia/functions/nps/dashboard.service');
const { handler } = await import('@freguesia/functions/nps/handler');
const { batchWriteEntities } = await import('@freguesia/functions/lib/ddb/batch');
const { addDays, localDay } = await import('@freguesia/shared/domain/dates');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { call } = await import('../support/api');

const t = await createTestTenant('bnps');
const today = localDay(new Date());
const started = performance.now();

// 1,000,000 answers over 180 days: the day counters they leave (scores weighted towards 8–10).
const WEIGHTS = [2, 1, 1, 2, 2, 4, 6, 10, 18, 24, 30];
const weightSum = WEIGHTS.reduce((a, b) => a + b, 0);
const perDay = Math.floor(ANSWERS / DAYS);
const expected = Array.from({ length: 11 }, () => 0);
const days = Array.from({ length: DAYS }, (_, i) => {
  const n = i === 0 ? ANSWERS - perDay * (DAYS - 1) : perDay;
  const counts = WEIGHTS.map((w) => Math.floor((n * w) / weightSum));
  counts[10]! += n - counts.reduce((a, b) => a + b, 0);
  counts.forEach((c, s) => (expected[s]! += c));
  return {
    tenant: t.tenant,
    day: addDays(today, -i),
    ...Object.fromEntries(counts.map((c, s) => [`s${s}`, c])),
  };
});
await batchWriteEntities((items) => NpsDailyEntity.put(items).go({ concurrency: 4 }), days, {
  what: 'nps days',
});
const now = Date.now();
const observations = Array.from({ length: OBSERVATIONS }, (_, i) => ({
  tenant: t.tenant,
  answered_at: new Date(
    now - Math.floor((i / OBSERVATIONS) * (DAYS - 1) * 86_400_000) - 60_000,
  ).toISOString(),
  survey: 10_000_000 + i,
  customer: 1 + (i % 50_000),
  score: i % 11,
  observation: `Observação ${i}`,
  origin: 'EMAIL',
}));
await batchWriteEntities((items) => NpsObservationEntity.put(items).go({ concurrency: 4 }), observations, {
  what: 'nps observations',
});
// Real answers through the submit path's transaction.
const REAL = 20;
const repo = npsRepository(t.tenant);
for (let i = 0; i < REAL; i++) {
  const at = new Date().toISOString();
  await repo.openWindow(
    { customer: 1 + i, surveyed_at: at, survey: 1 + i, basket: 1 + i },
    { id: 1 + i, customer: 1 + i, store: 1, basket: 1 + i, created_at: at, sent: ['EMAIL'] },
    at,
  );
  await repo.saveAnswer({
    survey: 1 + i,
    customer: 1 + i,
    score: 10,
    observation: i % 2 ? 'Muito bom' : undefined,
    origin: 'EMAIL',
    answered_at: new Date().toISOString(),
    answered_date: today,
  } as never);
}
expected[10]! += REAL;
console.log(
  `seeded ${ANSWERS.toLocaleString('en-US')} answers as ${DAYS} day counters + ${OBSERVATIONS.toLocaleString('en-US')} observations, ` +
    `plus ${REAL} real answers, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const ctx = staffContext(t);
const check = await npsDashboard(ctx, DAYS);
const total = expected.reduce((a, b) => a + b, 0);
const ok = check.total === total && check.scores.every((s) => s.qty === expected[s.score]);
console.log(
  `figures: ${check.total.toLocaleString('en-US')} answers in the window (expected ${total.toLocaleString('en-US')}), ` +
    `NPS ${check.nps}, ${check.observations.length} observations listed — ${ok ? 'OK' : 'MISMATCH'}`,
);

const counter = await countDynamoRequests();
const windows = [30, 90, 180, 1];
const service = await measureSearches(
  counter,
  async (i) => {
    await npsDashboard(ctx, windows[i % windows.length]!);
    return 1;
  },
  ITERATIONS,
  5,
);
const route = await measureSearches(
  counter,
  async (i) => {
    const answer = await call(handler, {
      method: 'GET',
      path: '/api/web/nps/dashboard',
      query: { days: windows[i % windows.length] },
      tenant: t.tenant,
      token: t.adminToken,
    });
    if (answer.status !== 200) throw new Error(`GET /web/nps/dashboard ${answer.status}`);
    return 1;
  },
  ITERATIONS,
  5,
);
const row = (label: string, f: { requests: number; p50: number; p95: number }) =>
  `${label.padEnd(44)} ${f.requests.toFixed(1).padStart(6)} req   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms`;
console.log(
  `\nGET /web/nps/dashboard at ${ANSWERS.toLocaleString('en-US')} answers (${ITERATIONS} calls, days 1/30/90/180; target ≤ 5 DynamoDB requests):`,
);
console.log(row('service (npsDashboard)', service));
console.log(row('Lambda handler (with authentication)', route));

await dynamo.stop();
process.exit(ok ? 0 : 1);
