/**
 * Saving a 50-line sales draft priced by the promotion engine (issue 22 target: p95 ≤ 150 ms):
 * PUT /api/web/carts/{id} through the sales function's real Lambda handler on DynamoDB Local, with
 * CAMPAIGNS active campaigns of the tenant (item, ticket and payment-method ones, some with budgets,
 * as the checkout bench builds them), an identified customer and one payment. Each save runs the
 * checkout service (the budgets held for the draft's session), the payment method's discount and
 * the cart's transaction (cart, 16 list rows). Prints p50/p95/p99 and DynamoDB requests per save.
 *
 * Run: npx tsx test/bench/sales-draft.ts   (CAMPAIGNS=300, ITERATIONS=200, LINES=50; BENCH_DYNAMODB_ENDPOINT)
 */
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const CAMPAIGNS = Number(process.env.CAMPAIGNS ?? 300);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const LINES = Number(process.env.LINES ?? 50);

await startLocalTable('freguesia-bench-sales-draft', process.env.BENCH_DYNAMODB_ENDPOINT);

const { handler } = await import('@freguesia/functions/sales/handler');
const { createCampaign } = await import('@freguesia/functions/campaigns/campaigns.service');
const { createCustomer } = await import('@freguesia/functions/customers/customers.service');
const { createPayment } = await import('@freguesia/functions/catalog/payments.service');
const { Campaign, NO_END_DATE } = await import('@freguesia/shared/schemas/campaign');
const { CustomerForm } = await import('@freguesia/shared/schemas/customer');
const { PaymentInput } = await import('@freguesia/shared/schemas/catalog');
const { localDay, addDays } = await import('@freguesia/shared/domain/dates');
const { ean13 } = await import('@freguesia/shared/schemas/catalog');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore, randomCpf, staffCustomer } = await import('../integration/customers-fixtures');
const { call } = await import('../support/api');

const t = await createTestTenant('benchdraft');
const ctx = staffContext(t);
const store = (await createStore(t.tenant, 'Loja 1')).id;
const codes = Array.from({ length: 2_000 }, (_, i) => ean13(String(789100000000 + i)));
const today = localDay();
const method = await createPayment(
  ctx,
  PaymentInput.parse({ description: 'PIX', visible: true, max_installments: 1, has_change: false }),
);

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
for (let i = 0; i < CAMPAIGNS; i++) {
  const base = {
    description: `Campanha ${i + 1}`,
    active: 'Y',
    start_at: addDays(today, -5),
    end_at: NO_END_DATE,
    stores: [{ id_store: store }],
  };
  let payload: Record<string, unknown>;
  if (i % 50 === 0)
    payload = {
      ...base,
      type: 'DBP',
      payments: [{ id_payment_method: method.id, factor: 1 }],
      info: { type: 6, value: 1 },
    };
  else {
    const dynamic = [1, 2, 2, 2, 6, 6][i % 6]!;
    const rowCodes = Array.from(
      { length: 1 + Math.floor(random() * 8) },
      () => codes[Math.floor(random() * codes.length)]!,
    );
    payload = {
      ...base,
      type: 'D',
      info: { can_accumulate: i % 3 === 0 ? 'Y' : 'N' },
      products: [...new Set(rowCodes)].map((code) => ({
        code,
        type: dynamic,
        price: dynamic === 2 ? 5 + (i % 20) : 1 + (i % 5),
        budget_limit: i % 25 === 0 ? 100_000 : 0,
      })),
    };
  }
  await createCampaign(ctx, Campaign.parse(payload));
}
const customer = await createCustomer(ctx, CustomerForm.parse(staffCustomer({ document: randomCpf() })));

const body = (version?: number, shift = 0) => ({
  store_id: store,
  customer_id: customer.id,
  shipping_type: 'delivery',
  products: Array.from({ length: LINES }, (_, i) => ({
    id: i + 1,
    barcode: codes[(i * 37 + shift) % codes.length],
    description: `Produto ${i + 1}`,
    quantity: 1 + ((i + shift) % 3),
    unit_value: 10 + (i % 7),
  })),
  payments: [{ id: method.id, total_value: 100 }],
  ...(version !== undefined ? { version } : {}),
});

const requests = await countDynamoRequests();
const api = (method: 'POST' | 'PUT', path: string, b: unknown) =>
  call(handler, { method, path, tenant: t.tenant, token: t.adminToken, body: b });

const first = performance.now();
const created = await api('POST', '/api/web/carts', body());
if (created.status !== 200) throw new Error(created.text);
console.log(
  `${CAMPAIGNS} campanhas ativas; primeira gravação (prepara o conjunto ativo): ${(performance.now() - first).toFixed(0)} ms`,
);
let version = created.body.version as number;

const times: number[] = [];
let maxRequests = 0;
let discounted = 0;
for (let i = 0; i < ITERATIONS; i++) {
  requests.reset();
  const t0 = performance.now();
  const res = await api('PUT', `/api/web/carts/${created.body.id}`, body(version, i % 5));
  times.push(performance.now() - t0);
  if (res.status !== 200) throw new Error(res.text);
  version = res.body.version;
  if (res.body.discount_value > 0) discounted++;
  maxRequests = Math.max(maxRequests, requests.count);
}
times.sort((a, b) => a - b);
const pct = (p: number) =>
  times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
console.log(
  `rascunho de ${LINES} linhas salvo com os totais do motor (PUT /web/carts/{id}): p50 ${pct(50)} ms · p95 ${pct(95)} ms · p99 ${pct(99)} ms · até ${maxRequests} requisições DynamoDB · ${discounted}/${ITERATIONS} com desconto de campanha`,
);
process.exit(0);
