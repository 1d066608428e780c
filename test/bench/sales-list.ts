/**
 * The sales list (GET /api/web/carts, spec part 3 §2 /sell) at 100,000 orders in one tenant: DynamoDB
 * requests per call and latency for a page and its total, for every filter combination the screen
 * offers — drafts toggle on/off × seller filter (filter_sellers) × the store of a store-bound user,
 * and a customer's drafts (the wizard's 'choose an existing draft') — at page 1 and at a deep page.
 *
 * Seeding: each order puts one list row per scope it belongs to (16, `carts.model.ts` listScopes)
 * and the scopes' counters. A list call reads only the partition of its own scope, so the bench
 * writes the rows of the scopes it measures (with the counters of their true sizes), not the
 * other scopes' copies: what a call reads is exactly what it would read with all 1.6 M items.
 * The table is created without its stream (see test/README 'Benchmarks').
 *
 * Figures: at the service (`listCarts`: the list's own requests) and through the real Lambda
 * handler (adding the staff session's reads).
 *
 * Run: npx tsx test/bench/sales-list.ts   (ORDERS=100000, ITERATIONS=100; BENCH_DYNAMODB_ENDPOINT)
 */
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 100);
const STORES = 4;
const SELLERS = 20;
const CUSTOMERS = 20_000;
const STATUSES = ['Rascunho', 'Aguardando Pagamento', 'Confirmado', 'Faturado', 'Cancelado'] as const;

await startLocalTable('freguesia-bench-sales', process.env.BENCH_DYNAMODB_ENDPOINT, { stream: false });

const { CartRowEntity } = await import('@freguesia/functions/sales/carts.entities');
const { listScopes, queryScope, counterName } = await import('@freguesia/functions/sales/carts.model');
const { listCarts } = await import('@freguesia/functions/sales/carts.service');
const { CounterEntity } = await import('@freguesia/functions/lib/ddb/entities/counter');
const { handler } = await import('@freguesia/functions/sales/handler');
const { SaleListQuery } = await import('@freguesia/shared/schemas/sales');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { call } = await import('../support/api');

const requests = await countDynamoRequests();
const t = await createTestTenant('benchsales');

type Status = (typeof STATUSES)[number];
const order = (id: number) => ({
  id,
  store: 1 + (id % STORES),
  status: STATUSES[id % 10 < 4 ? 0 : 1 + (id % 4)] as Status,
  user: 1 + (id % SELLERS),
  customer: 1 + (id % CUSTOMERS),
});

// The scopes measured: every combination of the screen's filters, for store 1 / seller 1 / customer 1.
const filters: { label: string; f: { store?: number; status?: Status; user?: number; customer?: number } }[] =
  [
    { label: 'todas (admin, rascunhos desligado)', f: {} },
    { label: 'só rascunhos', f: { status: 'Rascunho' } },
    { label: 'vendedor', f: { user: 1 } },
    { label: 'vendedor + só rascunhos', f: { user: 1, status: 'Rascunho' } },
    { label: 'loja (usuário de uma loja)', f: { store: 1 } },
    { label: 'loja + só rascunhos', f: { store: 1, status: 'Rascunho' } },
    { label: 'loja + vendedor', f: { store: 1, user: 1 } },
    { label: 'loja + vendedor + só rascunhos', f: { store: 1, user: 1, status: 'Rascunho' } },
    { label: 'rascunhos do cliente (assistente)', f: { customer: 1, status: 'Rascunho' } },
  ];
const measured = new Map(filters.map(({ f }) => [queryScope(f), 0]));

const started = performance.now();
let written = 0;
const CHUNK = 5_000;
for (let from = 1; from <= ORDERS; from += CHUNK) {
  const rows = [];
  for (let id = from; id < Math.min(from + CHUNK, ORDERS + 1); id++) {
    const o = order(id);
    const row = {
      id,
      status: o.status,
      store_id: o.store,
      store_name: `Loja ${o.store}`,
      user_id: o.user,
      user: `Vendedor ${o.user}`,
      customer_id: o.customer,
      customer_name: `CLIENTE ${o.customer}`,
      customer_document: String(10_000_000_000 + o.customer),
      channel: 'Freguesia',
      item_quantity: 1 + (id % 7),
      total_value: 10 + (id % 500),
      created_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    };
    for (const scope of listScopes(o)) {
      if (!measured.has(scope)) continue;
      measured.set(scope, measured.get(scope)! + 1);
      rows.push({ tenant: t.tenant, scope, id, row });
    }
  }
  await CartRowEntity.put(rows).go({ concurrency: 16 });
  written += rows.length;
}
await CounterEntity.put(
  [...measured].map(([scope, value]) => ({ tenant: t.tenant, name: counterName(scope), value })),
).go();
console.log(
  `${ORDERS.toLocaleString('pt-BR')} vendas: ${written.toLocaleString('pt-BR')} linhas de lista das combinações medidas gravadas em ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ctx = staffContext(t);

async function figures(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  let maxRequests = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    requests.reset();
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
    maxRequests = Math.max(maxRequests, requests.count);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label}: ${maxRequests} requisições DynamoDB por chamada · p50 ${percentile(times, 50).toFixed(1)} ms · p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}

for (const { label, f } of filters) {
  const total = measured.get(queryScope(f))!;
  const deep = Math.min(Math.ceil(total / 100), 20);
  console.log(`\n${label} — total ${total.toLocaleString('pt-BR')}`);
  const query = (page: number) =>
    SaleListQuery.parse({
      page,
      per_page: 100,
      status: f.status,
      user_id: f.user,
      store_id: f.store,
      customer_id: f.customer,
    });
  await figures('página 1 + total (serviço)', async () => {
    const answer = await listCarts(ctx, query(1));
    if (answer.pagination.total !== total) throw new Error(`total ${answer.pagination.total} ≠ ${total}`);
  });
  if (deep > 1) await figures(`página ${deep} + total (serviço)`, () => listCarts(ctx, query(deep)));
  await figures('página 1 + total (handler, com a sessão)', async () => {
    const res = await call(handler, {
      tenant: t.tenant,
      token: t.adminToken,
      path: '/api/web/carts',
      query: Object.fromEntries(
        Object.entries({
          page: 1,
          per_page: 100,
          status: f.status,
          user_id: f.user,
          store_id: f.store,
          customer_id: f.customer,
        }).filter(([, v]) => v !== undefined),
      ) as Record<string, string>,
    });
    if (res.status !== 200) throw new Error(res.text);
  });
}
process.exit(0);
