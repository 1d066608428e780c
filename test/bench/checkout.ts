/**
 * `POST /api/checkout/subtotal` with 1,000 active campaigns of one tenant on DynamoDB Local,
 * through the checkout function's real Lambda handler (what `npm start` and API Gateway invoke):
 * - latency p50/p95/p99 and DynamoDB requests per call, for an anonymous basket of 20 lines and
 *   one of 100 lines, and for an identified customer (goal p95 ≤ 50 ms); the first call, which
 *   reads and prepares the active set, is printed apart;
 * - 50 simultaneous checkouts against a budget of 10 units: how many get the discount (goal:
 *   exactly 10), how long until all are answered and each call's p50/p95/max (goal: within 3 s);
 *   then 50 checkouts of 3 units each against another 10 units (exactly 10 units granted).
 *
 * Run: npx tsx test/bench/checkout.ts   (CAMPAIGNS=1000, ITERATIONS=200)
 */
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const CAMPAIGNS = Number(process.env.CAMPAIGNS ?? 1_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

const dynamo = await startLocalTable('freguesia-bench-checkout');

// Modules read the environment at load time: import them only now.
const { handler } = await import('@freguesia/functions/checkout/handler');
const { createCampaign } = await import('@freguesia/functions/campaigns/campaigns.service');
const { createCustomer } = await import('@freguesia/functions/customers/customers.service');
const { Campaign, NO_END_DATE } = await import('@freguesia/shared/schemas/campaign');
const { CustomerForm } = await import('@freguesia/shared/schemas/customer');
const { localDay, addDays } = await import('@freguesia/shared/domain/dates');
const { ean13 } = await import('@freguesia/shared/schemas/catalog');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore, randomCpf, staffCustomer } = await import('../integration/customers-fixtures');
const { integrationToken } = await import('../integration/catalog-fixtures');
const { call } = await import('../support/api');

const t = await createTestTenant('bench');
const ctx = staffContext(t);
const token = await integrationToken(t);
const stores = [(await createStore(t.tenant, 'Loja 1')).id, (await createStore(t.tenant, 'Loja 2')).id];
const codes = Array.from({ length: 2_000 }, (_, i) => ean13(String(789100000000 + i)));
const today = localDay();

// A deterministic mix of what a retailer runs: item discounts of every dynamic (most), ticket,
// payment-method and combo campaigns; a few with budgets, a few for one store only.
let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const started = performance.now();
for (let i = 0; i < CAMPAIGNS; i++) {
  const storesOf = i % 10 === 0 ? [{ id_store: stores[1]! }] : stores.map((id_store) => ({ id_store }));
  const base = {
    description: `Campanha ${i + 1}`,
    active: 'Y',
    start_at: addDays(today, -5),
    end_at: i % 4 === 0 ? NO_END_DATE : addDays(today, 30),
    stores: storesOf,
  };
  const rowCodes = Array.from(
    { length: 1 + Math.floor(random() * 8) },
    () => codes[Math.floor(random() * codes.length)]!,
  );
  let payload: Record<string, unknown>;
  if (i % 50 === 0) {
    payload = {
      ...base,
      type: 'DB',
      info: {
        type: 9,
        value: 2,
        tiers: [
          { min_amount: 100, value: 3 },
          { min_amount: 300, value: 5 },
        ],
        can_accumulate: 'Y',
      },
    };
  } else if (i % 50 === 1) {
    payload = {
      ...base,
      type: 'DBP',
      payments: [{ id_payment_method: 1, factor: 1 }],
      info: { type: 6, value: 3 },
    };
  } else {
    const dynamic = [1, 2, 2, 2, 4, 5, 6, 6, 3][i % 9]!;
    const row = (code: string) => ({
      code,
      type: dynamic,
      price: dynamic === 5 ? null : dynamic === 2 || dynamic === 4 ? 5 + (i % 20) : 1 + (i % 5),
      take: [3, 4, 5].includes(dynamic) ? 2 + (i % 3) : 0,
      pay: dynamic === 5 ? 1 + (i % 2) : 0,
      budget_limit: i % 25 === 0 ? 500 : 0,
    });
    payload = {
      ...base,
      type: 'D',
      info: { can_accumulate: i % 3 === 0 ? 'Y' : 'N', unique_discount: i % 7 === 0 ? 'Y' : 'N' },
      products: [...new Set(rowCodes)].map(row),
    };
  }
  await createCampaign(ctx, Campaign.parse(payload));
}
console.log(
  `${CAMPAIGNS} campanhas ativas gravadas em ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const document = randomCpf();
await createCustomer(ctx, CustomerForm.parse(staffCustomer({ document, gdpr_agreement: 'Y' })));

const requests = await countDynamoRequests();
const basket = (session: string, lines: number, withCustomer: boolean) => ({
  session,
  customer: { document: withCustomer ? document : '' },
  basket: {
    coupon: session,
    id_store: stores[0],
    checkout: '01',
    operator: 'bench',
    items: Array.from({ length: lines }, (_, i) => {
      const units = 1 + (i % 4);
      const price = 3 + ((i * 37) % 40) + 0.99;
      return {
        sequence: i + 1,
        barcode: codes[(i * 13) % 600]!,
        quantity: units,
        unit_value: price,
        total_value: Math.round(units * price * 100) / 100,
        discounts: 0,
      };
    }),
  },
});
const subtotal = (body: unknown) =>
  call(handler, {
    method: 'POST',
    path: '/api/checkout/subtotal',
    tenant: t.tenant,
    headers: { 'x-api-key': token },
    body,
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, lines: number, withCustomer: boolean): Promise<void> {
  const times: number[] = [];
  let dynamoRequests = 0;
  let discount = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    requests.reset();
    const t0 = performance.now();
    const res = await subtotal(basket(`${label.slice(0, 3)}${lines}-${i}`, lines, withCustomer));
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    dynamoRequests += requests.count;
    discount = res.body.basket.total_discount;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(times, 50).toFixed(1)} ms · p95 ${percentile(times, 95).toFixed(1)} ms · p99 ${percentile(times, 99).toFixed(1)} ms · ` +
      `${(dynamoRequests / ITERATIONS).toFixed(1)} requisições DynamoDB por chamada · desconto R$ ${discount.toFixed(2)}`,
  );
}

