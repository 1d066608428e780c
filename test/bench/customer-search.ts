/**
 * Customer search at scale: DynamoDB requests per search page and latency (p50/p95) by exact
 * document, by the prefix of any word of the name (one and several words, accent-insensitive),
 * by the start of the e-mail (whole address, or the part before the @), by phone start and by
 * its last digits, plus the unfiltered first page, at 2,000 and at 100,000 customers (each in a
 * fresh tenant). Searches run through the service (`listCustomers`: index Query + ranking). Runs against an
 * in-memory DynamoDB Local; requests are counted by a middleware on the shared DocumentClient.
 * Measured at the repository (the search itself) and through the real Lambda handler (which
 * adds the staff-auth reads: user and role).
 *
 * Run: npx tsx test/bench/customer-search.ts   (CUSTOMERS=100000, ITERATIONS=200 by default;
 * SMALL_CUSTOMERS=0 skips the 2,000 base; BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local)
 */
import { loadavg } from 'node:os';
import {
  countDynamoRequests,
  measureSearches,
  startLocalTable,
  type SearchFigures,
} from '../support/local-table';

const LARGE = Number(process.env.CUSTOMERS ?? 100_000);
const SMALL = Number(process.env.SMALL_CUSTOMERS ?? 2_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

// BENCH_DYNAMODB_ENDPOINT: reuse a DynamoDB Local already running (a busy machine may not start
// one within startLocalTable's 30 s); the table is created on it.
// The table has no stream here (see startLocalTable): the search reads and the items are the same.
const dynamo = await startLocalTable('freguesia-bench-customers', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

// Modules read the environment at load time: import them only now.
const { CustomerEntity, CustomerPhoneEntity, CustomerWordEntity } =
  await import('@freguesia/functions/customers/entities');
const { customersRepository } = await import('@freguesia/functions/customers/customers.repository');
const { listCustomers } = await import('@freguesia/functions/customers/customers.service');
const { searchEntries } = await import('@freguesia/functions/customers/customer-words.model');
const { phoneEntries } = await import('@freguesia/functions/customers/customers.model');
const { handler } = await import('@freguesia/functions/customers/handler');
const { countersFor } = await import('@freguesia/functions/lib/ddb/counters');
const { cpfFromBase } = await import('@freguesia/shared/domain/document');
const { normalizeText } = await import('@freguesia/shared/domain/text');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { call } = await import('../support/api');

const dynamoRequests = await countDynamoRequests();

const FIRST =
  'Maria José Ana João Antônio Francisca Carlos Paulo Adriana Lucas Juliana Pedro Márcia Luiz Fernanda Marcos Patrícia Gabriel Aline Rafael Sandra Daniel Camila Bruno Amanda Eduardo Letícia Felipe Bruna Rodrigo Vanessa Gustavo Jéssica Tiago Luana Diego Helena Sérgio Cecília Vitor'.split(
    ' ',
  );
const LAST =
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Conceição Magalhães Guimarães Prado'.split(
    ' ',
  );

function customer(tenant: string, i: number) {
  const id = i + 1;
  const fullname =
    `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[(i * 7) % LAST.length]}`.toUpperCase();
  const document = cpfFromBase(String(100_000_000 + i * 7));
  const email = `${normalizeText(fullname).toLowerCase().replace(/ /g, '.')}${id}@example.com`;
  const cellphone = `11${String(900_000_000 + ((i * 7919) % 99_999_999))}`;
  const createdAt = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  return {
    tenant,
    id,
    type: 'F' as const,
    document,
    fullname,
    gender: i % 2 ? 'F' : 'M',
    cellphone,
    email,
    cellphone_optout: 'N' as const,
    email_optout: 'N' as const,
    whatsapp_optout: 'N' as const,
    app_optout: 'N' as const,
    gdpr_agreement: 'Y' as const,
    active: 'Y' as const,
    channel: 'Plataforma',
    zipcode: '01310100',
    address: 'Avenida Paulista',
    number: String(i % 3000),
    neighborhood: 'Bela Vista',
    city: 'SÃO PAULO',
    state: 'SP',
    timer: 'A',
    contacts: [],
    tags: [],
    basketCount: 0,
    basketTotal: 0,
    nameKey: normalizeText(fullname),
    emailKey: email,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

let written = 0;

async function seed(tenant: string, count: number): Promise<number> {
  const started = performance.now();
  written = 0;
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - start) }, (_, k) =>
      customer(tenant, start + k),
    );
    // The phone entries as the repository writes them (one per distinct phone of the customer).
    const phones = items.flatMap((c) => phoneEntries(tenant, c.id, c));
    const words = items.flatMap((c) => searchEntries(tenant, c.id, c));
    const [a, b, w] = await Promise.all([
      CustomerEntity.put(items).go({ concurrency: 16 }),
      CustomerPhoneEntity.put(phones).go({ concurrency: 8 }),
      CustomerWordEntity.put(words).go({ concurrency: 16 }),
    ]);
    if (a.unprocessed.length + b.unprocessed.length + w.unprocessed.length > 0)
      throw new Error('unprocessed items');
    written += items.length + phones.length + words.length;
  }
  await countersFor(tenant).add('customer', count);
  return (performance.now() - started) / 1000;
}

