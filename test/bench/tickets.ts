/**
 * Ticket campaigns (issue 21 targets) on DynamoDB Local:
 * - the prize schedule import: 10,000 rows written to an .xlsx, read with SheetJS as the editor
 *   does in the browser, validated and turned into gifts by the shared rules (`scheduleGifts`),
 *   then saved with the campaign through the campaigns function's real handler
 *   (`POST /api/web/campaign/new`). Target: parsed, validated and saved ≤ 15 s locally.
 * - instant prizes: 50 simultaneous qualifying purchases at one store for one released prize
 *   (the issuance service, as the stream processor calls it). Target: exactly 1 winner.
 *
 * Run: npx tsx test/bench/tickets.ts   (ROWS=10000, STORES=50, PURCHASES=50)
 */
import { startLocalTable } from '../support/local-table';

const ROWS = Number(process.env.ROWS ?? 10_000);
const STORES = Number(process.env.STORES ?? 50);
const PURCHASES = Number(process.env.PURCHASES ?? 50);

const dynamo = await startLocalTable('freguesia-bench-tickets');

const XLSX = await import('@e965/xlsx');
const { handler: campaigns } = await import('@freguesia/functions/campaigns/handler');
const { grantTickets } = await import('@freguesia/functions/tickets/issuance.service');
const { scheduleGifts } = await import('@freguesia/shared/domain/tickets');
const { localDateTime, localDay, addDays } = await import('@freguesia/shared/domain/dates');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { createStore } = await import('../integration/customers-fixtures');
const { call } = await import('../support/api');

const t = await createTestTenant('bench');
const stores: number[] = [];
for (let i = 0; i < STORES; i++) stores.push((await createStore(t.tenant, `Loja ${i + 1}`)).id);
const today = localDay();

// ---------------------------------------------------------------- the import

const header = ['loja', 'premio', 'data', 'hora_min', 'hora_max', 'hora_liberado'];
const lines = Array.from({ length: ROWS }, (_, i) => {
  const day = addDays(today, 1 + (i % 60))
    .split('-')
    .reverse()
    .join('/');
  // Half with a release time, half with an hour range; one row in 20 of a store not selected.
  const store = i % 20 === 19 ? 999_999 : stores[i % stores.length]!;
  return i % 2 === 0
    ? [store, `Prêmio ${i + 1}`, day, '', '', `${String(8 + (i % 12)).padStart(2, '0')}:30`]
    : [store, `Prêmio ${i + 1}`, day, 8 + (i % 6), 14 + (i % 6), ''];
});
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...lines]), 'Premios');
const file: Buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });

const t0 = performance.now();
const read = XLSX.read(file, { type: 'buffer' });
const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(read.Sheets[read.SheetNames[0]!]!, {
  raw: true,
  defval: '',
});
const t1 = performance.now();
const result = scheduleGifts(rows, new Set(stores));
if (!result.ok) throw new Error(`import refused at row ${result.row}`);
const t2 = performance.now();
const body = {
  description: 'Bench prêmios',
  type: 'T',
  active: 'Y',
  start_at: today,
  end_at: '',
  info: { need_terms: 'N', value: '20', layout_body: '{{ticket}}', can_accumulate: 'N', layout_gift: 'x' },
  accelerators: [],
  stores: stores.map((id_store) => ({ id_store })),
  gifts: result.gifts,
};
const saved = await call(campaigns, {
  method: 'POST',
  path: '/api/web/campaign/new',
  tenant: t.tenant,
  token: t.adminToken,
  body,
});
const t3 = performance.now();
if (saved.status !== 200) throw new Error(saved.text);
const details = await call(campaigns, {
  method: 'GET',
  path: '/api/web/campaign/details',
  tenant: t.tenant,
  token: t.adminToken,
  query: { id: saved.body.id },
});
console.log(
  `Importação de ${ROWS.toLocaleString('pt-BR')} linhas (${(file.length / 1024).toFixed(0)} KB, ${STORES} lojas): ` +
    `leitura ${((t1 - t0) / 1000).toFixed(2)} s · validação ${((t2 - t1) / 1000).toFixed(2)} s · ` +
    `gravação ${((t3 - t2) / 1000).toFixed(2)} s (${(JSON.stringify(body).length / 1024 / 1024).toFixed(2)} MB de corpo) · ` +
    `total ${((t3 - t0) / 1000).toFixed(2)} s (meta ≤ 15 s) · ${result.gifts.length} prêmios gravados, ${result.skipped} de lojas fora da campanha; ` +
    `detalhes com ${details.body.gifts.length} prêmios`,
);

// ---------------------------------------------------------------- one released prize, 50 purchases at once

const store = (await createStore(t.tenant, 'Loja do prêmio')).id;
const released = `${localDateTime(Date.now() - 5 * 60_000).replace(' ', 'T')}-03:00`;
const race = await call(campaigns, {
  method: 'POST',
  path: '/api/web/campaign/new',
  tenant: t.tenant,
  token: t.adminToken,
  body: {
    ...body,
    description: 'Bench instantâneo',
    stores: [{ id_store: store }],
    gifts: [{ id_store: store, available_at: released, gift: 'TV', qt_print: 0 }],
  },
});
if (race.status !== 200) throw new Error(race.text);
const ctx = staffContext(t);
const at = localDateTime(Date.now() - 60_000);
const r0 = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: PURCHASES }, (_, i) =>
    grantTickets(ctx, [
      {
        tenant: t.tenant,
        id: 1_000_000 + i,
        customerId: 2_000_000 + i,
        store,
        at,
        day: today,
        amountCentavos: 5_000,
        products: [],
        payments: [],
      },
    ]),
  ),
);
const r1 = performance.now();
const winners = outcomes.flatMap((o) => o.prizes);
console.log(
  `${PURCHASES} compras simultâneas na loja de 1 prêmio liberado: ${winners.length} ganhador(es) (meta: exatamente 1) · ` +
    `${outcomes.reduce((n, o) => n + o.issued, 0)} tickets emitidos · todas em ${((r1 - r0) / 1000).toFixed(2)} s`,
);

await dynamo.stop();
process.exit(0);
