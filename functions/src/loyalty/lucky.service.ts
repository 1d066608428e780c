import { createHash, randomInt } from 'node:crypto';
import { formatLuckyNumber, SERIES_SIZE, winningElement } from '@freguesia/shared/domain/lucky';
import { centsToNumber, parseMoney } from '@freguesia/shared/domain/money';
import {
  LUCKY_MESSAGES,
  type LuckyAudit,
  type LuckyCampaign,
  type LuckyDrawRequest,
  type LuckyDrawResult,
  type LuckyInfo,
  type LuckyNumberRow,
  type LuckyStatus,
  type PointsCampaign,
} from '@freguesia/shared/schemas/lucky';
import { storeNames, storeScope } from '../catalog/stores.service';
import {
  assertCampaignAccess,
  assertUpdatable,
  CAMPAIGN_NOT_FOUND,
  campaignRecord,
  createCampaignRecord,
  STALE_CAMPAIGN,
  updateCampaignRecord,
  type CampaignFields,
  type CampaignRecord,
  campaignHistoryRecord,
} from '../campaign-records/campaign-records.service';
import { customerContacts } from '../customers/customers.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { leadSummaries } from '../segmentation/leads.service';
import type { LuckyNumberItem } from './lucky.entities';
import { luckyRepository, type LuckyPool } from './lucky.repository';

/**
 * Lucky-number campaigns (spec part 2 §2.3, §3, §5, §9; functions/README.md "Lucky numbers"): the
 * campaign's save (through the shared campaign record), its issuance state, the audit of its hash
 * chain, the draw helper and the export. Issuance on purchase is in `grants.service.ts`.
 */

/** Capacity of a campaign: series × 100,000. */
export const capacityOf = (info: Pick<LuckyInfo, 'series_quantity'>) => info.series_quantity * SERIES_SIZE;

/** The chain's first link: bound to the tenant and the campaign, so a chain cannot be moved. */
export const genesisOf = (tenant: string, campaign: number) =>
  createHash('sha256').update(`freguesia:lucky:${tenant}:${campaign}`).digest('hex');

/** The link of one issued number: everything the auditor checks, after the previous link. */
export function linkHash(
  n: Pick<
    LuckyNumberItem,
    | 'prev'
    | 'seq'
    | 'campaign'
    | 'value'
    | 'customer'
    | 'basket'
    | 'store'
    | 'origin'
    | 'basketAt'
    | 'createdAt'
  >,
): string {
  return createHash('sha256')
    .update(
      [
        n.prev,
        n.seq,
        n.campaign,
        n.value,
        n.customer,
        n.basket,
        n.store,
        n.origin,
        n.basketAt,
        n.createdAt,
      ].join('|'),
    )
    .digest('hex');
}

/** Uniform integer in [from, to): the OS's CSPRNG (a regulated promotion must not be predictable). */
export const uniformPosition = (from: number, to: number) => randomInt(from, to);

// ------------------------------------------------------------------------------- saving

/** References a save may name: existing stores within the user's scope, an existing lead. */
async function checkReferences(ctx: ServiceContext, c: LuckyCampaign | PointsCampaign): Promise<void> {
  const names = await storeNames(ctx);
  const unknown = c.stores.find((s) => !names.has(s.id_store));
  if (unknown) throw invalid({ stores: `Loja ${unknown.id_store} não encontrada.` });
  const inScope = storeScope(ctx);
  if (c.stores.some((s) => !inScope(s.id_store)))
    throw forbidden('Você só pode criar campanhas para a sua loja.');
  if (c.id_lead) {
    const leads = await leadSummaries(ctx, [c.id_lead]);
    if (!leads.has(c.id_lead)) throw invalid({ id_lead: 'Lead não encontrado.' });
  }
}

const fieldsOf = (c: LuckyCampaign | PointsCampaign): CampaignFields =>
  ({
    description: c.description,
    type: c.type,
    active: c.active,
    id_lead: c.id_lead,
    start_at: c.start_at,
    end_at: c.end_at,
    stores: c.stores,
    brands: [],
    payments: [],
    groups: [],
    info: c.info,
  }) as unknown as CampaignFields;

