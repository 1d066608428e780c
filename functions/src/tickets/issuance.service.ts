import { localDateTime } from '@freguesia/shared/domain/dates';
import { parseMoney } from '@freguesia/shared/domain/money';
import {
  acceleratorFactor,
  purchaseInstant,
  ticketsEarned,
  type AcceleratorRuleFacts,
  type PurchaseFactsForTickets,
} from '@freguesia/shared/domain/tickets';
import { campaignRecords, type CampaignRecord } from '../campaign-records/campaign-records.service';
import { classifyProducts } from '../catalog/products.service';
import { listPayments } from '../catalog/payments.service';
import type { IdentifiedPurchase } from '../customers/changes.service';
import { customersWithTerms } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { isMember } from '../segmentation/population.service';
import { isTicketCampaign, ticketInfoOf, type StoredTicketInfo } from './ticket-campaigns.service';
import { issuanceRepository, type IssuanceRepository } from './issuance.repository';

/**
 * Tickets on purchase (spec part 2 §2.4, §3 'Accelerator rule'; issue 21 item 2): an identified
 * purchase earns, in every active ticket campaign it qualifies for, floor(total × factor / value)
 * tickets (the factor from the accelerators, `shared/domain/tickets.ts`), and in a campaign with
 * instant prizes it may win the earliest prize of its store already released and not yet won.
 * Idempotent per (campaign, purchase): the grant marker commits with the ticket numbers.
 */

/** A participation for the campaign-participation condition (CAMP): what the lead wires to segmentation. */
export interface TicketParticipation {
  campaign: number;
  customerId: number;
  purchaseId: number;
  type: 'T';
  /** The purchase's local time. */
  at: string;
}

export interface IssuanceResult {
  /** Tickets issued by this call (0 for purchases already granted). */
  issued: number;
  /** Prizes won by this call. */
  prizes: { campaign: number; prize: number; purchaseId: number; customerId: number }[];
  /**
   * Every (campaign, customer, purchase) this call found qualifying, granted now or before
   * (replays included: recording a participation must itself be idempotent). The seam for the
   * segmentation's `recordParticipation`.
   */
  participations: TicketParticipation[];
}

const MAX_GRANT_ATTEMPTS = 20;

function rulesOf(info: StoredTicketInfo): AcceleratorRuleFacts[] {
  return info.accelerators.map((r) => ({
    logical_operator: r.logical_operator,
    type: r.type,
    multiplier_factor: r.multiplier_factor,
    condition: r.condition,
    minCents: r.value === null ? 0 : (parseMoney(r.value) ?? 0),
    requisite: r.requisite,
    items: r.items.map((i) => i.item_id),
  }));
}

/** Campaigns that may take a purchase: active type 'T' whose period holds its day and whose stores hold its store. */
function candidateCampaigns(all: CampaignRecord[], p: IdentifiedPurchase): CampaignRecord[] {
  return all.filter(
    (c) =>
      isTicketCampaign(c) &&
      c.active === 'Y' &&
      c.start_at <= p.day &&
      c.end_at >= p.day &&
      (c.stores.length === 0 || c.stores.some((s) => s.id_store === p.store)),
  );
}

/** What the accelerators need of a batch's purchases: product classifications and payment method ids. */
async function purchaseFacts(
  ctx: ServiceContext,
  purchases: readonly IdentifiedPurchase[],
  needsCatalog: boolean,
  needsPayments: boolean,
): Promise<Map<number, PurchaseFactsForTickets>> {
  const classes = needsCatalog
    ? await classifyProducts(
        ctx,
        purchases.flatMap((p) => p.products.map((l) => l.code)),
      )
    : new Map();
  const methodId = new Map<string, string>();
  if (needsPayments) {
    const methods = await listPayments(ctx, { q: '', page: 1, per_page: 10_000 });
    for (const m of methods.data) {
      for (const name of [String(m.id), m.reference_code, m.description])
        if (name) methodId.set(name.trim().toUpperCase(), String(m.id));
    }
  }
  return new Map(
    purchases.map((p) => [
      p.id,
      {
        totalCents: p.amountCentavos,
        lines: p.products.map((l) => {
          const c = classes.get(l.code.trim());
          return {
            code: l.code.trim(),
            totalCents: l.totalCentavos,
            brands: (c?.brands ?? []).map(String),
            partners: (c?.partners ?? []).map(String),
            categories: (c?.categories ?? []).map(String),
          };
        }),
        payments: p.payments.map((pay) => ({
          method: methodId.get(pay.method.trim().toUpperCase()) ?? pay.method.trim(),
          valueCents: pay.valueCentavos,
        })),
      },
    ]),
  );
}

/**
 * Issues the tickets of a batch of identified purchases (the `tickets-grants` stream processor;
 * tests call it directly). Purchases already granted in a campaign earn nothing again.
 */
