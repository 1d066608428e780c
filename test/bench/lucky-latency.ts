/**
 * Purchase → lucky numbers visible on the customer (issue 21 target: p95 ≤ 5 s on the local
 * runtime): a running 1-series lucky campaign; POS purchases stored through the ingestion service
 * one after another; the table's stream read by the local runtime's poller (LocalStreamPoller,
 * the runtime's 500 ms interval) into the real `loyalty-grants` processor; the customer's numbers
 * (GET /web/lucky-numbers/customer/{id}'s read) polled every 50 ms until the purchase's numbers
 * are there. Prints p50/p95/max. Run: npx tsx test/bench/lucky-latency.ts (PURCHASES=40).
 */
import { startLocalTable } from '../support/local-table';

const PURCHASES = Number(process.env.PURCHASES ?? 40);
const dynamo = await startLocalTable('freguesia-bench-lucky-latency', process.env.BENCH_DYNAMODB_ENDPOINT);

const { LocalStreamPoller } = await import('@freguesia/functions/lib/ports/local/stream-poller');
const { streamProcessors, wantsRecord } = await import('@freguesia/functions/streams');
const { handler: grants } = await import('@freguesia/functions/loyalty/grants.stream');
const { ingestBaskets } = await import('@freguesia/functions/customers/baskets.service');
const { BasketInput } = await import('@freguesia/functions/integration/baskets.schema');
const { createCustomer } = await import('@freguesia/functions/customers/customers.service');
const { createLoyaltyCampaign } = await import('@freguesia/functions/loyalty/lucky.service');
const { luckyRepository } = await import('@freguesia/functions/loyalty/lucky.repository');
const { LuckyCampaign } = await import('@freguesia/shared/schemas/lucky');
const { CustomerForm } = await import('@freguesia/shared/schemas/customer');
const { localDateTime, localDay } = await import('@freguesia/shared/domain/dates');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore, posBasket, randomCpf, staffCustomer } =
  await import('../integration/customers-fixtures');

const t = await createTestTenant('lat');
const ctx = staffContext(t);
const store = (await createStore(t.tenant, 'Loja Centro')).id;
await createLoyaltyCampaign(
  ctx,
  LuckyCampaign.parse({
    description: 'Sorte',
    type: 'L',
    start_at: localDay(),
    end_at: '',
    info: { value: 10, series_quantity: 1 },
  }),
);
const document = randomCpf();
const customerId = (await createCustomer(ctx, CustomerForm.parse(staffCustomer({ document })))).id;

const processor = streamProcessors.find((p) => p.name === 'loyalty-grants')!;
const poller = new LocalStreamPoller({
  endpoint: dynamo.endpoint,
  tableName: process.env.TABLE_NAME!,
  startAt: 'LATEST',
  processors: [
    {
      name: processor.name,
      accepts: (r) => wantsRecord(processor, r),
      handler: grants,
      batchSize: processor.batchSize,
      maxAttempts: 3,
    },
  ],
});
await poller.pollOnce();
poller.start();

const repo = luckyRepository(t.tenant);
const latencies: number[] = [];
let expected = 0;
for (let i = 0; i < PURCHASES; i++) {
  const basket = BasketInput.parse(
    posBasket(store, { document, date: localDateTime(Date.now() - 60_000), coupon: `L${i}-${Date.now()}` }),
  );
  const started = performance.now();
  const [result] = await ingestBaskets(staffContext(t, { actor: { kind: 'integration' } }), [
    { index: 0, basket },
  ]);
  if (!result?.id) throw new Error(`purchase ${i} not stored: ${JSON.stringify(result)}`);
  // The fixture's purchase is R$ 24.00: two numbers at R$ 10.00 each.
  expected += 2;
  for (;;) {
    if ((await repo.ofCustomer(customerId)).length >= expected) break;
    if (performance.now() - started > 60_000)
      throw new Error(`purchase ${i}: numbers not visible after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  latencies.push(performance.now() - started);
}
poller.stop();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
console.log(
  `Purchase → numbers visible on the customer, ${PURCHASES} purchases (${expected} numbers), local stream poller (500 ms):`,
);
console.log(`  p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`);
await dynamo.stop();
process.exit(0);