const measure = (run: (i: number) => Promise<number>) => measureSearches(dynamoRequests, run, ITERATIONS, 10);

/** One word: a first name, a surname (any word of the name), a prefix. */
const nameWords = [
  'maria',
  'costa',
  'joão',
  'oliveira',
  'antonio',
  'ribei',
  'carlos',
  'gonçalves',
  'adriana',
  'pra',
];
/** Several words narrowing: first name and surname, in any order. */
const nameSeveral = [
  'maria costa',
  'silva jose',
  'ana lima',
  'francisca oliveira',
  'paulo r',
  'costa ribeiro',
];

async function scenario(label: string, count: number) {
  const t = await createTestTenant('bench');
  const seconds = await seed(t.tenant, count);
  console.log(
    `\n${label}: ${count.toLocaleString('pt-BR')} clientes gravados em ${seconds.toFixed(1)} s (${written.toLocaleString('pt-BR')} itens com os de busca, ${Math.round(written / seconds)} itens/s, BatchWrite em paralelo)`,
  );
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`  carga da máquina (1/5/15 min) após gravar: ${load()}`);
  const repo = customersRepository(t.tenant);
  const ctx = staffContext(t);
  const sample = Array.from({ length: 50 }, (_, k) => customer(t.tenant, (k * 7919) % count));
  const search = async (q: string, field?: 'email' | 'cellphone') =>
    (await listCustomers(ctx, { q, field, page: 1, per_page: 10 })).data.length;
  const rows: [string, SearchFigures][] = [
    ['documento exato (serviço)', await measure(async (i) => search(sample[i % sample.length]!.document))],
    ['uma palavra do nome (serviço)', await measure(async (i) => search(nameWords[i % nameWords.length]!))],
    [
      'várias palavras do nome (serviço)',
      await measure(async (i) => search(nameSeveral[i % nameSeveral.length]!)),
    ],
    [
      'início do e-mail com @ (serviço)',
      await measure(async (i) => search(`${sample[i % sample.length]!.email.split('@')[0]}@ex`)),
    ],
    [
      'início do e-mail antes do @ (serviço)',
      await measure(async (i) => search(sample[i % sample.length]!.email.slice(0, 10), 'email')),
    ],
    [
      'início do celular (serviço)',
      await measure(async (i) => search(`(11) ${sample[i % sample.length]!.cellphone.slice(2, 7)}`)),
    ],
    [
      '4 últimos dígitos do celular (serviço)',
      await measure(async (i) => search(sample[i % sample.length]!.cellphone.slice(-4))),
    ],
    [
      'lista sem filtro, página 1 (repositório + total)',
      await measure(async () => (await Promise.all([repo.listPage(1, 10), repo.total()]))[0].length),
    ],
    [
      'documento via handler (GET /web/customers?q=)',
      await measure(async (i) => {
        const res = await call(handler, {
          path: '/api/web/customers',
          query: { q: sample[i % sample.length]!.document },
          tenant: t.tenant,
          token: t.adminToken,
        });
        if (res.status !== 200) throw new Error(res.text);
        return res.body.data.length;
      }),
    ],
    [
      'nome via handler (GET /web/customers?q=)',
      await measure(async (i) => {
        const res = await call(handler, {
          path: '/api/web/customers',
          query: { q: nameWords[i % nameWords.length] },
          tenant: t.tenant,
          token: t.adminToken,
        });
        if (res.status !== 200) throw new Error(res.text);
        return res.body.data.length;
      }),
    ],
  ];
  for (const [name, f] of rows) {
    console.log(
      `  ${name.padEnd(50)} ${f.requests.toFixed(2)} req. DynamoDB/busca   p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   (${f.results.toFixed(1)} resultados)`,
    );
  }
  console.log(`  carga da máquina (1/5/15 min) após medir: ${load()}`);
  const totals = await listCustomers(ctx, { q: 'maria', page: 1, per_page: 10 });
  console.log(
    `  total informado para "maria": ${totals.pagination.total}${'estimated' in totals.pagination ? ' (estimado: mais de 200 resultados)' : ''}`,
  );
}

try {
  if (SMALL > 0) await scenario('Base pequena', SMALL);
  await scenario('Base grande', LARGE);
  console.log(
    '\nO handler soma 2 GetItems por requisição (usuário e perfil da equipe); o ambiente fica em cache por contêiner.',
  );
} finally {
  await dynamo.stop();
}
