/**
 * Export jobs at scale: a 100,000-member tag export (xlsx) and a 100,000-member lead export (CSV)
 * asked for, polled and downloaded over HTTP through the local server (the Lambda adapter with
 * Lambda's 6 MB response cap on), written by the real `exports` consumer on the in-process queue
 * into the local blob store. Prints rows, file size, elapsed time and the Node process's peak
 * memory (RSS and heap, sampled every 20 ms) while each job runs; and what the old synchronous
 * answer (the file in base64) would have weighed against the 6 MB cap.
 *
 * The base (customers, the tag's member index, the lead's members) is written with batch writes
 * into a table without its stream, as the search and segmentation benches do.
 *
 * Run: NODE_OPTIONS='--expose-gc --max-old-space-size=256' npx tsx test/bench/exports.ts
 * (MEMBERS=100000; EXPORTS=tag,lead picks the exports; BENCH_DYNAMODB_ENDPOINT reuses a running
 * DynamoDB Local). With the heap capped
 * at 256 MB a 100,000-row export that were built in memory would not fit beside the runtime; the
 * figures are peaks of the whole process (the local server, the consumer and the bench itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalTable } from '../support/local-table';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
/** Which exports to run: EXPORTS=tag,lead (both by default). */
const ONLY = new Set((process.env.EXPORTS ?? 'tag,lead').split(','));
const dataDir = mkdtempSync(join(tmpdir(), 'freguesia-bench-exports-'));
process.env.FREGUESIA_DATA_DIR = dataDir;

const dynamo = await startLocalTable('freguesia-bench-exports', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

// Modules read the environment at load time: import them only now.
const { CustomerEntity } = await import('@freguesia/functions/customers/entities');
const { TagMemberEntity } = await import('@freguesia/functions/segmentation/tags.entities');
const { createTag } = await import('@freguesia/functions/segmentation/tags.service');
const { createLeadFromList } = await import('@freguesia/functions/segmentation/leads.service');
const { replaceStaticMembers } = await import('@freguesia/functions/segmentation/population.service');
const { countersFor } = await import('@freguesia/functions/lib/ddb/counters');
const { registerConsumer, idle } = await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { handler: exportsConsumer } = await import('@freguesia/functions/exports/exports.consumer');
const { cpfFromBase } = await import('@freguesia/shared/domain/document');
const { normalizeText } = await import('@freguesia/shared/domain/text');
const { startLocalServer } = await import('../../infra/local/server');
const { MAX_RESPONSE_BYTES } = await import('../../infra/local/lambda-adapter');
const { createTestTenant, staffContext } = await import('../support/tenant');

const FIRST =
  'Maria José Ana João Antônio Francisca Carlos Paulo Adriana Lucas Juliana Pedro Márcia Luiz Fernanda Marcos'.split(
    ' ',
  );
const LAST =
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Conceição'.split(
    ' ',
  );
const TAG = 'Vinhos';