/** POST /web/campaign/new with type L or C: {id}. A lucky campaign gets its number space at once. */
export async function createLoyaltyCampaign(
  ctx: ServiceContext,
  campaign: LuckyCampaign | PointsCampaign,
): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', [campaign.type]);
  await checkReferences(ctx, campaign);
  const saved = await createCampaignRecord(ctx, fieldsOf(campaign), []);
  if (campaign.type === 'L')
    await luckyRepository(ctx.tenant).createPool(
      saved.id,
      capacityOf(campaign.info),
      genesisOf(ctx.tenant, saved.id),
    );
  return { id: saved.id };
}

async function loyaltyCampaign(ctx: ServiceContext, id: number, type?: 'L' | 'C'): Promise<CampaignRecord> {
  // Reads only (status, numbers, export, audit): a deleted campaign keeps its history.
  const campaign = await campaignHistoryRecord(ctx, id);
  if (!campaign || (type && (campaign.type as string) !== type)) throw notFound(CAMPAIGN_NOT_FOUND);
  const inScope = storeScope(ctx);
  if (campaign.stores.length > 0 && !campaign.stores.some((s) => inScope(s.id_store)))
    throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', [campaign.type]);
  return campaign;
}

/**
 * PUT /web/campaign/update with type L or C: {id}. The kind never changes (assertUpdatable); the
 * series of a lucky campaign may grow at any time (the new values join the free part of the
 * shuffle) and shrink only while no number was issued beyond the new space.
 */
