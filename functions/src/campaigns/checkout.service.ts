import { randomUUID } from 'node:crypto';
import {
  basketLines,
  paymentDiscount,
  subtotalAnswer,
  type ProductFacts,
} from '@freguesia/shared/promotions/checkout';
import { evaluate } from '@freguesia/shared/promotions/engine';
import type {
  BasketLine,
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
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { conflict, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { schedulerPort } from '../lib/ports/scheduler';
import { expiredLeads } from '../segmentation/lead-validity.service';
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
  customerHoldsBack,
  type BudgetMove,
  type CheckoutSession,
  type CustomerHold,
  type CustomerMove,
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

/** Campaigns with a per-customer limit ('1 per customer'). */
const limitedOf = (candidates: readonly PreparedCampaign[]) =>
  candidates.filter((c) => Number.isFinite(c.customerLimit) && c.customerLimit > 0);

/**
 * The customer as the engine sees it: terms and lead memberships (read once per call; none in an
 * expired lead), and the
 * settled uses of limited campaigns (the usage rows, which also count uses settled before
 * customer holds existed). The uses held by other checkouts are read at each attempt
 * (`customerUsage`).
 */
async function customerFacts(
  ctx: ServiceContext,
  candidates: PreparedCampaign[],
  document: string | undefined,
): Promise<{ id: number | null; facts: CustomerFacts | null; settled: Record<number, number> }> {
  const customer = document ? await checkoutCustomer(ctx, document) : undefined;
  if (!customer) return { id: null, facts: null, settled: {} };
  const leads = [...new Set(candidates.map((c) => c.lead).filter((l): l is number => l !== null))];
  const limited = limitedOf(candidates).map((c) => c.id);
  const [memberships, expired, settled] = await Promise.all([
    mapLimited(leads, 10, async (lead) => [lead, await isMember(ctx, lead, customer.id)] as const),
    // A lead past its 'Válido até' has no one in it for a campaign (read with the memberships).
    expiredLeads(ctx, leads),
    limited.length > 0
      ? checkoutRepository(ctx.tenant).customerUses(limited, customer.id)
      : Promise.resolve({}),
  ]);
  const inLead = new Map(memberships.filter(([lead]) => !expired.has(lead)));
  return {
    id: customer.id,
    facts: {
      accepted_terms: customer.acceptedTerms,
      in_lead: (lead) => inLead.get(lead) === true,
      usage: {},
    },
    settled,
  };
}

/** The session's own open holds on a customer's limits (they stay its own when it calls again). */
function ownCustomerHolds(previous: CheckoutSession | undefined, customer: number | null): Set<number> {
  if (!previous || previous.status !== 'open' || customer === null) return new Set();
  return new Set(previous.customer_holds.filter((h) => h.customer === customer).map((h) => h.campaign));
}

/**
 * A customer's uses of each limited campaign as the engine counts them: the uses held or settled
 * by other sales (the counter, less this session's own hold), and never fewer than the settled
 * usage rows.
 */
function customerUsage(
  limited: readonly number[],
  settled: Record<number, number>,
  counters: Record<number, number>,
  own: ReadonlySet<number>,
): Record<number, number> {
  const usage: Record<number, number> = {};
  for (const c of limited) usage[c] = Math.max(settled[c] ?? 0, (counters[c] ?? 0) - (own.has(c) ? 1 : 0));
  return usage;
}

/** The customer holds of a result (one per limited campaign granted) and the counter writes from the previous ones. */
function customerMoves(
  granted: readonly Grant[],
  candidates: readonly PreparedCampaign[],
  customer: number | null,
  previous: CheckoutSession | undefined,
): { holds: CustomerHold[]; moves: CustomerMove[] } {
  const limits = new Map(limitedOf(candidates).map((c) => [c.id, c.customerLimit]));
  const holds: CustomerHold[] =
    customer === null
      ? []
      : [...new Set(granted.map((g) => g.campaign))]
          .filter((c) => limits.has(c))
          .map((campaign) => ({ campaign, customer }));
  const before = previous?.status === 'open' ? previous.customer_holds : [];
  const key = (h: CustomerHold) => `${h.campaign}:${h.customer}`;
  const had = new Set(before.map(key));
  const has = new Set(holds.map(key));
  const moves: CustomerMove[] = [
    ...customerHoldsBack(before.filter((h) => !has.has(key(h)))),
    ...holds
      .filter((h) => !had.has(key(h)))
      .map((h): CustomerMove => ({ ...h, delta: 1, limit: limits.get(h.campaign)! })),
  ];
  return { holds, moves };
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

/** The sale a checkout call belongs to: what keys its session and settles it. */
interface Sale {
  session: string;
  store: number;
  checkout: string;
  coupon: string;
  operator: string;
}

/**
 * The session of a call: the point of sale's `session`, else the purchase key (store, checkout,
 * coupon). Without a coupon either, nothing tells two sales apart, so each call gets its own
 * session (never replacing another sale's hold; released by the sweep). `prefix` keeps the
 * payment call's hold apart from the subtotal's of the same sale (both settle with the purchase).
 */
function saleOf(
  request: {
    session: string;
    basket: { id_store: number; checkout: string; coupon: string; operator: string };
  },
  prefix = '',
): Sale {
  const { basket } = request;
  const own =
    request.session ||
    (basket.coupon ? `${basket.id_store}:${basket.checkout}:${basket.coupon}` : `anon:${randomUUID()}`);
  return {
    session: `${prefix}${own}`,
    store: basket.id_store,
    checkout: basket.checkout,
    coupon: basket.coupon,
    operator: basket.operator,
  };
}

/**
 * Evaluates a sale with the budgets and per-customer limits actually held, and replaces the
 * session's holds by what this answer grants (budgets: conditional ADDs on their shards; a
 * customer's limited uses: a conditional ADD on the customer's counter of the campaign). When
 * another checkout takes the last of a budget or a customer's last use first, the sale is read and
 * evaluated again without it.
 */
async function holdDiscounts(
  ctx: ServiceContext,
  sale: Sale,
  candidates: PreparedCampaign[],
  codes: readonly string[],
  document: string | undefined,
  ready: Promise<unknown>,
  run: (customer: CustomerFacts | null, budgets: RemainingBudget[]) => EvaluationResult,
): Promise<EvaluationResult> {
  const limits = budgetLimits(candidates, new Set(codes));
  const repo = checkoutRepository(ctx.tenant);
  const readBudgets = () =>
    Promise.all([
      repo.session(sale.session),
      limits.size > 0
        ? repo.counters([...limits.values()])
        : Promise.resolve(new Map<string, BudgetCounters>()),
    ]);
  // Independent reads in parallel: one round trip after the active set's version (two for an
  // identified customer when a campaign limits uses per customer).
  const [customer, firstState] = await Promise.all([
    customerFacts(ctx, candidates, document),
    readBudgets(),
    ready,
  ]);
  const limited = customer.id === null ? [] : limitedOf(candidates).map((c) => c.id);
  const readHeld = () =>
    limited.length > 0 ? repo.customerHolds(limited, customer.id!) : Promise.resolve({});
  const vouchered = new Set(candidates.filter((c) => c.voucher !== null).map((c) => c.id));

  for (let attempt = 1, state = firstState, held = await readHeld(); ; attempt++) {
    if (attempt > 1) [state, held] = await Promise.all([readBudgets(), readHeld()]);
    const [previous, counters] = state;
    if (previous && previous.status !== 'open')
      throw conflict('Esta venda já foi finalizada; abra uma nova sessão.');
    const facts = customer.facts && {
      ...customer.facts,
      usage: customerUsage(limited, customer.settled, held, ownCustomerHolds(previous, customer.id)),
    };
    const result = run(facts, remainingBudgets(limits, counters, previous));
    const reservations = reservationsOf(result, limits);
    const granted = grantsOf(result);
    // Nothing granted, nothing held before: no session to keep (a basket with no campaign).
    if (
      granted.length === 0 &&
      (!previous ||
        (previous.reservations.length === 0 &&
          previous.granted.length === 0 &&
          previous.customer_holds.length === 0))
    )
      return result;
    const at = ctx.now();
    const moves = budgetMoves(reservations, previous, limits, counters, sale.session);
    const forCustomer = customerMoves(granted, candidates, customer.id, previous);
    const outcome = !moves
      ? ({ ok: false, reason: 'budget' } as const)
      : await repo.reserve(
          {
            session: sale.session,
            id_store: sale.store,
            checkout: sale.checkout,
            coupon: sale.coupon,
            operator: sale.operator,
            id_customer: customer.id,
            reservations,
            granted,
            customer_holds: forCustomer.holds,
            voucher_campaigns: [...new Set(granted.map((g) => g.campaign))].filter((c) => vouchered.has(c)),
          },
          previous,
          moves,
          at.toISOString(),
          Math.floor(at.getTime() / 1000) + HOLD_MINUTES * 60,
          forCustomer.moves,
        );
    if (outcome.ok) return result;
    if (attempt >= ATTEMPTS)
      throw conflict('Muitas vendas disputam o mesmo orçamento de campanha. Tente novamente.');
  }
}

/**
 * POST /checkout/subtotal: the discounts of the basket for this store, customer, vouchers and
 * moment, with the session's holds replaced by what this answer grants.
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
  const facts = productFacts(ctx, prepared, codes);
  let lines: BasketLine[] = [];
  const result = await holdDiscounts(
    ctx,
    saleOf(request),
    candidates,
    codes,
    request.customer?.document,
    facts.then((f) => (lines = basketLines(request, f))),
    (customer, budgets) =>
      evaluate(prepared, {
        lines,
        store_id: store,
        at: ctx.now(),
        customer,
        vouchers: request.vouchers,
        budgets,
      }),
  );
  return subtotalAnswer(request, result);
}

/**
 * POST /checkout/discounts/payments: the payment method's discount (DBP campaigns) on the ticket.
 * Held and settled like the subtotal (its own session of the same sale, settled by the same
 * purchase), so a DBP budget is never passed; with the optional `customer`, `vouchers` and `items`
 * the campaigns with a lead, the terms, a per-customer limit or a quantity dynamic apply as at the
 * subtotal (without items the ticket is one unit of `total_value`).
 */
export async function checkoutPaymentDiscount(
  ctx: ServiceContext,
  request: PaymentDiscountRequest,
): Promise<PaymentDiscountAnswer> {
  assertSellsAt(ctx, request.basket.id_store);
  const { prepared } = await activeCampaigns(ctx);
  const store = request.basket.id_store;
  const candidates = atStore(prepared, store).filter((c) => c.type === 'DBP');
  const items = request.basket.items;
  const codes = items?.map((i) => i.barcode) ?? [];
  // The items at what is left of each after the discounts already given.
  const net = items && {
    ...request,
    basket: {
      ...request.basket,
      items: items.map((i) => ({ ...i, total_value: Math.max(0, i.total_value - i.discounts) })),
    },
  };
  let lines: BasketLine[] | undefined;
  const ready = net
    ? productFacts(ctx, prepared, codes).then((f) => (lines = basketLines(net, f)))
    : Promise.resolve();
  let answer: PaymentDiscountAnswer | undefined;
  await holdDiscounts(
    ctx,
    saleOf(request, 'pay:'),
    candidates,
    codes,
    request.customer?.document,
    ready,
    (customer, budgets) => {
      const computed = paymentDiscount(prepared, {
        store_id: store,
        at: ctx.now(),
        payment_method: request.basket.payment_method,
        total_cents: request.basket.total_value,
        customer,
        vouchers: request.vouchers,
        budgets,
        lines,
      });
      answer = computed.answer;
      return computed.result;
    },
  );
  return answer!;
}

// Settlement (the `campaigns-settlement` stream processor) lives in settlement.service.ts: it records
// participation through the segmentation engine, which the point of sale's function must not bundle.
export { settlePurchases } from './settlement.service';

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