requests.reset();
const t0 = performance.now();
await subtotal(basket('first', 20, false));
console.log(
  `1ª chamada (lê e prepara o conjunto ativo): ${(performance.now() - t0).toFixed(0)} ms, ${requests.count} requisições DynamoDB`,
);
await measure('20 itens, anônimo', 20, false);
await measure('100 itens, anônimo', 100, false);
await measure('20 itens, cliente identificado', 20, true);

// Budget: 10 units of one product, 50 checkouts at once (each call timed on its own), then 50
// checkouts of 3 units each against another 10 units (holds split over the budget's shards).
async function budgetRace(label: string, code: string, units: number, warm: boolean): Promise<void> {
  await createCampaign(
    ctx,
    Campaign.parse({
      description: label,
      type: 'D',
      active: 'Y',
      start_at: today,
      end_at: NO_END_DATE,
      stores: [{ id_store: stores[0]! }],
      info: {},
      products: [{ code, type: 6, price: 1, budget_limit: 10 }],
    }),
  );
  // Cold: the campaign write moved the set, so the race also reads and prepares it (once, shared);
  // warm: one sale of something else prepares it first, and the race measures the budget alone.
  if (warm) await subtotal(basket(`warm-${code}`, 1, false));
  requests.reset();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const t0 = performance.now();
      const res = await subtotal({
        session: `${code}-${i}`,
        customer: null,
        basket: {
          coupon: `${code}-${i}`,
          id_store: stores[0],
          checkout: '02',
          operator: 'bench',
          items: [
            {
              sequence: 1,
              barcode: code,
              quantity: units,
              unit_value: 9.9,
              total_value: Math.round(units * 990) / 100,
              discounts: 0,
            },
          ],
        },
      });
      return { res, ms: performance.now() - t0 };
    }),
  );
  const wall = performance.now() - started;
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const granted = answers.filter((a) => a.res.status === 200 && a.res.body.basket.total_discount > 0).length;
  const grantedUnits = answers.reduce(
    (sum, a) => sum + (a.res.status === 200 ? Math.round(a.res.body.basket.total_discount) : 0),
    0,
  );
  const failed = answers.filter((a) => a.res.status !== 200).length;
  console.log(
    `50 checkouts simultâneos de ${units} unidade(s) contra um orçamento de 10 unidades (${warm ? 'conjunto ativo já preparado' : 'logo após gravar a campanha'}): ${granted} com desconto (${grantedUnits} unidades concedidas), ` +
      `${50 - granted - failed} sem, ${failed} erros · todos respondidos em ${(wall / 1000).toFixed(2)} s · por chamada p50 ${percentile(times, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(0)} ms, máx ${times.at(-1)!.toFixed(0)} ms · ${(requests.count / 50).toFixed(1)} requisições DynamoDB por chamada`,
  );
}
await budgetRace('Orçamento de 10', ean13('789199999999'), 1, false);
await budgetRace('Orçamento de 10, de novo', ean13('789199999997'), 1, true);
await budgetRace('Orçamento de 10, 3 por venda', ean13('789199999998'), 3, true);

await dynamo.stop();
process.exit(0);
