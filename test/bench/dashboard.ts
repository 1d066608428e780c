/**
 * The dashboard at scale: 100,000 purchases (and 5,000 customers) of one tenant written as the
 * POS and the staff would leave them, their stream records read from DynamoDB Local's real
 * stream by the local poller and applied by the dashboard stream processor; then
 * `GET /web/dashboard` through the real Lambda handler and through the service: DynamoDB
 * requests per call and latency p50/p95. Also prints the aggregation throughput (stream
 * records per second) and checks the figures against the purchases written.
 *
 * Run: npx tsx test/bench/dashboard.ts   (PURCHASES=100000, ITERATIONS=200 by default)
 */
import { countDynamoRequests, measureSearches, startLocalTable } from '../support/local-table';

const PURCHASES = Number(process.env.PURCHASES ?? 100_000);
const CUSTOMERS = Math.max(100, Math.round(PURCHASES / 20));
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const STORES = 5;

const dynamo = await startLocalTable('freguesia-bench-dashboard');

// Modules read the environment at load time: import them only now.
const { BasketEntity, CustomerEntity } = await import('@freguesia/functions/customers/entities');
const { dashboardInfo } = await import('@freguesia/functions/dashboard/dashboard.service');
const { handler } = await import('@freguesia/functions/dashboard/handler');
const { handler: aggregates } = await import('@freguesia/functions/dashboard/aggregates.stream');
const { LocalStreamPoller } = await import('@freguesia/functions/lib/ports/local/stream-poller');
const { streamProcessors, wantsRecord } = await import('@freguesia/functions/streams');
const { localDay } = await import('@freguesia/shared/domain/dates');
const { cpfFromBase } = await import('@freguesia/shared/domain/document');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore } = await import('../integration/customers-fixtures');
const { call } = await import('../support/api');

const t = await createTestTenant('bench');
for (let s = 0; s < STORES; s++) await createStore(t.tenant, `Loja ${s + 1}`);

// Every purchase in the current business month, so all of them count on the dashboard.
const month = localDay(new Date()).slice(0, 7);
const day = (i: number) => `${month}-${String(1 + (i % 20)).padStart(2, '0')}`;
const TAGS = ['Vinhos', 'Queijos', 'Churrasco', 'Bebê', 'Pet', 'Orgânicos', 'Padaria', 'Hortifrúti'];
const CHANNELS = ['Plataforma', 'Landing Page', 'PDV'];

let expectedTotal = 0;
let expectedClub = 0;
const started = performance.now();
const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
  tenant: t.tenant,
  id: i + 1,
  type: 'F' as const,
  document: cpfFromBase(String(200_000_000 + i * 7)),
  fullname: `CLIENTE ${i + 1}`,
  channel: CHANNELS[i % CHANNELS.length]!,
  favorite_store: 1 + (i % STORES),
  tags: [TAGS[i % TAGS.length]!, ...(i % 3 === 0 ? [TAGS[(i + 3) % TAGS.length]!] : [])],
  basketCount: 0,
  basketTotal: 0,
  nameKey: `CLIENTE ${i + 1}`,
  emailKey: '',
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
}));
await CustomerEntity.put(customers).go({ concurrency: 16 });
const baskets = Array.from({ length: PURCHASES }, (_, i) => {
  const identified = i % 10 < 7;
  const amount = 500 + ((i * 7919) % 50_000);
  expectedTotal += amount;
  if (identified) expectedClub += amount;
  return {
    tenant: t.tenant,
    id: i + 1,
    idCustomer: identified ? 1 + (i % CUSTOMERS) : 0,
    idStore: 1 + (i % STORES),
    checkout: String(1 + (i % 12)),
    coupon: String(100_000 + i),
    date: `${day(i)} ${String(8 + (i % 14)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
    day: day(i),
    amount,
    discount: 0,
    origin: 'PDV',
    itens: 1,
    products: [
      {
        code: '7891000100103',
        description: 'ARROZ 5KG',
        quantity: 1,
        unit_value: amount,
        total_value: amount,
        discount: 0,
      },
    ],
    payments: [],
  };
});
for (let i = 0; i < baskets.length; i += 5_000)
  await BasketEntity.put(baskets.slice(i, i + 5_000)).go({ concurrency: 16 });
const written = (performance.now() - started) / 1000;
console.log(
  `\n${PURCHASES.toLocaleString('pt-BR')} compras e ${CUSTOMERS.toLocaleString('pt-BR')} clientes gravados em ${written.toFixed(1)} s`,
);

// The stream, read for real and applied by the processor (this tenant's records only).
const processor = streamProcessors.find((p) => p.name === 'dashboard-aggregates')!;
let applied = 0;
const poller = new LocalStreamPoller({
  endpoint: dynamo.endpoint,
  tableName: process.env.TABLE_NAME!,
  processors: [
    {
      name: processor.name,
      accepts: (r) => wantsRecord(processor, r),
      handler: async (event) => {
        applied += event.Records.length;
        return aggregates(event);
      },
      batchSize: processor.batchSize,
      maxAttempts: 3,
    },
  ],
});
const dynamoRequests = await countDynamoRequests();
dynamoRequests.reset();
const t0 = performance.now();
await poller.drain();
const seconds = (performance.now() - t0) / 1000;
const aggregationRequests = dynamoRequests.count;
console.log(
  `fluxo: ${applied.toLocaleString('pt-BR')} registros aplicados em ${seconds.toFixed(1)} s (${Math.round(applied / seconds)} registros/s, ${aggregationRequests.toLocaleString('pt-BR')} requisições DynamoDB, ${(aggregationRequests / Math.max(1, applied)).toFixed(3)} por registro)`,
);

const ctx = staffContext(t);
const info = (await dashboardInfo(ctx, undefined)).dashboardInfo;
const ok =
  Math.round(info.salesMonth.total * 100) === expectedTotal &&
  Math.round(info.salesMonthClub.total * 100) === expectedClub &&
  info.totalCustomersByChannel.reduce((sum, c) => sum + c.qty, 0) === CUSTOMERS;
console.log(
  `conferência: vendas do mês R$ ${info.salesMonth.total.toLocaleString('pt-BR')} (${ok ? 'confere' : 'NÃO confere'} com as compras gravadas), ticket médio R$ ${info.salesMonth.avg_ticket.toLocaleString('pt-BR')}`,
);

const service = await measureSearches(
  dynamoRequests,
  async (i) => {
    await dashboardInfo(ctx, i % 2 ? 1 + (i % STORES) : undefined);
    return 1;
  },
  ITERATIONS,
  10,
);
const route = await measureSearches(
  dynamoRequests,
  async (i) => {
    const answer = await call(handler, {
      method: 'GET',
      path: '/api/web/dashboard',
      query: { store_id: i % 2 ? 1 + (i % STORES) : undefined },
      tenant: t.tenant,
      token: t.adminToken,
    });
    if (answer.status !== 200) throw new Error(`GET /web/dashboard ${answer.status}`);
    return 1;
  },
  ITERATIONS,
  10,
);
const row = (label: string, f: { requests: number; p50: number; p95: number }) =>
  `${label.padEnd(44)} ${f.requests.toFixed(1).padStart(6)} req   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms`;
console.log(
  `\nGET /web/dashboard com ${PURCHASES.toLocaleString('pt-BR')} compras (${ITERATIONS} chamadas, todas as lojas e por loja):`,
);
console.log(row('serviço (dashboardInfo)', service));
console.log(row('handler Lambda (com autenticação)', route));

await poller.stop();
await dynamo.stop();
process.exit(ok ? 0 : 1);
