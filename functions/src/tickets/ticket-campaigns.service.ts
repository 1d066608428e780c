import { NO_END_DATE } from '@freguesia/shared/domain/campaign-dynamics';
import type { AcceleratorRule, TicketCampaign, TicketInfo } from '@freguesia/shared/schemas/ticket';
import type { Gift, TicketCampaignDetails } from '@freguesia/shared/schemas/ticket-api';
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
import { storeNames, storeScope } from '../catalog/stores.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { leadSummaries } from '../segmentation/leads.service';
import { campaignGiftsRepository, type NewGift } from './campaign-gifts.repository';

/**
 * Ticket campaigns (type 'T', spec part 2 §2.4, §3 'Ticket campaign'): saved as the shared
 * campaign record (same list, delete and calendar as every campaign); `POST /web/campaign/new`,
 * `PUT /web/campaign/update` and `GET /web/campaign/details` of the campaigns function hand a
 * ticket campaign to this service. The accelerators and `instant_prize` live in the record's
 * info; the prize schedule (gifts) are items of their own (up to 20,000 per campaign).
 */

/** What the record's info holds for a ticket campaign. */
export interface StoredTicketInfo extends TicketInfo {
  accelerators: AcceleratorRule[];
  instant_prize: boolean;
}

export const isTicketCampaign = (c: Pick<CampaignRecord, 'type'> | undefined): boolean =>
  (c?.type as string | undefined) === 'T';

export const ticketInfoOf = (c: CampaignRecord): StoredTicketInfo => {
  const info = c.info as unknown as Partial<StoredTicketInfo>;
  return {
    need_terms: info.need_terms ?? 'N',
    value: info.value ?? 0,
    layout_body: info.layout_body ?? '',
    can_accumulate: info.can_accumulate ?? 'N',
    layout_gift: info.layout_gift ?? null,
    accelerators: info.accelerators ?? [],
    instant_prize: info.instant_prize ?? false,
  };
};

/** A ticket campaign the caller may read (or write), else 404/403. */
export async function ticketCampaign(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write' = 'read',
): Promise<CampaignRecord> {
  // Reading (details, the export) a deleted campaign finds its history; writing needs the live one.
  const campaign = action === 'read' ? await campaignHistoryRecord(ctx, id) : await campaignRecord(ctx, id);
  const inScope = storeScope(ctx);
  if (
    !campaign ||
    !isTicketCampaign(campaign) ||
    !(campaign.stores.length === 0 || campaign.stores.some((s) => inScope(s.id_store)))
  )
    throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, action, ['T']);
  return campaign;
}

async function checkReferences(ctx: ServiceContext, c: TicketCampaign): Promise<void> {
  const names = await storeNames(ctx);
  const unknown = c.stores.find((s) => !names.has(s.id_store));
  if (unknown) throw invalid({ stores: `Loja ${unknown.id_store} não encontrada.` });
  const inScope = storeScope(ctx);
  if (c.stores.some((s) => !inScope(s.id_store)))
    throw forbidden('Você só pode criar campanhas para a sua loja.');
  if (c.id_lead && !(await leadSummaries(ctx, [c.id_lead])).has(c.id_lead))
    throw invalid({ id_lead: 'Lead não encontrado.' });
}

function fieldsOf(c: TicketCampaign): CampaignFields {
  const info: StoredTicketInfo = {
    ...c.info,
    accelerators: c.accelerators,
    instant_prize: Boolean(c.info.layout_gift),
  };
  return {
    description: c.description,
    type: c.type as never,
    active: c.active,
    id_lead: c.id_lead,
    start_at: c.start_at,
    end_at: c.end_at || NO_END_DATE,
    stores: c.stores,
    brands: [],
    payments: [],
    groups: [],
    info: info as never,
  };
}

/**
 * The prizes to write: those of the selected stores only (spec part 2 §2.4). On update a prize
 * sent with its id is kept as saved; a saved prize not sent is removed unless someone won it (won
 * prizes are history and stay).
 */