export async function updateLoyaltyCampaign(
  ctx: ServiceContext,
  campaign: LuckyCampaign | PointsCampaign,
): Promise<{ id: number }> {
  if (!campaign.id) throw invalid({ id: 'Campanha inválida.' });
  const current = await campaignRecord(ctx, campaign.id);
  if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
  assertUpdatable(ctx, current, campaign.type);
  // A user bound to one store changes only campaigns whose stores are all theirs (issue 20 item 20).
  const staff = staffOf(ctx);
  if (staff && !staff.allStores) {
    const inScope = storeScope(ctx);
    if (current.stores.length === 0 || !current.stores.every((s) => inScope(s.id_store)))
      throw forbidden('Você só pode alterar ou excluir campanhas que valem apenas para a sua loja.');
  }
  if (campaign.updated_at && campaign.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  await checkReferences(ctx, campaign);
  if (campaign.type === 'L') {
    const repo = luckyRepository(ctx.tenant);
    const pool = await repo.pool(current.id);
    const size = capacityOf(campaign.info);
    if (!pool) await repo.createPool(current.id, size, genesisOf(ctx.tenant, current.id));
    else if (pool.size !== size) {
      // Shrinking is safe only while nothing was issued: an issued value, or one the shuffle moved
      // into a free position, may lie beyond the new space.
      if (size < pool.size && pool.issued > 0)
        throw invalid({ 'info.series_quantity': LUCKY_MESSAGES.seriesShrink });
      if (!(await repo.resizePool(current.id, size)))
        throw invalid({ 'info.series_quantity': LUCKY_MESSAGES.seriesShrink });
    }
  }
  await updateCampaignRecord(ctx, current, fieldsOf(campaign), []);
  return { id: current.id };
}

// ------------------------------------------------------------------------------- state

const statusOf = (id: number, seriesQuantity: number, pool: LuckyPool | undefined): LuckyStatus => {
  const capacity = pool?.size ?? seriesQuantity * SERIES_SIZE;
  const generated = pool?.issued ?? 0;
  return {
    id,
    series_quantity: Math.round(capacity / SERIES_SIZE),
    capacity,
    generated,
    progress: capacity > 0 ? generated / capacity : 0,
    exhausted: capacity > 0 && generated >= capacity,
    missing: pool?.missing ?? 0,
    head: pool?.head ?? '',
  };
};

/** The list's lucky columns (spec part 2 §2.3): generated numbers and progress = generated / (100000 × series), per campaign. */
export async function luckyProgress(
  ctx: ServiceContext,
  campaigns: readonly Pick<CampaignRecord, 'id' | 'info'>[],
): Promise<Map<number, LuckyStatus>> {
  const pools = await luckyRepository(ctx.tenant).pools(campaigns.map((c) => c.id));
  return new Map(
    campaigns.map((c) => [
      c.id,
      statusOf(c.id, Number((c.info as { series_quantity?: unknown }).series_quantity) || 1, pools.get(c.id)),
    ]),
  );
}

/** GET /web/lucky-numbers/{id}: the campaign's issuance state. */
export async function luckyStatus(ctx: ServiceContext, id: number): Promise<LuckyStatus> {
  const campaign = await loyaltyCampaign(ctx, id, 'L');
  const pool = await luckyRepository(ctx.tenant).pool(id);
  return statusOf(id, Number((campaign.info as { series_quantity?: unknown }).series_quantity) || 1, pool);
}

const rowOf = (n: LuckyNumberItem): LuckyNumberRow => ({
  lucky_number: formatLuckyNumber(n.value),
  serie: formatLuckyNumber(n.value).slice(0, 2),
  seq: n.seq,
  id_customer: n.customer,
  id_basket: n.basket,
  id_store: n.store,
  origin: n.origin,
  basket_at: n.basketAt,
  created_at: n.createdAt,
  hash: n.hash,
});

/** GET /web/lucky-numbers/{id}/numbers?after=: the issuance log in sequence order, a page after sequence `after`. */
export async function luckyNumbersPage(
  ctx: ServiceContext,
  id: number,
  after: number,
  limit: number,
): Promise<{ data: LuckyNumberRow[]; next: number | null }> {
  await loyaltyCampaign(ctx, id, 'L');
  const rows = await luckyRepository(ctx.tenant).afterSeq(id, after, limit);
  return { data: rows.map(rowOf), next: rows.length === limit ? rows[rows.length - 1]!.seq : null };
}

/** GET /web/lucky-numbers/customer/{customerId}: a customer's numbers, by campaign and number. */
export async function customerLuckyNumbers(
  ctx: ServiceContext,
  customerId: number,
): Promise<(LuckyNumberRow & { id_campaign: number })[]> {
  assertCampaignAccess(ctx, 'read', ['L']);
  const numbers = await luckyRepository(ctx.tenant).ofCustomer(customerId);
  return numbers.map((n) => ({ ...rowOf(n), id_campaign: n.campaign }));
}

// ------------------------------------------------------------------------------- audit

/** Links checked per page of the walk. */
const AUDIT_PAGE = 1000;

/**
 * Verifies a campaign's hash chain (GET /web/lucky-numbers/{id}/audit, and the CLI
 * `functions/scripts/verify-lucky-chain.ts`): walks the issuance log in sequence order and checks
 * that the sequence has no gap, each link names the previous one and each hash is that of its
 * record; then that the log ends where the pool's head says. The first broken link is named.
 */
export async function verifyLuckyChain(ctx: ServiceContext, id: number): Promise<LuckyAudit> {
  await loyaltyCampaign(ctx, id, 'L');
  const repo = luckyRepository(ctx.tenant);
  const pool = await repo.pool(id);
  let prev = genesisOf(ctx.tenant, id);
  let expected = 1;
  let cursor: string | null = null;
  const fail = (seq: number, reason: string): LuckyAudit => ({
    ok: false,
    checked: expected - 1,
    generated: pool?.issued ?? 0,
    head: pool?.head ?? '',
    broken: { seq, reason },
  });
  do {
    const page: { rows: LuckyNumberItem[]; cursor: string | null } = await repo.bySeq(id, cursor, AUDIT_PAGE);
    for (const n of page.rows) {
      if (n.seq !== expected)
        return fail(
          expected,
          n.seq > expected ? 'Registro ausente (excluído) na sequência.' : 'Sequência repetida.',
        );
      if (n.prev !== prev) return fail(n.seq, 'O elo não aponta para o registro anterior.');
      if (linkHash(n) !== n.hash) return fail(n.seq, 'O registro foi alterado (hash não confere).');
      prev = n.hash;
      expected++;
    }
    cursor = page.cursor;
  } while (cursor);
  const issued = pool?.issued ?? 0;
  if (expected - 1 < issued) return fail(expected, 'Registro ausente (excluído) no fim da sequência.');
  if (pool && pool.head !== prev) return fail(expected - 1, 'O último elo não confere com o topo da cadeia.');
  return { ok: true, checked: expected - 1, generated: issued, head: prev, broken: null };
}

// ------------------------------------------------------------------------------- draw

export const DRAW_RULE =
  'O elemento sorteado é formado pelos 5 últimos dígitos do 1º prêmio da Loteria Federal. Em cada série, ganha o número com esse elemento; se ele não foi distribuído, o próximo número distribuído acima dele na mesma série, voltando a 00000 depois de 99999. Série sem números distribuídos não tem ganhador.';

/** POST /web/lucky-numbers/{id}/draw: the winning number and customer of each series (two Queries per series at most). */
export async function luckyDraw(
  ctx: ServiceContext,
  id: number,
  request: LuckyDrawRequest,
): Promise<LuckyDrawResult> {
  const campaign = await loyaltyCampaign(ctx, id, 'L');
  const element = winningElement(request.first_prize);
  if (element === undefined) throw invalid({ first_prize: LUCKY_MESSAGES.drawResult });
  const repo = luckyRepository(ctx.tenant);
  const pool = await repo.pool(id);
  const series = Math.round((pool?.size ?? capacityOf(campaign.info as unknown as LuckyInfo)) / SERIES_SIZE);
  const winners = await Promise.all(
    Array.from({ length: series }, async (_, s) => {
      const base = s * SERIES_SIZE;
      const found =
        (await repo.firstFrom(id, base + element, base + SERIES_SIZE - 1)) ??
        (await repo.firstFrom(id, base, base + element - 1));
      return { s, found };
    }),
  );
  const contacts = await customerContacts(ctx, [
    ...new Set(winners.flatMap((w) => (w.found ? [w.found.customer] : []))),
  ]);
  const byId = new Map(contacts.map((c) => [c.id, c]));
  return {
    element: String(element).padStart(5, '0'),
    rule: DRAW_RULE,
    series: winners.map(({ s, found }) => ({
      serie: String(s).padStart(2, '0'),
      lucky_number: found ? formatLuckyNumber(found.value) : null,
      exact: !!found && found.value % SERIES_SIZE === element,
      id_customer: found?.customer ?? null,
      fullname: found ? (byId.get(found.customer)?.fullname ?? null) : null,
      document: found ? (byId.get(found.customer)?.document ?? null) : null,
    })),
  };
}

// ------------------------------------------------------------------------------- export

/** The columns of the lucky-number export (spec part 2 §3 'Export rows', Lucky numbers). */
export const LUCKY_COLUMNS = [
  'id_campaign',
  'description',
  'id_customer',
  'document',
  'fullname',
  'serie',
  'lucky_number',
  'is_valid',
  'id_store',
  'origin',
  'basket_at',
  'created_at',
] as const;

export async function luckyExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  const campaign = await loyaltyCampaign(ctx, id, 'L');
  return {
    title: `Números da sorte ${campaign.description}`,
    fileName: `numeros-da-sorte-${campaign.id}.xlsx`,
  };
}

