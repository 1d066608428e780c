import { localDateTime } from '@freguesia/shared/domain/dates';
import { CUSTOMER_LIST_LIMIT, TICKET_MESSAGES } from '@freguesia/shared/schemas/ticket';
import type { Ticket, WonPrize } from '@freguesia/shared/schemas/ticket-api';
import {
  CAMPAIGN_NOT_FOUND,
  campaignRecord,
  campaignRecords,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { storeScope } from '../catalog/stores.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { isTicketCampaign, ticketCampaign, ticketInfoOf } from './ticket-campaigns.service';
import { prizesRepository } from './prizes.repository';
import { ticketsRepository } from './tickets.repository';
import type { TicketItem, WonPrizeItem } from './tickets.entities';

/**
 * The follow-up of ticket campaigns (spec part 2 §2.5, §7; part 1 §2 customer details ›
 * Campaigns): a customer's tickets and won prizes with their period filters, printing (CREATED →
 * PRINTED), the reprint release of a printed ticket, prize validation, and the ticket export.
 */

export interface Period {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
}

const inStoreScope = (ctx: ServiceContext) => storeScope(ctx);

/** A ticket campaign for the customer's screens: it exists and runs in a store the user sees. No Campaigns permission needed (the Customers tab). */
async function followedCampaign(ctx: ServiceContext, id: number): Promise<CampaignRecord> {
  const campaign = await campaignRecord(ctx, id);
  const scope = inStoreScope(ctx);
  if (
    !campaign ||
    !isTicketCampaign(campaign) ||
    !(campaign.stores.length === 0 || campaign.stores.some((s) => scope(s.id_store)))
  )
    throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

const ticketOf = (t: TicketItem, description: string): Ticket => ({
  id: t.id,
  campaign_description: description,
  status: t.status,
  created_at: t.createdAt,
  reprint: t.reprint,
  id_store: t.id_store,
  id_basket: t.id_basket,
});

/** The ticket campaigns the user may follow (the Campaigns tab's picker), newest first. */
export async function followedTicketCampaigns(
  ctx: ServiceContext,
): Promise<{ id: number; description: string; active: 'Y' | 'N'; start_at: string; end_at: string }[]> {
  const scope = inStoreScope(ctx);
  return (await campaignRecords(ctx))
    .filter((c) => isTicketCampaign(c) && (c.stores.length === 0 || c.stores.some((s) => scope(s.id_store))))
    .sort((a, b) => b.id - a.id)
    .map(({ id, description, active, start_at, end_at }) => ({ id, description, active, start_at, end_at }));
}

/** GET /web/campaigns/{id}/tickets/{customerId}?gteDate&lteDate: the customer's tickets, newest first (at most 1,000). */
export async function customerTickets(
  ctx: ServiceContext,
  campaignId: number,
  customerId: number,
  period: Period,
): Promise<Ticket[]> {
  const campaign = await followedCampaign(ctx, campaignId);
  const tickets = await ticketsRepository(ctx.tenant).customerTickets(
    campaignId,
    customerId,
    period.from,
    `${period.to}~`,
    CUSTOMER_LIST_LIMIT,
  );
  const scope = inStoreScope(ctx);
  return tickets.filter((t) => scope(t.id_store)).map((t) => ticketOf(t, campaign.description));
}

/**
 * PUT /web/campaigns/{id}/tickets/reprint: releases a reprint of each printed ticket listed (of a
 * store the user sees). Tickets not printed yet need no release; none printed is refused.
 */
export async function releaseReprints(
  ctx: ServiceContext,
  campaignId: number,
  ids: readonly number[],
): Promise<{ released: number[] }> {
  await ticketCampaign(ctx, campaignId, 'write');
  const repo = ticketsRepository(ctx.tenant);
  const scope = inStoreScope(ctx);
  const found = (await repo.ticketsById(campaignId, [...new Set(ids)])).filter((t) => scope(t.id_store));
  const printed = found.filter((t) => t.status === 'PRINTED');
  if (printed.length === 0) throw invalid({ ids: TICKET_MESSAGES.reprintNone });
  const released: number[] = [];
  for (const t of printed) if (await repo.releaseReprint(campaignId, t.id)) released.push(t.id);
  return { released: released.sort((a, b) => a - b) };
}

/**
 * PUT /web/tickets/print: the tickets that may print now (never printed, or with a reprint
 * released) become PRINTED and are answered with the campaign's layout, which the browser fills
 * and prints; the others are answered as refused.
 */
export async function printTickets(
  ctx: ServiceContext,
  campaignId: number,
  ids: readonly number[],
): Promise<{ layout_body: string; campaign_description: string; tickets: Ticket[]; refused: number[] }> {
  const campaign = await followedCampaign(ctx, campaignId);
  const repo = ticketsRepository(ctx.tenant);
  const scope = inStoreScope(ctx);
  const found = (await repo.ticketsById(campaignId, [...new Set(ids)])).filter((t) => scope(t.id_store));
  const at = localDateTime(ctx.now());
  const printed: Ticket[] = [];
  const refused: number[] = [];
  for (const t of found.sort((a, b) => a.id - b.id)) {
    if (await repo.markPrinted(campaignId, t.id, at))
      printed.push({ ...ticketOf(t, campaign.description), status: 'PRINTED', reprint: false });
    else refused.push(t.id);
  }
  const foundIds = new Set(found.map((t) => t.id));
  refused.push(...ids.filter((id) => !foundIds.has(id)));
  return {
    layout_body: ticketInfoOf(campaign).layout_body,
    campaign_description: campaign.description,
    tickets: printed,
    refused: [...new Set(refused)].sort((a, b) => a - b),
  };
}

const prizeOf = (p: WonPrizeItem): WonPrize => ({
  id: p.id,
  id_campaign: p.campaign,
  campaign_description: p.campaign_description,
  gift: p.gift,
  id_store: p.id_store,
  won_at: p.won_at,
  validated_tag: p.validated_tag ?? null,
  validated_by: p.validated_by ?? null,
});

/** GET /web/campaign/gifts/customer?id_customer&gte_date&lte_date: the customer's won prizes, newest first. */
export async function customerPrizes(
  ctx: ServiceContext,
  customerId: number,
  period: Period,
): Promise<WonPrize[]> {
  const scope = inStoreScope(ctx);
  const prizes = await prizesRepository(ctx.tenant).wonPrizes(
    customerId,
    period.from,
    `${period.to}~`,
    CUSTOMER_LIST_LIMIT,
  );
  return prizes.filter((p) => scope(p.id_store)).map(prizeOf);
}

/**
 * PUT /web/campaign/gifts/validate: a won prize without `validated_by` is handed over — validated
 * by the signed-in user at this instant (what the client sends as `validated_by`, `id_user_binding`
 * and `dt_binding` is not trusted). Twice is a conflict.
 */
export async function validatePrize(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const repo = prizesRepository(ctx.tenant);
  const prize = await repo.wonPrize(id);
  if (!prize || !inStoreScope(ctx)(prize.id_store)) throw notFound(TICKET_MESSAGES.prizeNotFound);
  const staff = staffOf(ctx);
  if (ctx.actor.kind !== 'staff' && ctx.actor.kind !== 'system') throw forbidden();
  if (prize.validated_by) throw conflict(TICKET_MESSAGES.alreadyValidated);
  const by = staff?.fullname ?? 'Sistema';
  const done = await repo.validate(id, localDateTime(ctx.now()), by, staff?.userId ?? null);
  if (!done) throw conflict(TICKET_MESSAGES.alreadyValidated);
  return { message: TICKET_MESSAGES.validated };
}

// ----------------------------------------------------------------------------- export

/** The columns of the ticket export (spec part 2 §3 'Export rows', Ticket). */
export const TICKET_EXPORT_COLUMNS = ['ticket', 'status', 'created_at'] as const;

export async function ticketExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  const campaign = await ticketCampaign(ctx, id);
  return { title: `Tickets ${campaign.description}`, fileName: `tickets-campanha-${campaign.id}.xlsx` };
}

const EXPORT_PAGE = 1000;

/** One page of the ticket export, in ticket order; `cursor` is the next page's (null at the end). */
export async function ticketExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number)[][]; cursor: string | null }> {
  await ticketCampaign(ctx, id);
  const page = await ticketsRepository(ctx.tenant).ticketPage(id, cursor, EXPORT_PAGE);
  return { rows: page.data.map((t) => [t.id, t.status, t.createdAt]), cursor: page.cursor };
}
