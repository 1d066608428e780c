/**
 * Lucky numbers at scale (issue 21 targets): one 1-series campaign filled to 100 % (100,000
 * numbers) through the real issuance path (`grantPurchases`, as the `loyalty-grants` stream
 * processor calls it), with the DynamoDB requests counted per number at each fill level, then
 * every issued number read back (0 duplicates expected), the hash chain verified and one more
 * purchase past exhaustion (it records what it could not receive).
 *
 * - Bulk: purchases of R$ 1,000 (1,000 numbers each, 25 per transaction), CONCURRENCY issuers at
 *   once on the same campaign; requests per number by decile of fill.
 * - Probes: at 0 %, 25 %, 50 %, 75 %, 90 % and 99 % fill, PROBES purchases of one number each,
 *   one after another (the worst case: every number pays the grant's own reads and writes).
 *
 * Table without its stream (as the other large benches). Run: npx tsx test/bench/lucky-numbers.ts
 * (CAPACITY=100000, CONCURRENCY=4, PROBES=30, BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local).
 */
import { startLocalTable } from '../support/local-table';

const CAPACITY = Number(process.env.CAPACITY ?? 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const PROBES = Number(process.env.PROBES ?? 30);
const PER_PURCHASE = 1_000;

const dynamo = await startLocalTable('freguesia-bench-lucky', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

const { dynamoClient } = await import('@freguesia/functions/lib/ddb/client');
const { grantPurchases } = await import('@freguesia/functions/loyalty/grants.service');
const { createLoyaltyCampaign, verifyLuckyChain } =
  await import('@freguesia/functions/loyalty/lucky.service');
const { luckyRepository } = await import('@freguesia/functions/loyalty/lucky.repository');
const { LuckyCampaign } = await import('@freguesia/shared/schemas/lucky');
const { localDay } = await import('@freguesia/shared/domain/dates');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore } = await import('../integration/customers-fixtures');

const requests = new Map<string, number>();
let total = 0;
dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    total++;
    const name = String(context.commandName ?? 'unknown');
    requests.set(name, (requests.get(name) ?? 0) + 1);
    return next(args);
  },
  { step: 'initialize', name: 'benchRequestCounter' },
);

const t = await createTestTenant('blk');
const ctx = staffContext(t);
const store = (await createStore(t.tenant, 'Loja Bench')).id;
const today = localDay();
const { id } = await createLoyaltyCampaign(
  ctx,
  LuckyCampaign.parse({
    description: 'Bench',
    type: 'L',
    start_at: today,
    end_at: '',
    info: { value: 1, series_quantity: 1 },
  }),
);
const repo = luckyRepository(t.tenant);
if (CAPACITY !== 100_000) await repo.resizePool(id, CAPACITY);

let basket = 0;
const purchase = (reais: number) => ({
  tenant: t.tenant,
  id: ++basket,
  store,
  checkout: '01',
  coupon: String(basket),
  customerId: 1 + (basket % 500),
  amountCentavos: reais * 100,
  itens: 1,
  at: `${today}T12:00:00`,
  day: today,
  origin: 'PDV',
});
const issued = async () => (await repo.pool(id))!.issued;

const probeAt = [0, 0.25, 0.5, 0.75, 0.9, 0.99];
const probes: { fill: number; perNumber: number; ms: number }[] = [];
async function probe(fill: number) {
  const before = total;
  const started = performance.now();
  for (let i = 0; i < PROBES; i++) await grantPurchases(ctx, [purchase(1)]);
  probes.push({ fill, perNumber: (total - before) / PROBES, ms: (performance.now() - started) / PROBES });
}

const deciles = Array.from({ length: 10 }, () => ({ requests: 0, numbers: 0 }));
const started = performance.now();
let fill = 0;
for (const target of [...probeAt, 1]) {
  if (target > 0) {
    // Bulk up to the next probe's fill, CONCURRENCY issuers at once.
    const goal = Math.floor(target * CAPACITY) - (target < 1 ? PROBES : 0);
    while ((fill = await issued()) < goal) {
      const batch = Math.max(1, Math.min(CONCURRENCY, Math.ceil((goal - fill) / PER_PURCHASE)));
      const before = total;
      const size = Math.min(PER_PURCHASE, Math.ceil((goal - fill) / batch));
      await Promise.all(Array.from({ length: batch }, () => grantPurchases(ctx, [purchase(size)])));
      const after = await issued();
      const d = deciles[Math.min(9, Math.floor((fill / CAPACITY) * 10))]!;
      d.requests += total - before;
      d.numbers += after - fill;
      process.stdout.write(`\r  filled ${after.toLocaleString('en')} / ${CAPACITY.toLocaleString('en')}   `);
    }
  }
  if (target < 1) await probe(target);
}
const fillSeconds = (performance.now() - started) / 1000;
fill = await issued();

// Read every number back: 0 duplicates, nothing outside the space.
const seen = new Uint8Array(CAPACITY);
let duplicates = 0;
let outside = 0;
let count = 0;
let cursor: string | null = null;
do {
  const page: Awaited<ReturnType<typeof repo.bySeq>> = await repo.bySeq(id, cursor, 1000);
  for (const n of page.rows) {
    count++;
    if (n.value < 0 || n.value >= CAPACITY) outside++;
    else if (seen[n.value]) duplicates++;
    else seen[n.value] = 1;
  }
  cursor = page.cursor;
} while (cursor);
const auditStarted = performance.now();
const audit = await verifyLuckyChain(ctx, id);
const auditSeconds = (performance.now() - auditStarted) / 1000;
const late = purchase(3);
await grantPurchases(ctx, [late]);
const lateGrant = await repo.grant(id, late.id);

console.log('\n\nLucky numbers — one 1-series campaign filled to 100 %');
console.log(
  `  capacity ${CAPACITY.toLocaleString('en')}, issued ${fill.toLocaleString('en')} in ${fillSeconds.toFixed(0)} s (${(fill / fillSeconds).toFixed(0)} numbers/s, ${CONCURRENCY} concurrent issuers)`,
);
console.log(
  `  read back: ${count.toLocaleString('en')} numbers, ${duplicates} duplicates, ${outside} outside the space`,
);
console.log(
  `  audit: ${audit.ok ? 'chain intact' : `BROKEN at ${audit.broken?.seq}: ${audit.broken?.reason}`}, ${audit.checked.toLocaleString('en')} links in ${auditSeconds.toFixed(1)} s`,
);
console.log(
  `  purchase after exhaustion: earned ${lateGrant?.earned}, issued ${lateGrant?.issued}, missing ${lateGrant?.missing}`,
);
console.log(
  '\n  DynamoDB requests per number, bulk purchases of 1,000 numbers (25 per transaction), by fill:',
);
deciles.forEach((d, i) =>
  console.log(
    `    ${String(i * 10).padStart(2)}–${i * 10 + 10} %: ${d.numbers ? (d.requests / d.numbers).toFixed(3) : '-'} (${d.numbers} numbers)`,
  ),
);
console.log(
  '\n  DynamoDB requests per number, purchases of ONE number (grant, pool, slots, transaction, participation):',
);
for (const p of probes)
  console.log(
    `    at ${String(Math.round(p.fill * 100)).padStart(2)} % fill: ${p.perNumber.toFixed(2)} requests, ${p.ms.toFixed(0)} ms per purchase`,
  );
console.log('\n  requests by command:', Object.fromEntries(requests));
await dynamo.stop();
process.exit(0);
