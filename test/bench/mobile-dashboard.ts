/**
 * The mobile dashboard (issue 25 item 4): GET /web/dashboard/mobile over 90 days, DynamoDB requests
 * per call, at any number of app users. The dashboard reads only what each event leaves behind when
 * it is written (functions/src/mobile): the tenant's totals item and one counter item per day. So
 * the bench seeds those for CUSTOMERS app customers over 180 days (a day counter each day) instead
 * of millions of events the dashboard never reads, then posts real events through the events
 * service (a few customers) to show both add up, and prints the DynamoDB requests of a post (first
 * use of the day, a repeated use, a resend).
 *
 * Run: npx tsx test/bench/mobile-dashboard.ts   (CUSTOMERS=1000000, ITERATIONS=100)
 */
import { randomUUID } from 'node:crypto';
import { countDynamoRequests, measureSearches, startLocalTable } from '../support/local-table';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 1_000_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 100);
const DAYS = 180;

const dynamo = await startLocalTable('freguesia-bench-mobile');
const { MobileDailyEntity, MobileTotalsEntity } = await import('@freguesia/functions/mobile/entities');
const { mobileDashboard, recordAppEvents } = await import('@freguesia/functions/mobile/mobile.service');
const { handler } = await import('@freguesia/functions/mobile/handler');
const { batchWriteEntities } = await import('@freguesia/functions/lib/ddb/batch');
const { addDays, localDay } = await import('@freguesia/shared/domain/dates');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { call } = await import('../support/api');

const t = await createTestTenant('bmob');
const today = localDay(new Date());
const android = Math.round(CUSTOMERS * 0.64);
await MobileTotalsEntity.put({
  tenant: t.tenant,
  customers: CUSTOMERS,
  android,
  ios: CUSTOMERS - android,
  reachable: Math.round(CUSTOMERS * 0.41),
}).go();
const days = Array.from({ length: DAYS }, (_, i) => ({
  tenant: t.tenant,
  day: addDays(today, -i),
  android: Math.round(android * 0.12),
  ios: Math.round((CUSTOMERS - android) * 0.15),
  opens_android: Math.round(android * 0.3),
  opens_ios: Math.round((CUSTOMERS - android) * 0.35),
}));
await batchWriteEntities((items) => MobileDailyEntity.put(items).go({ concurrency: 4 }), days, {
  what: 'mobile days',
});

const counter = await countDynamoRequests();
const customerCtx = (id: number) => ({
  tenant: t.tenant,
  actor: { kind: 'customer' as const, customerId: id },
  now: () => new Date(),
});
const post = async (id: number, events: Parameters<typeof recordAppEvents>[1]['events']) => {
  counter.reset();
  const result = await recordAppEvents(customerCtx(id), { events });
  return { ...result, requests: counter.count };
};
const open = (platform: 'android' | 'ios' = 'android') => ({
  id: randomUUID(),
  type: 'open' as const,
  platform,
});
const first = await post(1, [open(), open()]);
const repeat = await post(1, [open()]);
const batch = Array.from({ length: 10 }, () => open());
await post(2, [open('ios')]);
const tenOpens = await post(2, batch);
const resend = await post(2, batch);
const withPush = await post(3, [
  open('ios'),
  { id: randomUUID(), type: 'push_registered', platform: 'ios', push_id: 'p-3' },
]);
console.log('POST /api/app/events, DynamoDB requests (incl. the rate limit and the segmentation facts):');
console.log(`  new app customer, 2 opens:         ${first.requests}`);
console.log(`  1 more open the same day:           ${repeat.requests}`);
console.log(`  10 opens in one post (seen today):  ${tenOpens.requests}`);
console.log(
  `  the same 10 resent (duplicates):    ${resend.requests} (accepted ${resend.accepted}, duplicates ${resend.duplicates})`,
);
console.log(`  new customer, open + push id:       ${withPush.requests}`);

const ctx = staffContext(t);
const check = await mobileDashboard(ctx, 90);
const ok =
  check.total_customers.qty === CUSTOMERS + 3 &&
  check.reachable_customers.qty === Math.round(CUSTOMERS * 0.41) + 1 &&
  check.perHour.series.length === 90 &&
  check.perHour.iosCustomers.at(-1) === days[0]!.ios + 2;
console.log(
  `figures: ${check.total_customers.qty.toLocaleString('en-US')} app customers, ${check.reachable_customers.qty.toLocaleString('en-US')} reachable, ` +
    `${check.perHour.series.length} days — ${ok ? 'OK' : 'MISMATCH'}`,
);

const windows = [90, 30, 180, 7];
const service = await measureSearches(
  counter,
  async (i) => (await mobileDashboard(ctx, windows[i % windows.length]!), 1),
  ITERATIONS,
  5,
);
const route90 = await measureSearches(
  counter,
  async () => {
    const answer = await call(handler, {
      method: 'GET',
      path: '/api/web/dashboard/mobile',
      query: { days: 90 },
      tenant: t.tenant,
      token: t.adminToken,
    });
    if (answer.status !== 200) throw new Error(`GET /web/dashboard/mobile ${answer.status}`);
    return 1;
  },
  ITERATIONS,
  5,
);
const row = (label: string, f: { requests: number; p50: number; p95: number }) =>
  `${label.padEnd(44)} ${f.requests.toFixed(1).padStart(6)} req   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms`;
console.log(
  `\nGET /web/dashboard/mobile at ${CUSTOMERS.toLocaleString('en-US')} app customers (${ITERATIONS} calls):`,
);
console.log(row('service, days 7/30/90/180', service));
console.log(row('Lambda handler, days=90 (with authentication)', route90));
await dynamo.stop();
