import { localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import { normalizeText } from '@freguesia/shared/domain/text';
import { DISCOUNT_TYPES, NO_END_DATE, type Campaign } from '@freguesia/shared/schemas/campaign';
import { isCommunicationType } from '@freguesia/shared/domain/communication';
import type { TvCampaign } from '@freguesia/shared/schemas/tv';
import type {
  CalendarEntry,
  CampaignDetails,
  CampaignRow,
  CampaignSimple,
  CampaignStatus,
} from '@freguesia/shared/schemas/campaign-api';
import { classifyProducts } from '../catalog/products.service';
import { storeNames, storeScope } from '../catalog/stores.service';
import {
  archivedCampaignProducts,
  archivedCampaignRecord,
  archivedCampaignRecords,
  assertCampaignAccess,
  assertUpdatable,
  campaignKind,
  CAMPAIGN_NOT_FOUND,
  campaignProducts,
  campaignRecord,
  campaignRecords,
  createCampaignRecord,
  removeCampaignRecord,
  campaignHistoryRecord,
  STALE_CAMPAIGN,
  updateCampaignRecord,
  type CampaignFields,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { recordAudit } from '../audit/audit.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { assertLeadUsable } from '../segmentation/lead-validity.service';
import { leadSummaries } from '../segmentation/leads.service';
import { luckyProgress } from '../loyalty/lucky.service';
import { settlementRepository } from './settlement.repository';
import { calendarEntry } from './calendar.model';
import { ensureHoldsSweep } from './checkout.service';
import type { TicketCampaignDetails } from '@freguesia/shared/schemas/ticket-api';
import { ticketCampaignDetails } from '../tickets/ticket-campaigns.service';

/**
 * Discount campaigns (spec part 2 §1–§3, §7): the list with its filters, details, create, update,
 * delete, the calendar and the discount export. Campaigns are a small collection per tenant, read
 * whole and filtered in memory. A user without all stores sees the campaigns that run in their
 * store and may only aim campaigns at it (spec part 1 §6).
 */

export interface CampaignQuery {
  page: number;
  per_page: number;
  q: string;
  type?: string | undefined;
  types: string[];
  /** Y (default): active campaigns only; N: inactive ones too. */
  show_actives: boolean;
  running_only: boolean;
  running_at?: string | undefined;
  channel_id?: number | undefined;
  /**
   * Y: the deleted campaigns (kept for history: 'Excluídas') instead of the live ones, with the
   * same filters of type, search and channel; `show_actives` and the running filters do not apply.
   */
  archived?: boolean | undefined;
}

/** Where a campaign stands on `today`. */
export function campaignStatus(
  c: Pick<CampaignRecord, 'active' | 'start_at' | 'end_at'>,
  today: string,
): CampaignStatus {
  if (c.active !== 'Y') return 'inactive';
  if (c.start_at > today) return 'scheduled';
  if (c.end_at < today) return 'ended';
  return 'running';
}

const visible = (ctx: ServiceContext) => {
  const inScope = storeScope(ctx);
  return (c: CampaignRecord) => c.stores.length === 0 || c.stores.some((s) => inScope(s.id_store));
};

export const OUT_OF_SCOPE_CAMPAIGN =
  'Você só pode alterar ou excluir campanhas que valem apenas para a sua loja.';

/** The kinds aimed at stores: discounts and TV screens. */
const STORE_AIMED: ReadonlySet<string> = new Set(['discount', 'display', 'loyalty']);

/**
 * A user bound to one store sees the campaigns that run in their store, but changes or deletes
 * only those whose stores are all theirs: narrowing a multi-store campaign to their store (or
 * deleting it) would take it away from the other stores. Communications are not aimed at stores.
 */
function assertOwnsStores(ctx: ServiceContext, campaign: CampaignRecord): void {
  const staff = staffOf(ctx);
  if (!staff || staff.allStores || !STORE_AIMED.has(campaignKind(campaign.type))) return;
  const inScope = storeScope(ctx);
  if (campaign.stores.length === 0 || !campaign.stores.every((s) => inScope(s.id_store)))
    throw forbidden(OUT_OF_SCOPE_CAMPAIGN);
}

async function existing(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write' = 'read',
): Promise<CampaignRecord> {
  const campaign = await campaignRecord(ctx, id);
  if (!campaign || !visible(ctx)(campaign)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, action, [campaign.type]);
  if (action === 'write') assertOwnsStores(ctx, campaign);
  return campaign;
}

/** A campaign for its history (exports): the live one, else the record kept when it was deleted. */
async function historical(ctx: ServiceContext, id: number): Promise<CampaignRecord> {
  const campaign = await campaignHistoryRecord(ctx, id);
  if (!campaign || !visible(ctx)(campaign)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', [campaign.type]);
  return campaign;
}

/**
 * GET /web/campaigns: newest first, the spec's filters, page size 20. With `archived=Y`, the
 * deleted campaigns (one Query of their own partition, as the live list reads its own), newest
 * first, under the same permission and store scope.
 */
export async function listCampaigns(
  ctx: ServiceContext,
  query: CampaignQuery,
): Promise<Paginated<CampaignRow>> {
  const today = localDay(ctx.now());
  const words = normalizeText(query.q).split(' ').filter(Boolean);
  const types = new Set([...query.types, ...(query.type ? [query.type] : [])]);
  assertCampaignAccess(ctx, 'read', [...types]);
  const at = query.running_at ?? today;
  const live = !query.archived;
  const records: (CampaignRecord & { archived_at?: string })[] = live
    ? await campaignRecords(ctx)
    : await archivedCampaignRecords(ctx);
  const rows = records
    .filter(visible(ctx))
    .filter((c) => !live || !query.show_actives || c.active === 'Y')
    .filter((c) => types.size === 0 || types.has(c.type))
    .filter(
      (c) =>
        !live ||
        !(query.running_only || query.running_at) ||
        (c.active === 'Y' && c.start_at <= at && c.end_at >= at),
    )
    .filter(
      (c) =>
        query.channel_id === undefined ||
        Number((c.info as { channel_id?: unknown }).channel_id) === query.channel_id,
    )
    .filter((c) => {
      if (words.length === 0) return true;
      const text = `${c.id} ${normalizeText(c.description)}`;
      return words.every((w) => text.split(' ').some((t) => t.startsWith(w)));
    })
    .sort((a, b) => b.id - a.id);
  const page = rows.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const [leads, lucky] = await Promise.all([
    leadSummaries(
      ctx,
      page.map((c) => c.id_lead).filter((l): l is number => l !== null),
    ),
    luckyProgress(
      ctx,
      page.filter((c) => (c.type as string) === 'L'),
    ),
  ]);
  return paginated(
    page.map((c) => ({
      id: c.id,
      description: c.description,
      type: c.type,
      active: c.active,
      id_lead: c.id_lead,
      lead_description: c.id_lead ? (leads.get(c.id_lead)?.description ?? null) : null,
      population: c.id_lead ? (leads.get(c.id_lead)?.population ?? null) : null,
      start_at: c.start_at,
      end_at: c.end_at,
      created_at: c.created_at,
      updated_at: c.updated_at,
      product_count: c.product_count,
      status: campaignStatus(c, today),
      ...(isCommunicationType(c.type)
        ? { info: listInfo(c.info as unknown as Record<string, unknown>) }
        : {}),
      ...(isLoyaltyType(c.type) ? { info: c.info as unknown as Record<string, unknown> } : {}),
      ...(lucky.has(c.id)
        ? { lucky_quantity: lucky.get(c.id)!.generated, progress: lucky.get(c.id)!.progress }
        : {}),
      ...(c.archived_at ? { archived_at: c.archived_at } : {}),
    })),
    rows.length,
    query.page,
    query.per_page,
  );
}

/** Lucky numbers (L) and points (C): their info is a few small fields, shown in the lists. */
const isLoyaltyType = (type: string) => type === 'L' || type === 'C';

/** What a communication row shows of its info (never the message body nor the editor project). */
const LIST_INFO_KEYS = [
  'type',
  'run_on',
  'run_frequency',
  'executed_at',
  'canceled_at',
  'canceled_by',
  'url',
  'approvement',
  'value',
  'layout_title',
  'layout_header',
  'recipients',
  'channel_id',
] as const;
const listInfo = (info: Record<string, unknown>) =>
  Object.fromEntries(LIST_INFO_KEYS.filter((k) => k in info).map((k) => [k, info[k]]));

/** GET /web/campaigns/simple: every visible campaign, short, by description. */
export async function simpleCampaigns(ctx: ServiceContext): Promise<CampaignSimple[]> {
  return (await campaignRecords(ctx))
    .filter(visible(ctx))
    .sort((a, b) => a.description.localeCompare(b.description, 'pt-BR') || a.id - b.id)
    .map(({ id, description, type, active }) => ({ id, description, type, active }));
}

/** A deleted campaign the caller may read (its type's permission, the store scope), read-only. */
async function archivedOne(
  ctx: ServiceContext,
  id: number,
): Promise<CampaignRecord & { archived_at: string }> {
  const campaign = await archivedCampaignRecord(ctx, id);
  if (!campaign || !visible(ctx)(campaign)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', [campaign.type]);
  return campaign;
}

/**
 * GET /web/campaign/details: the campaign with its product rows (named from the catalogue) and the
 * `campaign_*` lists; a ticket campaign (type 'T') is answered by the tickets domain. With
 * `archived=Y`: a deleted campaign as it was (its products as its header read them; a ticket
 * campaign in its own shape, prizes included), with `archived_at` — for reading only (nothing
 * edits, sends or deletes an archived campaign).
 */
export async function campaignDetails(
  ctx: ServiceContext,
  id: number,
  options: { archived?: boolean } = {},
): Promise<CampaignDetails | TicketCampaignDetails> {
  const campaign: CampaignRecord & { archived_at?: string } = options.archived
    ? await archivedOne(ctx, id)
    : await existing(ctx, id);
  // A ticket campaign, live or deleted, answers as its own kind (its editor reads it, read-only when deleted).
  if (campaign.type === ('T' as string))
    return {
      ...(await ticketCampaignDetails(ctx, id)),
      ...(campaign.archived_at ? { archived_at: campaign.archived_at } : {}),
    };
  const [products, leads, voucherUses] = await Promise.all([
    campaign.archived_at ? archivedCampaignProducts(ctx, id) : campaignProducts(ctx, campaign),
    leadSummaries(ctx, campaign.id_lead ? [campaign.id_lead] : []),
    campaign.info.voucher_code ? settlementRepository(ctx.tenant).voucherUses(id) : Promise.resolve(0),
  ]);
  const names = await productNames(
    ctx,
    products.map((p) => p.code),
  );
  // A TV row keeps the text it was saved with (an unknown product's 'PRODUTO NÃO CADASTRADO').
  const saved = (p: object) =>
    'description' in p && typeof p.description === 'string' && p.description ? p.description : null;
  const rows = products.map((p) => ({ ...p, description: names.get(p.code) ?? saved(p) }));
  return {
    id: campaign.id,
    description: campaign.description,
    type: campaign.type,
    active: campaign.active,
    id_lead: campaign.id_lead,
    lead_description: campaign.id_lead ? (leads.get(campaign.id_lead)?.description ?? null) : null,
    start_at: campaign.start_at,
    end_at: campaign.end_at,
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
    info: campaign.info,
    products: rows,
    stores: campaign.stores,
    brands: campaign.brands,
    payments: campaign.payments,
    groups: campaign.groups,
    campaign_stores: campaign.stores,
    campaign_brands: campaign.brands,
    campaign_products: rows,
    campaign_payments: campaign.payments.map((p) => ({ id_payment_method: p.id_payment_method })),
    campaign_info: campaign.info,
    campaign_accelerators: [],
    voucher_uses: voucherUses,
    ...(campaign.archived_at ? { archived_at: campaign.archived_at } : {}),
  };
}

/** Product descriptions by EAN (the catalogue's own lookup; unknown codes are left out). */
async function productNames(ctx: ServiceContext, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const found = await classifyProducts(ctx, codes.slice(0, 2_000));
  return new Map([...found].map(([code, p]) => [code, p.description]));
}

/**
 * What a save may name: existing stores within the user's scope, and an existing lead. Refused
 * with the field's message before anything is written.
 */
async function checkReferences(
  ctx: ServiceContext,
  campaign: Pick<Campaign, 'stores'> & { id_lead?: number | null; active?: 'Y' | 'N' },
): Promise<void> {
  const names = await storeNames(ctx);
  const unknown = campaign.stores.find((s) => !names.has(s.id_store));
  if (unknown) throw invalid({ stores: `Loja ${unknown.id_store} não encontrada.` });
  const inScope = storeScope(ctx);
  if (campaign.stores.some((s) => !inScope(s.id_store)))
    throw forbidden('Você só pode criar campanhas para a sua loja.');
  if (campaign.id_lead) {
    const leads = await leadSummaries(ctx, [campaign.id_lead]);
    if (!leads.has(campaign.id_lead)) throw invalid({ id_lead: 'Lead não encontrado.' });
    // An active campaign for a lead past its 'Válido até' would apply to nobody.
    if (campaign.active === 'Y') await assertLeadUsable(ctx, campaign.id_lead);
  }
}

/** Whether a campaign holds budgets or per-customer uses at checkout (then the tenant's hold sweep must run). */
const hasBudget = (c: Campaign) =>
  c.info.budget > 0 ||
  c.info.customer_limit > 0 ||
  c.products.some((p) => p.budget > 0 || p.budget_limit > 0);

const fieldsOf = ({
  description,
  type,
  active,
  id_lead,
  start_at,
  end_at,
  stores,
  brands,
  payments,
  groups,
  info,
}: Campaign): CampaignFields => ({
  description,
  type,
  active,
  id_lead,
  start_at,
  end_at: end_at || NO_END_DATE,
  stores,
  brands,
  payments,
  groups,
  info,
});

/** POST /web/campaign/new: {id}. */
export async function createCampaign(ctx: ServiceContext, campaign: Campaign): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', [campaign.type]);
  await checkReferences(ctx, campaign);
  const saved = await createCampaignRecord(ctx, fieldsOf(campaign), campaign.products);
  if (hasBudget(campaign)) await ensureHoldsSweep(ctx);
  return { id: saved.id };
}

/** PUT /web/campaign/update: {id}. A stale `updated_at` (edited by someone else since it was read) is a conflict. */
export async function updateCampaign(ctx: ServiceContext, campaign: Campaign): Promise<{ id: number }> {
  if (!campaign.id) throw invalid({ id: 'Campanha inválida.' });
  const current = await existing(ctx, campaign.id, 'write');
  assertUpdatable(ctx, current, campaign.type);
  if (campaign.updated_at && campaign.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  await checkReferences(ctx, campaign);
  await updateCampaignRecord(ctx, current, fieldsOf(campaign), campaign.products);
  if (hasBudget(campaign)) await ensureHoldsSweep(ctx);
  return { id: current.id };
}

/** The description of a duplicate: the original's, its period suffix (if any) replaced by the new one. */
export function duplicateName(description: string, start: string, end: string): string {
  const shown = (day: string) => toDisplayDate(day) ?? day;
  const period = end === NO_END_DATE ? `a partir de ${shown(start)}` : `${shown(start)} a ${shown(end)}`;
  const base = description.replace(
    / \((?:a partir de )?\d{2}\/\d{2}\/\d{4}(?: a \d{2}\/\d{2}\/\d{4})?\)$/,
    '',
  );
  const suffix = ` (${period})`;
  return `${base.slice(0, 200 - suffix.length).trimEnd()}${suffix}`;
}

/**
 * 'Duplicar' (issue 20): the weekly "same promotion, new dates" — a new discount campaign with the
 * original's fields, audience, stores and product rows, the new period, and its description
 * naming that period ('Ofertas da semana (05/12/2026 a 11/12/2026)'). The same checks as a new
 * campaign (type permission, store scope, an usable lead when active) and the audit log records
 * the creation as a duplicate of the original. Answers the new id.
 */
export async function duplicateCampaign(
  ctx: ServiceContext,
  input: { id: number; start_at: string; end_at: string },
): Promise<{ id: number; description: string }> {
  const current = await existing(ctx, input.id, 'write');
  if (!(DISCOUNT_TYPES as readonly string[]).includes(current.type))
    throw invalid({ id: 'Apenas campanhas de desconto podem ser duplicadas aqui.' });
  const products = await campaignProducts(ctx, current);
  const fields: CampaignFields = {
    description: duplicateName(current.description, input.start_at, input.end_at),
    type: current.type,
    active: current.active,
    id_lead: current.id_lead,
    start_at: input.start_at,
    end_at: input.end_at,
    stores: current.stores,
    brands: current.brands,
    payments: current.payments,
    groups: current.groups,
    info: current.info,
  };
  await checkReferences(ctx, fields);
  const saved = await createCampaignRecord(ctx, fields, products);
  await recordAudit(ctx, {
    entity: 'campaign',
    entityId: saved.id,
    action: 'create',
    summary: `Duplicada da campanha ${current.id} (${current.description})`,
    after: { duplicate_of: current.id, start_at: input.start_at, end_at: input.end_at },
  });
  if (hasBudget({ ...fields, products } as unknown as Campaign)) await ensureHoldsSweep(ctx);
  return { id: saved.id, description: saved.description };
}

/** A TV campaign as stored: the shared record, no lead, brands, payments nor groups. */
const tvFieldsOf = (c: TvCampaign): CampaignFields => ({
  description: c.description,
  type: c.type as never,
  active: c.active,
  id_lead: null,
  start_at: c.start_at,
  end_at: c.end_at,
  stores: c.stores,
  brands: [],
  payments: [],
  groups: [],
  info: c.info as never,
});

/** POST /web/campaign/new with type TV (spec part 2 §2.2): {id}. */
export async function createTvCampaign(ctx: ServiceContext, campaign: TvCampaign): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', [campaign.type]);
  await checkReferences(ctx, campaign);
  const saved = await createCampaignRecord(ctx, tvFieldsOf(campaign), campaign.products as never);
  return { id: saved.id };
}

/** PUT /web/campaign/update with type TV: {id}; the type-kind rule keeps a TV campaign a TV campaign. */
export async function updateTvCampaign(ctx: ServiceContext, campaign: TvCampaign): Promise<{ id: number }> {
  if (!campaign.id) throw invalid({ id: 'Campanha inválida.' });
  const current = await existing(ctx, campaign.id, 'write');
  assertUpdatable(ctx, current, campaign.type);
  if (campaign.updated_at && campaign.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  await checkReferences(ctx, campaign);
  await updateCampaignRecord(ctx, current, tvFieldsOf(campaign), campaign.products as never);
  return { id: current.id };
}

/** DELETE /web/campaign/delete. */
export async function deleteCampaign(ctx: ServiceContext, id: number): Promise<void> {
  const current = await existing(ctx, id, 'write');
  await removeCampaignRecord(ctx, current);
}

/** GET /web/campaigns/calendar: the visible campaigns on the days of [start, end], by their real period (calendar.model.ts). */
export async function campaignCalendar(
  ctx: ServiceContext,
  range: { start: string; end: string },
): Promise<CalendarEntry[]> {
  return (await campaignRecords(ctx))
    .filter(visible(ctx))
    .flatMap((c) => calendarEntry(c, range) ?? [])
    .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id);
}

/** The columns of the discount export (spec part 2 §3 'Export rows'). */
export const DISCOUNT_COLUMNS = [
  'coupon',
  'id_basket',
  'itens',
  'operator',
  'total_amount',
  'sequence',
  'code',
  'quantity',
  'price',
  'amount',
  'discount',
  'discount_perc',
  'final_price',
  'budget',
] as const;

/** An export of the campaign's discounts may start (it exists and the caller sees it): its title and file name. */
export async function campaignExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  // A deleted campaign's discounts stay exportable (its record is kept for history).
  const campaign = await historical(ctx, id);
  return { title: `Campanha ${campaign.description}`, fileName: `campanha-${campaign.id}.xlsx` };
}

/** Usage rows read per page of the discount export. */
const EXPORT_PAGE = 1000;

/**
 * One page of the discount export (spec part 2 §3 'Export rows', Discount; the exports domain
 * writes the file): the discounts the campaign granted on settled purchases; `cursor` is the next
 * page's (null at the end).
 */
export async function campaignExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number | boolean | null)[][]; cursor: string | null }> {
  const campaign = await historical(ctx, id);
  const page = await settlementRepository(ctx.tenant).usagePage(campaign.id, cursor, EXPORT_PAGE);
  const cell = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : value == null
        ? ''
        : JSON.stringify(value);
  return { rows: page.rows.map((u) => DISCOUNT_COLUMNS.map((c) => cell(u[c]))), cursor: page.cursor };
}