function customer(tenant: string, id: number) {
  const i = id - 1;
  const fullname =
    `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[(i * 7) % LAST.length]}`.toUpperCase();
  const email = `${normalizeText(fullname).toLowerCase().replace(/ /g, '.')}${id}@example.com`;
  const createdAt = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  return {
    tenant,
    id,
    type: 'F' as const,
    document: cpfFromBase(String(100_000_000 + i * 7)),
    fullname,
    gender: i % 2 ? 'F' : 'M',
    date_birth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
    cellphone: `11${String(900_000_000 + ((i * 7919) % 99_999_999))}`,
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
    tags: [TAG],
    basketCount: 0,
    basketTotal: 0,
    nameKey: normalizeText(fullname),
    emailKey: email,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const t = await createTestTenant('bex');
const ctx = staffContext(t);
const seedStarted = performance.now();
for (let start = 1; start <= MEMBERS; start += 5000) {
  const ids = Array.from({ length: Math.min(5000, MEMBERS - start + 1) }, (_, k) => start + k);
  const [a, b] = await Promise.all([
    CustomerEntity.put(ids.map((id) => customer(t.tenant, id))).go({ concurrency: 16 }),
    TagMemberEntity.put(ids.map((customerId) => ({ tenant: t.tenant, tag: TAG, customerId }))).go({
      concurrency: 8,
    }),
  ]);
  if (a.unprocessed.length + b.unprocessed.length > 0) throw new Error('unprocessed items');
}
await countersFor(t.tenant).add('customer', MEMBERS);
const tag = await createTag(ctx, { description: TAG });
const lead = await createLeadFromList(ctx, {
  description: 'Todos os clientes',
  customers: [{ id_customer: 1 }],
});
await replaceStaticMembers(
  ctx,
  lead.id,
  Array.from({ length: MEMBERS }, (_, k) => k + 1),
  false,
);
console.log(
  `base: ${MEMBERS.toLocaleString('pt-BR')} clientes, membros da tag e do lead gravados em ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

registerConsumer('exports', exportsConsumer, 3);
const server = await startLocalServer({ port: 0, webDir: join(dataDir, 'no-web') });
const base = `http://localhost:${(server.address() as AddressInfo).port}`;
/** fetch, once more if the server closed an idle kept-alive socket as it was reused (ECONNRESET). */
async function get(url: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

const headers = { authorization: `Bearer ${t.adminToken}`, 'x-forwarded-host': `${t.tenant}.localhost` };

async function run(label: string, path: string, id: number) {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const started = performance.now();
  const accepted = await get(`${base}${path}?id=${id}`, { headers });
  if (accepted.status !== 202) throw new Error(`${path}: ${accepted.status} ${await accepted.text()}`);
  const { id: job } = (await accepted.json()) as { id: number };
  let status: { status: string; rows: number; size: number | null; url?: string; message: string | null };
  let polls = 0;
  for (;;) {
    const res = await get(`${base}/api/web/exports/${job}`, { headers });
    status = (await res.json()) as typeof status;
    polls++;
    if (status.status === 'done' || status.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const written = performance.now();
  if (status.status !== 'done') throw new Error(`${label}: ${status.message}`);
  const download = await get(new URL(status.url!, base));
  const file = Buffer.from(await download.arrayBuffer());
  clearInterval(sampler);
  global.gc?.();
  const retained = process.memoryUsage().heapUsed - baseline.heapUsed;
  const seconds = (written - started) / 1000;
  const syncAnswer = Math.ceil(file.length / 3) * 4;
  console.log(
    `${label}: ${status.rows.toLocaleString('pt-BR')} linhas, arquivo ${mb(file.length)} (download ${download.status}), ` +
      `${seconds.toFixed(1)} s do pedido ao arquivo pronto (${Math.round(status.rows / seconds).toLocaleString('pt-BR')} linhas/s, ${polls} consultas), ` +
      `pico de memória do processo: RSS ${mb(peakRss)} (+${mb(peakRss - baseline.rss)}), heap ${mb(peakHeap)} (+${mb(peakHeap - baseline.heapUsed)}, retido depois: ${mb(retained)}); ` +
      `como resposta síncrona seriam ${mb(syncAnswer)} em base64: ${syncAnswer > MAX_RESPONSE_BYTES ? 'acima' : 'abaixo'} do limite de 6 MB`,
  );
  return { file, rows: status.rows };
}

try {
  if (ONLY.has('tag')) {
    const tagFile = await run('Exportação da tag (xlsx)', '/api/web/tag/export', tag.id);
    const { unzipSync, strFromU8 } = await import('fflate');
    const sheet = strFromU8(
      unzipSync(new Uint8Array(tagFile.file), { filter: (f) => f.name === 'xl/worksheets/sheet1.xml' })[
        'xl/worksheets/sheet1.xml'
      ]!,
    );
    const sheetRows = sheet.split('<row ').length - 1;
    if (sheetRows !== MEMBERS + 1 || tagFile.rows !== MEMBERS)
      throw new Error(`tag export: ${sheetRows} rows in the sheet`);
    console.log(`conferido: ${sheetRows.toLocaleString('pt-BR')} linhas na planilha (cabeçalho incluído)`);
  }
  if (ONLY.has('lead')) {
    const leadFile = await run('Exportação do lead (CSV)', '/api/web/leads/export', lead.id);
    const lines = leadFile.file.toString('utf8').trim().split('\r\n').length;
    if (lines !== MEMBERS + 1 || leadFile.rows !== MEMBERS) throw new Error(`lead export: ${lines} lines`);
    console.log(`conferido: ${lines.toLocaleString('pt-BR')} linhas no CSV (cabeçalho incluído)`);
  }
} finally {
  await idle(5_000).catch(() => undefined);
  server.close();
  await dynamo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
