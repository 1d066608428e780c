/**
 * Customer search at scale: DynamoDB requests per search page and latency (p50/p95) by exact
 * document, by accent-insensitive name prefix, by e-mail and by phone prefix, plus the unfiltered
 * first page, at 2,000 and at 100,000 customers (each in a fresh tenant). Runs against an
 * in-memory DynamoDB Local; requests are counted by a middleware on the shared DocumentClient.
 * Measured at the repository (the search itself) and through the real Lambda handler (which
 * adds the staff-auth reads: user and role).
 *
 * Run: npx tsx test/bench/customer-search.ts   (CUSTOMERS=100000, ITERATIONS=200 by default)
 */
import { countDynamoRequests, measureSearches, startLocalTable, type SearchFigures } from '../support/local-table';

const LARGE = Number(process.env.CUSTOMERS ?? 100_000);
const SMALL = 2_000;
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

const dynamo = await startLocalTable('freguesia-bench-customers');

// Modules read the environment at load time: import them only now.
const { CustomerEntity, CustomerPhoneEntity } = await import('@freguesia/functions/customers/entities');
const { customersRepository } = await import('@freguesia/functions/customers/customers.repository');
const { searchKey } = await import('@freguesia/functions/customers/customers.model');
const { handler } = await import('@freguesia/functions/customers/handler');
const { countersFor } = await import('@freguesia/functions/lib/ddb/counters');
const { cpfFromBase } = await import('@freguesia/shared/domain/document');
const { normalizeText } = await import('@freguesia/shared/domain/text');
const { createTestTenant } = await import('../support/tenant');
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

async function seed(tenant: string, count: number): Promise<number> {
  const started = performance.now();
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - start) }, (_, k) =>
      customer(tenant, start + k),
    );
    const phones = items.map((c) => ({
      tenant,
      phone: c.cellphone,
      customerId: c.id,
      fullname: c.fullname,
      document: c.document,
      email: c.email,
      cellphone: c.cellphone,
      city: c.city,
      state: c.state,
      channel: c.channel,
      active: c.active,
      createdAt: c.createdAt,
    }));
    const [a, b] = await Promise.all([
      CustomerEntity.put(items).go({ concurrency: 16 }),
      CustomerPhoneEntity.put(phones).go({ concurrency: 8 }),
    ]);
    if (a.unprocessed.length + b.unprocessed.length > 0) throw new Error('unprocessed items');
  }
  await countersFor(tenant).add('customer', count);
  return (performance.now() - started) / 1000;
}

const measure = (run: (i: number) => Promise<number>) => measureSearches(dynamoRequests, run, ITERATIONS, 10);

const namePrefixes = [
  'maria',
  'jose s',
  'ana lima',
  'joão',
  'antonio',
  'francisca oliveira',
  'carlos',
  'paulo r',
  'adriana',
  'lucas',
];

async function scenario(label: string, count: number) {
  const t = await createTestTenant('bench');
  const seconds = await seed(t.tenant, count);
  console.log(
    `\n${label}: ${count.toLocaleString('pt-BR')} clientes gravados em ${seconds.toFixed(1)} s (${Math.round((count * 2) / seconds)} itens/s, BatchWrite em paralelo)`,
  );
  const repo = customersRepository(t.tenant);
  const sample = Array.from({ length: 50 }, (_, k) => customer(t.tenant, (k * 7919) % count));
  const search = (q: string) => repo.search(searchKey(q)!, 1, 10);
  const rows: [string, SearchFigures][] = [
    [
      'documento exato (repositório)',
      await measure(async (i) => (await search(sample[i % sample.length]!.document)).items.length),
    ],
    [
      'prefixo do nome (repositório)',
      await measure(async (i) => (await search(namePrefixes[i % namePrefixes.length]!)).items.length),
    ],
    [
      'prefixo do e-mail (repositório)',
      await measure(
        async (i) =>
          (await repo.search({ kind: 'email', value: sample[i % sample.length]!.email.slice(0, 12) }, 1, 10))
            .items.length,
      ),
    ],
    [
      'prefixo do celular (repositório)',
      await measure(
        async (i) => (await search(`(11) ${sample[i % sample.length]!.cellphone.slice(2, 7)}`)).items.length,
      ),
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
          query: { q: namePrefixes[i % namePrefixes.length] },
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
  const totals = await repo.search(searchKey('maria')!, 1, 10);
  console.log(
    `  total informado para "maria": ${totals.total}${totals.estimated ? ' (estimado: mais de 200 resultados)' : ''}`,
  );
}

try {
  await scenario('Base pequena', SMALL);
  await scenario('Base grande', LARGE);
  console.log(
    '\nO handler soma 2 GetItems por requisição (usuário e perfil da equipe); o ambiente fica em cache por contêiner.',
  );
} finally {
  await dynamo.stop();
}
