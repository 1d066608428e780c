/**
 * Product search at catalogue scale: DynamoDB requests per search and latency (p50/p95) for a
 * word search on descriptions (the prefix of any word, several words narrowing), an exact EAN and
 * the unfiltered first page, at 200 and at 100,000 products (each with its word index).
 * Runs against an in-memory DynamoDB Local; requests are counted by a middleware on the shared
 * DocumentClient. SearchFigures are measured twice: at the repository (the search itself) and through
 * the real Lambda handler (adding the staff-auth reads: user and role).
 *
 * Run: npx tsx test/bench/product-search.ts   (PRODUCTS=100000, ITERATIONS=200 by default;
 * SMALL_PRODUCTS=0 skips the 200 base; BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local)
 */
import { loadavg } from 'node:os';
import {
  countDynamoRequests,
  measureSearches,
  startLocalTable,
  type SearchFigures,
} from '../support/local-table';

const LARGE = Number(process.env.PRODUCTS ?? 100_000);
const SMALL = Number(process.env.SMALL_PRODUCTS ?? 200);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

// BENCH_DYNAMODB_ENDPOINT: reuse a DynamoDB Local already running. The table has no stream here
// (see startLocalTable): the search reads and the items are the same.
const dynamo = await startLocalTable('freguesia-bench-search', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

// Modules read the environment at load time: import them only now.
const { ProductEntity, ProductWordEntity } = await import('@freguesia/functions/catalog/entities');
const { productWordItems } = await import('@freguesia/functions/catalog/product-words.model');
const { productsRepository } = await import('@freguesia/functions/catalog/products.repository');
const { countersFor } = await import('@freguesia/functions/lib/ddb/counters');
const { handler } = await import('@freguesia/functions/catalog/handler');
const { normalizeText } = await import('@freguesia/shared/domain/reference');
const { ean13 } = await import('@freguesia/shared/schemas/catalog');
const { CATEGORY_TREE, BRANDS } = await import('../../infra/local/seed/catalog-data');
const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');

const dynamoRequests = await countDynamoRequests();

const variants = CATEGORY_TREE.flatMap(([, branches]) =>
  branches.flatMap(([, leaves]) => leaves.flatMap(([, v]) => v.map(([name, cents]) => ({ name, cents })))),
);
const brands = [
  ...BRANDS.map(([, d]) => d),
  ...[
    'Serra Azul',
    'Boa Safra',
    'Vale Verde',
    'Sabor de Minas',
    'Dona Benta',
    'Qualitá',
    'Primor',
    'Vitória',
    'Santa Amália',
    'Bom Gosto',
    'Sinhá',
    'Carrefour',
    'Tirolez',
    'Aurora',
    'Perdigão',
    'Seara',
    'Sadia',
    'Fleischmann',
    'Knorr',
    'Maggi',
  ],
];
const flavours = [
  '',
  'Tradicional',
  'Light',
  'Zero',
  'Premium',
  'Orgânico',
  'Família',
  'Econômica',
  'Gourmet',
  'Kids',
];

function product(tenant: string, i: number) {
  const v = variants[i % variants.length]!;
  const brand = brands[Math.floor(i / variants.length) % brands.length]!;
  const flavour = flavours[Math.floor(i / (variants.length * brands.length)) % flavours.length]!;
  const description = [v.name, brand, flavour].filter(Boolean).join(' ');
  const id = i + 1;
  return {
    tenant,
    id,
    code: ean13(`78${String(id).padStart(10, '0')}`),
    reference_code: String(100000 + id),
    description,
    descriptionKey: normalizeText(description),
    pack: 1,
    weighable: 'N' as const,
    active: 'Y' as const,
    url: '',
    fast_orders: 'N' as const,
    group_code: normalizeText(v.name.split(' ')[0]!),
    prices: [1, 2, 3, 4, 5, 6].map((s) => ({
      id_store: s,
      regular: v.cents + s * 10,
      cust: Math.round(v.cents * 0.7),
      stock: (i * s) % 200,
    })),
  };
}

async function seed(tenant: string, count: number): Promise<number> {
  const started = performance.now();
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - start) }, (_, k) =>
      product(tenant, start + k),
    );
    const { unprocessed } = await ProductEntity.put(items).go({ concurrency: 16 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} unprocessed`);
    // The word index, as product writes keep it (one item per product and word).
    const words = await ProductWordEntity.put(
      items.flatMap((p) => productWordItems(tenant, p.id, p.description)),
    ).go({ concurrency: 16 });
    if (words.unprocessed.length > 0) throw new Error(`${words.unprocessed.length} unprocessed words`);
  }
  await countersFor(tenant).add('product', count);
  return (performance.now() - started) / 1000;
}

const measure = (run: (i: number) => Promise<number>) => measureSearches(dynamoRequests, run, ITERATIONS, 50); // warm-up: JIT of DynamoDB Local and of Node

/** Word searches as counter staff type them: a brand, a word in the middle, several words, short prefixes. */
const prefixes = [
  'arroz',
  'camil',
  'café pilão',
  'leite uht',
  'biscoito recheado',
  'sadia',
  'tradicional',
  'refrigerante cola zero',
  'macarrão penne',
  'qualit',
];

/** The same searches split by the number of words typed. */
const oneWord = ['arroz', 'camil', 'sadia', 'tradicional', 'qualit', 'feij', 'pilão', 'leite'];
const twoWords = [
  'café pilão',
  'leite uht',
  'biscoito recheado',
  'macarrão penne',
  'arroz camil',
  'sabão omo',
];
const threeWords = [
  'refrigerante cola zero',
  'arroz branco camil',
  'leite uht integral',
  'café torrado pilão tradicional',
];

async function scenario(label: string, count: number) {
  const t = await createTestTenant('bench');
  const seconds = await seed(t.tenant, count);
  console.log(
    `\n${label}: ${count.toLocaleString('pt-BR')} mercadorias gravadas em ${seconds.toFixed(1)} s (${Math.round(count / seconds)} itens/s, BatchWrite ×16)`,
  );
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`  carga da máquina (1/5/15 min) após gravar: ${load()}`);
  const repo = productsRepository(t.tenant);
  const sample = Array.from({ length: 50 }, (_, k) => product(t.tenant, (k * 7919) % count));
  const codes = sample.map((p) => p.code);
  const words = (list: string[]) => (i: number) =>
    repo.search('description', list[i % list.length]!, 1, 50).then((r) => r.items.length);
  const rows: [string, SearchFigures][] = [
    [
      'palavras da descrição (repositório)',
      await measure(
        async (i) => (await repo.search('description', prefixes[i % prefixes.length]!, 1, 50)).items.length,
      ),
    ],
    ['uma palavra (repositório)', await measure(words(oneWord))],
    ['duas palavras (repositório)', await measure(words(twoWords))],
    ['três ou mais palavras (repositório)', await measure(words(threeWords))],
    [
      'EAN exato (repositório)',
      await measure(async (i) => (await repo.quickSearch(codes[i % codes.length]!, 1, 50)).items.length),
    ],
    [
      'SKU exato (repositório, busca livre)',
      await measure(
        async (i) => (await repo.quickSearch(sample[i % sample.length]!.reference_code, 1, 50)).items.length,
      ),
    ],
    [
      'lista sem filtro, página 1 (repositório)',
      await measure(async () => (await repo.list(1, 50)).items.length),
    ],
    [
      'palavras via handler (GET /web/products/search)',
      await measure(async (i) => {
        const res = await call(handler, {
          path: '/api/web/products/search',
          query: { q: prefixes[i % prefixes.length] },
          tenant: t.tenant,
          token: t.adminToken,
        });
        if (res.status !== 200) throw new Error(res.text);
        return res.body.data.length;
      }),
    ],
    [
      'EAN via handler (GET /web/product/find)',
      await measure(async (i) => {
        const res = await call(handler, {
          path: '/api/web/product/find',
          query: { code: codes[i % codes.length] },
          tenant: t.tenant,
          token: t.adminToken,
        });
        if (res.status !== 200) throw new Error(res.text);
        return 1;
      }),
    ],
  ];
  for (const [name, f] of rows) {
    console.log(
      `  ${name.padEnd(48)} ${f.requests.toFixed(2)} req. DynamoDB/busca   p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   (${f.results.toFixed(1)} resultados)`,
    );
  }
  console.log(`  carga da máquina (1/5/15 min) após medir: ${load()}`);
  for (const q of ['arroz', 'camil', 'arroz camil']) {
    const totals = await repo.search('description', q, 1, 50);
    console.log(
      `  total informado para "${q}": ${totals.total}${totals.estimated ? ' (estimado: mais de 200 candidatos)' : ''}`,
    );
  }
}

try {
  if (SMALL > 0) await scenario('Catálogo pequeno', SMALL);
  await scenario('Catálogo grande', LARGE);
  console.log(
    '\nStaff auth adds 2 GetItems per request (user and role); the tenant is cached per container.',
  );
} finally {
  await dynamo.stop();
}
