import { randomUUID } from 'node:crypto';
import { centsToNumber } from '@freguesia/shared/domain/money';
import {
  basketLines,
  paymentDiscount,
  subtotalAnswer,
  type ProductFacts,
} from '@freguesia/shared/promotions/checkout';
import { evaluate } from '@freguesia/shared/promotions/engine';
import type {
  CustomerFacts,
  EvaluationResult,
  PreparedCampaign,
  PreparedCampaigns,
  RemainingBudget,
} from '@freguesia/shared/promotions/types';
import type {
  PaymentDiscountAnswer,
  PaymentDiscountRequest,
  SubtotalAnswer,
  SubtotalRequest,
} from '@freguesia/shared/schemas/campaign';
import { classifyProducts } from '../catalog/products.service';
import { storeScope } from '../catalog/stores.service';
import { checkoutCustomer } from '../customers/customers.service';
import type { StoredPurchase } from '../customers/changes.service';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { conflict, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { schedulerPort } from '../lib/ports/scheduler';
import { isMember } from '../segmentation/population.service';
import { activeCampaigns } from './active-set.service';
import {
  allocate,
  emptyCounters,
  remainingOf,
  shardCapacities,
  type BudgetCounters,
  type ShardPiece,
} from './budget-shards.model';
import {
  checkoutRepository,
  givenBack,
  type BudgetLimit,
  type BudgetMove,
  type CheckoutSession,
  type Grant,
  type Reservation,
} from './checkout.repository';
import type { HoldsMessage } from './holds.schema';
import { settlementRepository } from './settlement.repository';

/**
 * The point-of-sale calls of spec part 3 §7 (`POST /checkout/subtotal`,
 * `POST /checkout/discounts/payments`) on the pure engine (`shared/promotions`): this service only
 * gathers the engine's inputs (the tenant's active campaigns, cached; the customer; product facts;
 * what is left of each budget) and holds budgets for the session.
 *
 * Budgets: a session's discounts hold their budget at once (conditional ADDs that never pass the
 * limit), so 50 simultaneous checkouts against 10 remaining uses grant exactly 10. Each budget is
 * counted on a few shards (`budget-shards.model.ts`), so those checkouts rarely write the same
 * item: a session holds on its home shard and borrows from the others when it has too little. Calling again
 * for the same session replaces its hold instead of adding to it. The purchase arriving through POS
 * ingestion with the same store, checkout and coupon settles the session (its grants become the
 * campaign's usage rows); a session never settled gives its hold back after `HOLD_MINUTES`.
 */

/** How long an unsettled session holds its budget. */
export const HOLD_MINUTES = 120;
/** Reservation attempts when other checkouts take a budget (or a shard of it) first. */
const ATTEMPTS = 8;

/** Product facts by tenant and barcode, kept a few minutes (the catalogue rarely moves mid-sale). */
const factsCache = new Map<string, Map<string, { facts: ProductFacts | undefined; at: number }>>();
const FACTS_TTL_MS = 5 * 60_000;
const FACTS_MAX = 50_000;

const budgetKey = (campaign: number, code: string | null) => `${campaign}:${code ?? '*'}`;

/** Product facts of the barcodes, only when some active campaign looks at categories, brands or families. */
async function productFacts(
  ctx: ServiceContext,
  prepared: PreparedCampaigns,
  codes: string[],
): Promise<(code: string) => ProductFacts | undefined> {
  if (prepared.byCategory.size === 0 && prepared.byBrand.size === 0 && prepared.byGroupCode.size === 0)
    return () => undefined;
  const cache =
    factsCache.get(ctx.tenant) ?? new Map<string, { facts: ProductFacts | undefined; at: number }>();
  factsCache.set(ctx.tenant, cache);
  const now = Date.now();
  const missing = [...new Set(codes)].filter((code) => {
    const hit = cache.get(code);
    return !hit || now - hit.at > FACTS_TTL_MS;
  });
  if (missing.length > 0) {
    const found = await classifyProducts(ctx, missing);
    if (cache.size + missing.length > FACTS_MAX) cache.clear();
    for (const code of missing) {
      const c = found.get(code);
      cache.set(code, {
        at: now,
        facts: c
          ? {
              category_path: [...c.categories].reverse(),
              brand_id: c.brands[0] ?? null,
              group_code: c.group_code || null,
            }
          : undefined,
      });
    }
  }
  return (code) => cache.get(code)?.facts;
}

/** Campaigns that may apply at this store (the engine checks everything else). */
const atStore = (prepared: PreparedCampaigns, store: number): PreparedCampaign[] =>
  prepared.campaigns.filter((c) => c.stores.size === 0 || c.stores.has(store));

/** The customer as the engine sees it: terms, lead memberships and past uses of limited campaigns. */
async function customerFacts(
  ctx: ServiceContext,
  candidates: PreparedCampaign[],
  document: string | undefined,
): Promise<{ id: number | null; facts: CustomerFacts | null }> {
  const customer = document ? await checkoutCustomer(ctx, document) : undefined;
  if (!customer) return { id: null, facts: null };
  const leads = [...new Set(candidates.map((c) => c.lead).filter((l): l is number => l !== null))];
  const limited = candidates
    .filter((c) => Number.isFinite(c.customerLimit) && c.customerLimit > 0)
    .map((c) => c.id);
  const [memberships, usage] = await Promise.all([
    mapLimited(leads, 10, async (lead) => [lead, await isMember(ctx, lead, customer.id)] as const),
    limited.length > 0
      ? checkoutRepository(ctx.tenant).customerUses(limited, customer.id)
      : Promise.resolve({}),
  ]);
  const inLead = new Map(memberships);
  return {
    id: customer.id,
    facts: { accepted_terms: customer.acceptedTerms, in_lead: (lead) => inLead.get(lead) === true, usage },
  };
}

/** The configured limits of the budgets that these campaigns and basket codes can touch. */
function budgetLimits(candidates: PreparedCampaign[], codes: ReadonlySet<string>): Map<string, BudgetLimit> {
  const limits = new Map<string, BudgetLimit>();
  for (const c of candidates) {
    if (Number.isFinite(c.amountBudget) || Number.isFinite(c.unitsBudget))
      limits.set(budgetKey(c.id, null), {
        campaign: c.id,
        code: null,
        cents: c.amountBudget,
        units: c.unitsBudget,
      });
    for (const [code, row] of c.rows) {
      if (!codes.has(code)) continue;
      if (Number.isFinite(row.amountBudget) || Number.isFinite(row.unitsBudget))
        limits.set(budgetKey(c.id, code), {
          campaign: c.id,
          code,
          cents: row.amountBudget,
          units: row.unitsBudget,
        });
    }
  }
  return limits;
}

/** The session's own open hold on each budget, shard by shard (legacy holds count on no shard). */
function ownPieces(previous: CheckoutSession | undefined): Map<string, ShardPiece[]> {
  const own = new Map<string, ShardPiece[]>();
  for (const r of previous?.status === 'open' ? previous.reservations : [])
    if (r.pieces) own.set(budgetKey(r.campaign, r.code), r.pieces);
  return own;
}

/** What is left of each limited budget, counting this session's own hold as still available. */
function remainingBudgets(
  limits: Map<string, BudgetLimit>,
  counters: Map<string, BudgetCounters>,
  previous: CheckoutSession | undefined,
): RemainingBudget[] {
  const own = ownPieces(previous);
  return [...limits.entries()].map(([key, limit]) => {
    const left = remainingOf(limit, counters.get(key) ?? emptyCounters(), own.get(key) ?? []);
    return {
      campaign_id: limit.campaign,
      code: limit.code,
      ...(left.cents !== undefined ? { amount_cents: left.cents } : {}),
      ...(left.units !== undefined ? { units: left.units } : {}),
    };
  });
}

/**
 * The counter writes that turn the session's previous hold into `reservations`: each new hold
 * spread over its budget's shards (`allocate`), each old piece given back, netted per counter.
 * Undefined when the shards, as read, cannot take a hold (another checkout took it first).
 */
function budgetMoves(
  reservations: Reservation[],
  previous: CheckoutSession | undefined,
  limits: Map<string, BudgetLimit>,
  counters: Map<string, BudgetCounters>,
  session: string,
): BudgetMove[] | undefined {
  const own = ownPieces(previous);
  const moves = new Map<string, BudgetMove>();
  const move = (m: BudgetMove) => {
    const key = `${budgetKey(m.campaign, m.code)}#${m.shard ?? 'legacy'}`;
    const current = moves.get(key) ?? { ...m, cents: 0, units: 0 };
    current.cents += m.cents;
    current.units += m.units;
    current.max ??= m.max;
    moves.set(key, current);
  };
  for (const m of givenBack(previous?.status === 'open' ? previous.reservations : [])) move(m);
  for (const r of reservations) {
    const key = budgetKey(r.campaign, r.code);
    const limit = limits.get(key)!;
    const budget = counters.get(key) ?? emptyCounters();
    const pieces = allocate(r, limit, budget, own.get(key) ?? [], session);
    if (!pieces) return undefined;
    r.pieces = pieces;
    const capacity = shardCapacities(limit, budget);
    for (const p of pieces)
      move({
        campaign: r.campaign,
        code: r.code,
        shard: p.shard,
        cents: p.cents,
        units: p.units,
        max: capacity[p.shard],
      });
  }
  return [...moves.values()].filter((m) => m.cents !== 0 || m.units !== 0);
}

/** The holds of a result: its consumption of the limited budgets only. */
function reservationsOf(result: EvaluationResult, limits: Map<string, BudgetLimit>): Reservation[] {
  return result.consumption
    .filter((c) => limits.has(budgetKey(c.campaign_id, c.code)))
    .map((c) => ({ campaign: c.campaign_id, code: c.code, cents: c.amount_cents, units: c.units }))
    .filter((r) => r.cents > 0 || r.units > 0);
}

/** What each campaign gave each line (the usage rows once the purchase is settled). */
function grantsOf(result: EvaluationResult): Grant[] {
  const grants: Grant[] = [];
  for (const line of result.lines) {
    const perCampaign = new Map<number, number>();
    for (const a of line.applied)
      perCampaign.set(a.campaign_id, (perCampaign.get(a.campaign_id) ?? 0) + a.amount_cents);
    for (const [campaign, discount] of perCampaign) {
      if (discount <= 0) continue;
      grants.push({
        campaign,
        sequence: line.sequence,
        code: line.code,
        quantity: line.quantity,
        price_cents:
          line.quantity > 0 ? Math.round((line.total_cents * 1000) / line.quantity) : line.total_cents,
        amount_cents: line.total_cents,
        discount_cents: discount,
      });
    }
  }
  return grants;
}

export const OUT_OF_SCOPE_SALE = 'Você só pode registrar vendas na sua loja.';

/**
 * A staff sales screen of a user bound to one store sells at that store only (spec part 1 §6): the
 * store's campaigns and budgets are not theirs to spend elsewhere. The point of sale's
 * integration token is the tenant's and sells at every store.
 */
function assertSellsAt(ctx: ServiceContext, idStore: number): void {
  if (!storeScope(ctx)(idStore)) throw forbidden(OUT_OF_SCOPE_SALE);
}

/**
 * POST /checkout/subtotal: the discounts of the basket for this store, customer and moment, with
 * the session's budget hold replaced by what this answer grants. The answer is what the engine
 * computed with the budgets actually held: when another checkout takes the last of a budget first,
 * the basket is evaluated again without it.
 */
export async function checkoutSubtotal(
  ctx: ServiceContext,
  request: SubtotalRequest,
): Promise<SubtotalAnswer> {
  assertSellsAt(ctx, request.basket.id_store);
  const { prepared } = await activeCampaigns(ctx);
  const store = request.basket.id_store;
  const candidates = atStore(prepared, store);
  const codes = request.basket.items.map((i) => i.barcode);
  const limits = budgetLimits(candidates, new Set(codes));
  const repo = checkoutRepository(ctx.tenant);
  // Without a session the purchase key names it; without a coupon either, nothing tells two sales
  // apart, so each call gets its own session (never replacing another sale's hold; released by the sweep).
  const session =
    request.session ||
    (request.basket.coupon
      ? `${store}:${request.basket.checkout}:${request.basket.coupon}`
      : `anon:${randomUUID()}`);
  // Independent reads in parallel: one round trip after the active set's version.
  const readState = () =>
    Promise.all([
      repo.session(session),
      limits.size > 0
        ? repo.counters([...limits.values()])
        : Promise.resolve(new Map<string, BudgetCounters>()),
    ]);
  const [facts, customer, firstState] = await Promise.all([
    productFacts(ctx, prepared, codes),
    customerFacts(ctx, candidates, request.customer?.document),
    readState(),
  ]);
  const lines = basketLines(request, facts);

  for (let attempt = 1, state = firstState; ; attempt++, state = await readState()) {
    const [previous, counters] = state;
    if (previous && previous.status !== 'open')
      throw conflict('Esta venda já foi finalizada; abra uma nova sessão.');
    const budgets = remainingBudgets(limits, counters, previous);
    const result = evaluate(prepared, {
      lines,
      store_id: store,
      at: ctx.now(),
      customer: customer.facts,
      budgets,
    });
    const reservations = reservationsOf(result, limits);
    const granted = grantsOf(result);
    // Nothing granted, nothing held before: no session to keep (a basket with no campaign).
    if (
      granted.length === 0 &&
      reservations.length === 0 &&
      (!previous || previous.reservations.length === 0)
    ) {
      return subtotalAnswer(request, result);
    }
    const at = ctx.now();
    const moves = budgetMoves(reservations, previous, limits, counters, session);
    const outcome = !moves
      ? ({ ok: false, reason: 'budget' } as const)
      : await repo.reserve(
          {
            session,
            id_store: store,
            checkout: request.basket.checkout,
            coupon: request.basket.coupon,
            operator: request.basket.operator,
            id_customer: customer.id,
            reservations,
            granted,
          },
          previous,
          moves,
          at.toISOString(),
          Math.floor(at.getTime() / 1000) + HOLD_MINUTES * 60,
        );
    if (outcome.ok) return subtotalAnswer(request, result);
    if (attempt >= ATTEMPTS)
      throw conflict('Muitas vendas disputam o mesmo orçamento de campanha. Tente novamente.');
  }
}

/** POST /checkout/discounts/payments: the payment method's discount (DBP campaigns) on a ticket total. */
export async function checkoutPaymentDiscount(
  ctx: ServiceContext,
  request: PaymentDiscountRequest,
): Promise<PaymentDiscountAnswer> {
  assertSellsAt(ctx, request.basket.id_store);
  const { prepared } = await activeCampaigns(ctx);
  const candidates = atStore(prepared, request.basket.id_store).filter((c) => c.type === 'DBP');
  const limits = budgetLimits(candidates, new Set());
  const budgets = remainingBudgets(
    limits,
    limits.size > 0 ? await checkoutRepository(ctx.tenant).counters([...limits.values()]) : new Map(),
    undefined,
  );
  return paymentDiscount(prepared, {
    store_id: request.basket.id_store,
    at: ctx.now(),
    payment_method: request.basket.payment_method,
    total_cents: request.basket.total_value,
    budgets,
  }).answer;
}

/**
 * Settles the checkout sessions of purchases just stored (stream of POS ingestion): each open
 * session with the purchase's store, checkout and coupon becomes the campaign's usage rows (the
 * discount export), and its budget hold becomes final. Idempotent: a settled session is skipped.
 */
export async function settlePurchases(
  ctx: ServiceContext,
  purchases: readonly StoredPurchase[],
): Promise<number> {
  const repo = settlementRepository(ctx.tenant);
  let settled = 0;
  for (const purchase of purchases) {
    const sessions = (
      await repo.sessionsOfPurchase(purchase.store, purchase.checkout, purchase.coupon)
    ).filter((s) => s.status === 'open');
    for (const session of sessions) {
      const rows = session.granted.map((g) => ({
        campaign: g.campaign,
        sequence: g.sequence,
        row: {
          coupon: purchase.coupon,
          id_basket: purchase.id,
          itens: purchase.itens,
          operator: session.operator,
          total_amount: centsToNumber(purchase.amountCentavos),
          sequence: g.sequence,
          code: g.code,
          quantity: g.quantity / 1000,
          price: centsToNumber(g.price_cents),
          amount: centsToNumber(g.amount_cents),
          discount: centsToNumber(g.discount_cents),
          discount_perc:
            g.amount_cents > 0 ? Math.round((g.discount_cents * 10_000) / g.amount_cents) / 100 : 0,
          final_price: centsToNumber(g.amount_cents - g.discount_cents),
          budget: session.reservations.some((r) => r.campaign === g.campaign) ? 'Y' : 'N',
        },
      }));
      if (await repo.settle(session, purchase.id, purchase.customerId || null, rows, ctx.now().toISOString()))
        settled++;
    }
  }
  return settled;
}

/** The queue and schedule of the hold sweep (functions/src/queues.ts). */
export const HOLDS_QUEUE = 'campaigns';
export const HOLDS_SWEEP_CRON = '*/15 * * * *';
export const holdsScheduleName = (tenant: string) => `campaign-holds-${tenant}`.slice(0, 64);

/** The tenant's sweep schedule (created or replaced; cheap and idempotent): once a campaign has a budget. */
export async function ensureHoldsSweep(ctx: ServiceContext): Promise<void> {
  const message: HoldsMessage = { type: 'sweep', tenant: ctx.tenant };
  await (
    await schedulerPort()
  ).cron(holdsScheduleName(ctx.tenant), HOLDS_SWEEP_CRON, { queue: HOLDS_QUEUE, payload: message });
}

/** Gives back the budget held by sessions never settled within `HOLD_MINUTES` (the schedule's sweep). */
export async function releaseExpiredSessions(ctx: ServiceContext): Promise<number> {
  const repo = settlementRepository(ctx.tenant);
  const expired = await repo.expired(Math.floor(ctx.now().getTime() / 1000));
  let released = 0;
  for (const session of expired) if (await repo.release(session, ctx.now().toISOString())) released++;
  if (released > 0) logger.info('checkout holds released', { tenant: ctx.tenant, released });
  return released;
}

/**
 * Gives back at once the budget held by an open session (a sales draft deleted, cancelled or moved
 * to another store). Answers whether a hold was released; a settled or unknown session is left alone.
 */
export async function releaseCheckoutSession(ctx: ServiceContext, session: string): Promise<boolean> {
  const current = await checkoutRepository(ctx.tenant).session(session);
  if (!current || current.status !== 'open') return false;
  return settlementRepository(ctx.tenant).release(current, ctx.now().toISOString());
}
