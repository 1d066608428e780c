/**
 * ERP import throughput: 100,000 products with prices in 6 stores, sent through the real
 * integration handler (POST /api/integration/products) in 1,000-row batches, one batch at a time
 * as an ERP would. Then the same rows again (idempotent re-import: nothing changes) and a price
 * update of every row. Runs against an in-memory DynamoDB Local.
 *
 * Run: npx tsx test/bench/erp-import.ts   (ROWS=100000, BATCH=1000, PARALLEL=1 by default)
 */
import { startLocalTable } from '../support/local-table';

const ROWS = Number(process.env.ROWS ?? 100_000);
const BATCH = Number(process.env.BATCH ?? 1000);
const PARALLEL = Number(process.env.PARALLEL ?? 1);

const dynamo = await startLocalTable('freguesia-bench-import');

const { handler } = await import('@freguesia/functions/catalog/handler');
const { countersFor } = await import('@freguesia/functions/lib/ddb/counters');
const { IntegrationTokenEntity, hashToken } = await import('@freguesia/functions/lib/auth/integration');
const { ean13 } = await import('@freguesia/shared/schemas/catalog');
const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');

const t = await createTestTenant('erp');
const token = `frg_bench_${t.tenant}`;
await IntegrationTokenEntity.create({
  tenant: t.tenant,
  tokenHash: hashToken(token),
  hint: token.slice(-4),
}).go();
const staff = (method: string, path: string, body: unknown) =>
  call(handler, { method, path, body, tenant: t.tenant, token: t.adminToken });
for (let s = 1; s <= 6; s++) {
  await staff('POST', '/api/web/store/new', {
    name: `Loja ${s}`,
    reference_code: `L0${s}`,
    zipcode: '01310100',
    address: 'Avenida Paulista',
    number: String(s),
  });
}
for (const [ref, description] of [
  ['1', 'Mercearia'],
  ['2', 'Bebidas'],
  ['3', 'Limpeza'],
]) {
  await staff('POST', '/api/web/category/new', { reference_code: ref, description });
}

const words = [
  'Arroz',
  'Feijão',
  'Café',
  'Açúcar',
  'Leite',
  'Biscoito',
  'Refrigerante',
  'Sabão',
  'Detergente',
  'Macarrão',
  'Óleo',
  'Molho',
];
function row(i: number, priceShift = 0) {
  const base = 199 + ((i * 37) % 5000) + priceShift;
  return {
    code: ean13(`79${String(i + 1).padStart(10, '0')}`),
    reference_code: `ERP${i + 1}`,
    description: `${words[i % words.length]} Produto ${i + 1} ${(i % 9) + 1}00g`,
    pack: 1,
    weighable: 'N',
    active: 'Y',
    url: '',
    category_reference_code: String((i % 3) + 1),
    brand: `Marca ${(i % 40) + 1}`,
    group_code: words[i % words.length]!.toUpperCase(),
    prices: [1, 2, 3, 4, 5, 6].map((s) => ({
      store_reference_code: `L0${s}`,
      cust_price: ((base * 0.7) / 100).toFixed(2).replace('.', ','),
      regular_price: (base + s) / 100,
      offer_price: i % 5 === 0 ? (base - 50) / 100 : null,
      stock: String((i * s) % 150),
    })),
  };
}

async function pass(label: string, priceShift: number) {
  const batches = Math.ceil(ROWS / BATCH);
  const totals = { accepted: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < batches) {
      const b = next++;
      const products = Array.from({ length: Math.min(BATCH, ROWS - b * BATCH) }, (_, k) =>
        row(b * BATCH + k, priceShift),
      );
      const t0 = performance.now();
      const res = await call(handler, {
        method: 'POST',
        path: '/api/integration/products',
        body: { products },
        tenant: t.tenant,
        headers: { 'x-api-key': token },
      });
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`batch ${b}: ${res.status} ${res.text.slice(0, 300)}`);
      for (const k of ['accepted', 'created', 'updated', 'unchanged'] as const) totals[k] += res.body[k];
      totals.rejected += res.body.rejected.length;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    `${label.padEnd(36)} ${ROWS.toLocaleString('pt-BR')} linhas em ${seconds.toFixed(1)} s = ${Math.round(ROWS / seconds)} linhas/s ` +
      `(lote de ${BATCH}: p50 ${(p(0.5) / 1000).toFixed(2)} s, p95 ${(p(0.95) / 1000).toFixed(2)} s) ` +
      `criadas ${totals.created}, alteradas ${totals.updated}, iguais ${totals.unchanged}, rejeitadas ${totals.rejected}`,
  );
}

try {
  console.log(
    `Importação ERP: ${ROWS} mercadorias × 6 lojas, lotes de ${BATCH}, ${PARALLEL} lote(s) por vez`,
  );
  await pass('1ª carga (cria tudo)', 0);
  await pass('mesmas linhas de novo (idempotente)', 0);
  await pass('todas com preço novo (atualiza)', 10);
  console.log(`total:product = ${await countersFor(t.tenant).total('product')} (esperado ${ROWS})`);
} finally {
  await dynamo.stop();
}