export async function grantTickets(
  ctx: ServiceContext,
  purchases: readonly IdentifiedPurchase[],
): Promise<IssuanceResult> {
  const result: IssuanceResult = { issued: 0, prizes: [], participations: [] };
  if (purchases.length === 0) return result;
  const all = await campaignRecords(ctx);
  const work = purchases
    .map((p) => ({ p, campaigns: candidateCampaigns(all, p) }))
    .filter((w) => w.campaigns.length > 0);
  if (work.length === 0) return result;

  const infos = new Map<number, StoredTicketInfo>();
  for (const w of work) for (const c of w.campaigns) if (!infos.has(c.id)) infos.set(c.id, ticketInfoOf(c));
  const rules = [...infos.values()].flatMap((i) => i.accelerators);
  const facts = await purchaseFacts(
    ctx,
    work.map((w) => w.p),
    rules.some((r) => r.type !== 'payment' && r.type !== 'product'),
    rules.some((r) => r.type === 'payment'),
  );
  const withTerms = [...infos.values()].some((i) => i.need_terms === 'Y')
    ? await customersWithTerms(
        ctx,
        work.map((w) => w.p.customerId),
      )
    : new Set<number>();

  const repo = issuanceRepository(ctx.tenant);
  // In stream order: the first purchase at a store after a prize's release is the one that wins it.
  for (const { p, campaigns } of work) {
    for (const campaign of campaigns) {
      const info = infos.get(campaign.id)!;
      if (info.need_terms === 'Y' && !withTerms.has(p.customerId)) continue;
      if (campaign.id_lead && !(await isMember(ctx, campaign.id_lead, p.customerId))) continue;
      const outcome = await grantOne(ctx, repo, campaign, info, p, facts.get(p.id)!);
      result.issued += outcome.issued;
      if (outcome.prize) result.prizes.push(outcome.prize);
      result.participations.push({
        campaign: campaign.id,
        customerId: p.customerId,
        purchaseId: p.id,
        type: 'T',
        at: p.at,
      });
    }
  }
  return result;
}

async function grantOne(
  ctx: ServiceContext,
  repo: IssuanceRepository,
  campaign: CampaignRecord,
  info: StoredTicketInfo,
  p: IdentifiedPurchase,
  facts: PurchaseFactsForTickets,
): Promise<{ issued: number; prize?: IssuanceResult['prizes'][number] }> {
  const factor = acceleratorFactor(rulesOf(info), facts);
  const valueCents = info.value === null ? 0 : (parseMoney(info.value) ?? 0);
  const accumulate = info.can_accumulate === 'Y';
  const at = localDateTime(ctx.now());
  for (let attempt = 1; attempt <= MAX_GRANT_ATTEMPTS; attempt++) {
    const existing = await repo.grant(campaign.id, p.id);
    if (existing) {
      if (!existing.complete) await repo.completeGrant(existing);
      // A redelivery after a crash between the grant and the prize still gets its chance.
      const prize =
        info.instant_prize && existing.count > 0 && existing.prize === undefined
          ? await claimInstantPrize(ctx, campaign, p)
          : undefined;
      return { issued: 0, ...(prize ? { prize } : {}) };
    }
    const balance = accumulate ? await repo.balance(campaign.id, p.customerId) : null;
    const earned = ticketsEarned({
      totalCents: facts.totalCents,
      factor,
      valueCents,
      carriedCents: balance?.carryCents ?? 0,
      canAccumulate: accumulate,
    });
    if (earned.tickets === 0 && (!accumulate || earned.carryCents === (balance?.carryCents ?? 0)))
      return { issued: 0 };
    const written = await repo.writeGrant(
      {
        campaign: campaign.id,
        basket: p.id,
        customer: p.customerId,
        store: p.store,
        count: earned.tickets,
        factor,
        balance,
        at,
      },
      earned.tickets > 0 ? await repo.reserveTickets(campaign.id, earned.tickets) : 0,
      accumulate ? earned.carryCents : null,
    );
    if (written.kind === 'retry') {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      continue;
    }
    if (written.kind === 'duplicate') continue;
    if (earned.tickets > 90) {
      const grant = await repo.grant(campaign.id, p.id);
      if (grant) await repo.completeGrant(grant);
    }
    const prize =
      info.instant_prize && earned.tickets > 0 ? await claimInstantPrize(ctx, campaign, p) : undefined;
    return { issued: earned.tickets, ...(prize ? { prize } : {}) };
  }
  throw new Error(`tickets: campaign ${campaign.id} purchase ${p.id}: too many concurrent issuances`);
}

/** Prizes looked at per claim (the earliest released first). */
const CLAIM_CANDIDATES = 5;

/**
 * The instant prize of a purchase that earned tickets (spec part 2 §2.4): the earliest prize of
 * its store already released at the purchase's instant and not yet won. Each prize is taken with a
 * conditional write, so with any number of purchases at once exactly one wins it; the grant's own
 * condition keeps a purchase to one prize.
 */
export async function claimInstantPrize(
  ctx: ServiceContext,
  campaign: Pick<CampaignRecord, 'id' | 'description'>,
  p: Pick<IdentifiedPurchase, 'id' | 'customerId' | 'store' | 'at'>,
): Promise<IssuanceResult['prizes'][number] | undefined> {
  const repo = issuanceRepository(ctx.tenant);
  const instant = purchaseInstant(p.at);
  for (let round = 0; round < 5; round++) {
    const open = await repo.openGifts(campaign.id, p.store, instant, CLAIM_CANDIDATES);
    if (open.length === 0) return undefined;
    for (const gift of open) {
      const outcome = await repo.claim(
        gift,
        { campaign: campaign.id, basket: p.id, customer: p.customerId, description: campaign.description },
        localDateTime(ctx.now()),
      );
      if (outcome === 'won')
        return { campaign: campaign.id, prize: gift.id, purchaseId: p.id, customerId: p.customerId };
      if (outcome === 'already') return undefined;
    }
  }
  return undefined;
}