/**
 * One page of the lucky-number export, in issuance order. `is_valid` is 'Y' when the record's
 * hash is that of its fields and it names the link before it in the page (an altered record
 * exports 'N'; the audit names the break).
 */
export async function luckyExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number)[][]; cursor: string | null }> {
  const campaign = await loyaltyCampaign(ctx, id, 'L');
  const page = await luckyRepository(ctx.tenant).bySeq(id, cursor, AUDIT_PAGE);
  const contacts = new Map(
    (await customerContacts(ctx, [...new Set(page.rows.map((n) => n.customer))])).map((c) => [c.id, c]),
  );
  const rows = page.rows.map((n) => {
    const number = formatLuckyNumber(n.value);
    const contact = contacts.get(n.customer);
    return [
      id,
      campaign.description,
      n.customer,
      contact?.document ?? '',
      contact?.fullname ?? '',
      number.slice(0, 2),
      number,
      linkHash(n) === n.hash ? 'Y' : 'N',
      n.store,
      n.origin,
      n.basketAt,
      n.createdAt,
    ];
  });
  return { rows, cursor: page.cursor };
}

/** Reais of a campaign's info value, in centavos (0 when unreadable). */
export const valueCentavos = (info: unknown): number => {
  const v = (info as { value?: unknown } | undefined)?.value;
  return typeof v === 'number' || typeof v === 'string' ? (parseMoney(v) ?? 0) : 0;
};
export const reais = centsToNumber;
