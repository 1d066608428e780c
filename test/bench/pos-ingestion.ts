/**
 * POS purchase ingestion throughput through the real integration handler
 * (POST /api/integration/baskets): batches of 100 baskets of 8 items, 70 % of them with the
 * document of a known customer (linked, aggregates updated in the same transaction), sent one
 * request at a time and then 4 in parallel, as several stores would; then every batch replayed
 * (all duplicates). Reports baskets/second, request p50/p95 and DynamoDB requests per basket.
 * Runs against an in-memory DynamoDB Local.
 *
 * Run: npx tsx test/bench/pos-ingestion.ts   (BASKETS=3000, CUSTOMERS=1000 by default)
 */
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const BASKETS = Number(process.env.BASKETS ?? 3000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 1000);
const BATCH = 100;

const dynamo = await startLocalTable('freguesia-bench-pos');

const { handler } = await import('@freguesia/functions/integration/handler');
const { IntegrationTokenEntity, hashToken } = await import('@freguesia/functions/lib/auth/integration');
const { CustomerEntity } = await import('@freguesia/functions/customers/entities');
const { UniqueEntity } = await import('@freguesia/functions/lib/ddb/entities/unique');
const { storesRepository } = await import('@freguesia/functions/catalog/stores.repository');
const { StoreInput } = await import('@freguesia/shared/schemas/catalog');
const { cpfFromBase } = await import('@freguesia/shared/domain/document');
const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');

const dynamoRequests = await countDynamoRequests();

const t = await createTestTenant('pos');
const token = `frg_bench_${t.tenant}`;
await IntegrationTokenEntity.create({
  tenant: t.tenant,
  tokenHash: hashToken(token),
  hint: token.slice(-4),
}).go();
const stores: number[] = [];
for (let s = 1; s <= 4; s++) {
  stores.push(
    (
      await storesRepository(t.tenant).create(
        StoreInput.parse({
          name: `Loja ${s}`,
          zipcode: '01310100',
          address: 'Avenida Paulista',
          number: String(s),
        }),
      )
    ).id,
  );
}
const documents = Array.from({ length: CUSTOMERS }, (_, i) => cpfFromBase(String(200_000_000 + i * 13)));
const now = new Date().toISOString();
await CustomerEntity.put(
  documents.map((document, i) => ({
    tenant: t.tenant,
    id: i + 1,
    type: 'F' as const,
    document,
    fullname: `CLIENTE ${i + 1}`,
    channel: 'PDV',
    nameKey: `CLIENTE ${i + 1}`,
    createdAt: now,
    updatedAt: now,
  })),
).go({ concurrency: 16 });
await UniqueEntity.put(
  documents.map((value, i) => ({ tenant: t.tenant, scope: 'customer-document', value, ownerId: i + 1 })),
).go({ concurrency: 16 });

function basket(n: number) {
  const items = Array.from({ length: 8 }, (_, k) => ({
    code: String(7_891_000_000_000 + ((n * 31 + k) % 5000)),
    description: `PRODUTO ${k + 1}`,
    quantity: (k % 3) + 1,
    unit_value: '4.99',
    total_value: (((k % 3) + 1) * 4.99).toFixed(2),
    discount: 0,
  }));
  const total = items.reduce((sum, i) => sum + Math.round(Number(i.total_value) * 100), 0);
  const day = 1 + (n % 28);
  return {
    id_store: stores[n % stores.length],
    checkout: String(1 + (n % 8)),
    coupon: String(100_000 + n),
    date: `2026-03-${String(day).padStart(2, '0')} ${String(8 + (n % 12)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00`,
    document: n % 10 < 7 ? documents[(n * 17) % documents.length] : undefined,
    amount: (total / 100).toFixed(2),
    discount: 0,
    origin: 'PDV',
    items,
    payments: [{ method: 'Cartão de Débito', value: (total / 100).toFixed(2), installments: 1 }],
  };
}

async function send(batch: unknown[]) {
  const res = await call(handler, {
    method: 'POST',
    path: '/api/integration/baskets',
    tenant: t.tenant,
    headers: { 'x-api-key': token },
    body: { baskets: batch },
  });
  if (res.status !== 200 || res.body.rejected > 0) throw new Error(res.text.slice(0, 500));
  return res.body as { accepted: number; duplicates: number };
}

async function run(label: string, batches: unknown[][], parallel: number) {
  const times: number[] = [];
  dynamoRequests.reset();
  let accepted = 0;
  let duplicates = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const t0 = performance.now();
        const r = await send(batch);
        times.push(performance.now() - t0);
        accepted += r.accepted;
        duplicates += r.duplicates;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const count = batches.reduce((sum, b) => sum + b.length, 0);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `  ${label.padEnd(44)} ${Math.round(count / seconds)
      .toString()
      .padStart(
        5,
      )} cestas/s   requisição de ${BATCH}: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms   ` +
      `${(dynamoRequests.count / count).toFixed(2)} req. DynamoDB/cesta   (${accepted} novas, ${duplicates} repetidas)`,
  );
}

const all = Array.from({ length: BASKETS }, (_, n) => basket(n));
const batches = Array.from({ length: Math.ceil(BASKETS / BATCH) }, (_, i) =>
  all.slice(i * BATCH, (i + 1) * BATCH),
);
const half = Math.floor(batches.length / 2);
try {
  console.log(
    `Ingestão PDV: ${BASKETS} cestas de 8 itens em lotes de ${BATCH}, 70 % identificadas (${CUSTOMERS} clientes, 4 lojas)`,
  );
  await run('uma requisição por vez', batches.slice(0, half), 1);
  await run('4 requisições em paralelo', batches.slice(half), 4);
  await run('reenvio de tudo (idempotência)', batches, 4);
  const sample = await CustomerEntity.get({ tenant: t.tenant, id: 1 }).go();
  console.log(
    `  cliente 1: ${sample.data?.basketCount} compras, total ${(sample.data?.basketTotal ?? 0) / 100}, última ${sample.data?.dt_last_basket}`,
  );
} finally {
  await dynamo.stop();
}