async function saveGifts(
  ctx: ServiceContext,
  campaign: number,
  c: TicketCampaign,
  isNew: boolean,
): Promise<void> {
  const repo = campaignGiftsRepository(ctx.tenant);
  const stores = new Set(c.stores.map((s) => s.id_store));
  const before = isNew ? [] : await repo.gifts(campaign);
  const kept = new Set(c.gifts.flatMap((g) => (g.id ? [g.id] : [])));
  const existing = new Set(before.map((g) => g.id));
  const added: NewGift[] = c.gifts
    .filter((g) => !(g.id && existing.has(g.id)) && stores.has(g.id_store))
    .map(({ id_store, available_at, gift, qt_print }) => ({ id_store, available_at, gift, qt_print }));
  const removed = before.filter(
    (g) => g.id_customer === undefined && (!kept.has(g.id) || !stores.has(g.id_store)),
  );
  await repo.writeGifts(campaign, added, removed);
}

/** POST /web/campaign/new with type 'T': {id}. */
export async function createTicketCampaign(ctx: ServiceContext, c: TicketCampaign): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', ['T']);
  await checkReferences(ctx, c);
  const saved = await createCampaignRecord(ctx, fieldsOf(c), []);
  await saveGifts(ctx, saved.id, c, true);
  return { id: saved.id };
}

/** PUT /web/campaign/update with type 'T': {id}. A stale `updated_at` is a conflict. */
export async function updateTicketCampaign(ctx: ServiceContext, c: TicketCampaign): Promise<{ id: number }> {
  if (!c.id) throw invalid({ id: 'Campanha inválida.' });
  const current = await campaignRecord(ctx, c.id);
  if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
  assertUpdatable(ctx, current, c.type);
  await ticketCampaign(ctx, c.id, 'write');
  const staff = staffOf(ctx);
  if (staff && !staff.allStores && !current.stores.every((s) => storeScope(ctx)(s.id_store)))
    throw forbidden('Você só pode alterar ou excluir campanhas que valem apenas para a sua loja.');
  if (c.updated_at && c.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  await checkReferences(ctx, c);
  await updateCampaignRecord(ctx, current, fieldsOf(c), []);
  await saveGifts(ctx, current.id, c, false);
  return { id: current.id };
}

/** GET /web/campaign/details of a ticket campaign: the campaign, its accelerators and its prizes. */
export async function ticketCampaignDetails(ctx: ServiceContext, id: number): Promise<TicketCampaignDetails> {
  const campaign = await ticketCampaign(ctx, id);
  const repo = campaignGiftsRepository(ctx.tenant);
  const [gifts, leads, count] = await Promise.all([
    repo.gifts(id),
    leadSummaries(ctx, campaign.id_lead ? [campaign.id_lead] : []),
    repo.ticketTotal(id),
  ]);
  const { accelerators, instant_prize, ...info } = ticketInfoOf(campaign);
  const rows: Gift[] = gifts
    .map((g) => ({
      id: g.id,
      id_store: g.id_store,
      available_at: g.available_at,
      gift: g.gift,
      qt_print: g.qt_print,
      id_customer: g.id_customer ?? null,
      won_at: g.won_at ?? null,
    }))
    .sort((a, b) => a.available_at.localeCompare(b.available_at) || a.id_store - b.id_store || a.id - b.id);
  return {
    id: campaign.id,
    description: campaign.description,
    type: 'T',
    active: campaign.active,
    id_lead: campaign.id_lead,
    lead_description: campaign.id_lead ? (leads.get(campaign.id_lead)?.description ?? null) : null,
    start_at: campaign.start_at,
    end_at: campaign.end_at,
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
    info,
    accelerators,
    stores: campaign.stores,
    instant_prize,
    gifts: rows,
    campaign_stores: campaign.stores,
    campaign_info: info,
    campaign_accelerators: accelerators,
    ticket_count: count,
  };
}
