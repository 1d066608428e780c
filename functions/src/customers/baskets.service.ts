import { addDays, endOfMonth, localDay } from '@freguesia/shared/domain/dates';
import { listStoreRefs, storeNames } from '../catalog/stores.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { paginateArray, paginated } from '../lib/ddb/pagination';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { readSettingValue } from '../settings/settings.service';
import { saleKey, toBasket, type IngestResult, type NewBasket } from './baskets.model';
import { basketsRepository } from './baskets.repository';
import { formatBrl, timelineActor, timelineEntries } from './customers.model';
import type { CustomerItem } from './entities';

export type { IngestResult, NewBasket } from './baskets.model';

/**
 * Purchases (spec part 1 §7, part 3 §7): POS ingestion, a customer's purchases by period,
 * a day's purchases to associate, association with a customer. Tenant first, like every
 * service; the POS route and a future queue consumer call the same `ingestBaskets`.
 */

/** Purchases associated in one request (each adds a basket update and a timeline entry). */
export const ASSOCIATE_MAX = 45;
/** Attempts at one purchase while its customer's last purchase keeps moving. */
const INGEST_ATTEMPTS = 12;
/** Customers (lanes) written in parallel by one ingestion. */
const INGEST_LANES = 8;

/**
 * Stores validated purchases (`index` is the row's position in the caller's request). A
 * purchase of an unknown store is rejected; replays (same store, checkout, coupon and date)
 * answer the stored id with `duplicate`; a purchase whose document belongs to a customer is
 * linked and the customer's aggregates and timeline move in the same transaction. Purchases
 * of one customer are written in order, different customers in parallel. Results come back
 * in input order.
 */
export async function ingestBaskets(
  ctx: ServiceContext,
  rows: { index: number; basket: NewBasket }[],
): Promise<IngestResult[]> {
  if (rows.length === 0) return [];
  const repo = basketsRepository(ctx.tenant);
  const results = new Map<number, IngestResult>();
  const stores = new Set((await listStoreRefs(ctx)).map((s) => s.id));
  const known = rows.filter((r) => {
    if (!stores.has(r.basket.idStore))
      results.set(r.index, { index: r.index, id: null, errors: { id_store: 'Loja não encontrada.' } });
    return stores.has(r.basket.idStore);
  });
  // Known replays are answered without spending ids (the conditional write still guards races).
  const existing = await repo.storedIds(known.map((r) => r.basket));
  const fresh = known.filter((r) => {
    const owner = existing.get(saleKey(r.basket));
    if (owner !== undefined) results.set(r.index, { index: r.index, id: owner, duplicate: true });
    return owner === undefined;
  });
  if (fresh.length > 0) {
    const byDocument = await repo.customersByDocument([
      ...new Set(fresh.map((r) => r.basket.document).filter((d): d is string => Boolean(d))),
    ]);
    await repo.rememberOrigins(fresh.map((r) => r.basket.origin));
    const firstId = await repo.reserveIds(fresh.length);
    // One lane per customer (ordered), unidentified purchases one lane each.
    const lanes = new Map<
      string,
      { index: number; basket: NewBasket; id: number; customer?: CustomerItem }[]
    >();
    fresh.forEach((r, i) => {
      const customer = r.basket.document ? byDocument.get(r.basket.document) : undefined;
      const lane = customer ? `c${customer.id}` : `b${r.index}`;
      lanes.set(lane, [...(lanes.get(lane) ?? []), { ...r, id: firstId + i, customer }]);
    });
    await mapLimited([...lanes.values()], INGEST_LANES, async (lane) => {
      let customer = lane[0]!.customer;
      for (const row of lane) {
        const outcome = await storeOne(ctx, row.id, row.basket, customer);
        customer = outcome.customer ?? customer;
        results.set(row.index, {
          index: row.index,
          id: outcome.id,
          ...(outcome.duplicate ? { duplicate: true } : {}),
        });
      }
    });
  }
  return rows.map((r) => results.get(r.index)!);
}

/** Stores one purchase, reading its customer again while the customer's last purchase moves under it. */
async function storeOne(
  ctx: ServiceContext,
  id: number,
  basket: NewBasket,
  customer: CustomerItem | undefined,
): Promise<{ id: number | null; duplicate?: true; customer?: CustomerItem }> {
  const repo = basketsRepository(ctx.tenant);
  let current = customer;
  for (let attempt = 0; attempt < INGEST_ATTEMPTS; attempt++) {
    if (!current) return repo.createUnidentified(id, basket);
    const [entry] = timelineEntries({ channel: basket.origin }, ctx.now(), [
      {
        type: 'purchase',
        basketId: id,
        storeId: basket.idStore,
        description: `Compra de ${formatBrl(basket.amount)} na loja ${basket.idStore}, caixa ${basket.checkout}, cupom ${basket.coupon}`,
      },
    ]);
    const stored = await repo.createForCustomer(id, basket, current, entry!);
    if (stored.outcome === 'stored') return { id, customer: stored.customer };
    if (stored.outcome === 'duplicate') return { id: stored.id, duplicate: true };
    current = await repo.customer(current.id);
  }
  throw new Error('basket ingestion: customer kept changing');
}

export interface CustomerBasketsQuery {
  id: number;
  gte_date?: string;
  lte_date?: string;
  page: number;
  per_page: number;
}

/**
 * A customer's purchases in a period, newest first. Without dates the period is the last
 * `average_baskets_days` days (setting, default 90) up to the end of the current month.
 */
export async function customerBaskets(ctx: ServiceContext, query: CustomerBasketsQuery) {
  const today = localDay(ctx.now());
  let gte = query.gte_date;
  if (!gte) {
    const days = Number((await readSettingValue(ctx, 'average_baskets_days')) ?? 90) || 90;
    gte = addDays(today, -days);
  }
  const lte = query.lte_date ?? endOfMonth(today);
  if (gte > lte) throw invalid('A data inicial deve ser anterior à final.');
  const [stored, names] = await Promise.all([
    basketsRepository(ctx.tenant).byCustomer(query.id, gte, lte),
    storeNames(ctx),
  ]);
  const scope = visibleStore(ctx);
  const baskets = scope === undefined ? stored : stored.filter((b) => b.idStore === scope);
  const page = paginateArray(baskets, query.page, query.per_page);
  return {
    ...page,
    data: page.data.map((b) => toBasket(b, names)),
    period: { gte_date: gte, lte_date: lte },
  };
}

export interface BasketFilter {
  date: string;
  id_store?: number;
  checkout?: string;
  coupon?: string;
  /** true: identified purchases only; false: unidentified only. */
  basket_loyal?: boolean;
  page: number;
  per_page: number;
}

/**
 * The only store whose purchases the caller may see, or undefined for every store. Without
 * all stores, a staff user sees their own store only (spec part 1 §6); a user with no store
 * sees none (-1 matches no store). Other callers (POS, system jobs) are not store-bound.
 */
export function visibleStore(ctx: ServiceContext): number | undefined {
  const staff = staffOf(ctx);
  if (!staff || staff.allStores) return undefined;
  return staff.storeId ?? -1;
}

/** Said when a store-bound user names another store (the same words as the catalogue's). */
export const OUT_OF_SCOPE_STORE = 'Você só pode consultar os dados da sua loja.';

/**
 * The store a day filter reads: for a store-bound user their own store, and naming another
 * store is refused (403, as the catalogue does); else the requested one (or every store).
 */
function storeScope(ctx: ServiceContext, requested: number | undefined): number | undefined {
  const scope = visibleStore(ctx);
  if (scope === undefined) return requested;
  if (requested !== undefined && requested !== scope) throw forbidden(OUT_OF_SCOPE_STORE);
  return scope;
}

/** Purchases of a day (newest first) to associate with a customer; see the repository's filter. */
export async function filterBaskets(ctx: ServiceContext, query: BasketFilter) {
  const [result, names] = await Promise.all([
    basketsRepository(ctx.tenant).filter({
      day: query.date,
      idStore: storeScope(ctx, query.id_store),
      checkout: query.checkout,
      coupon: query.coupon,
      loyal: query.basket_loyal,
    }),
    storeNames(ctx),
  ]);
  const sorted = result.items.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const start = (query.page - 1) * query.per_page;
  const answer = paginated(
    sorted.slice(start, start + query.per_page).map((b) => toBasket(b, names)),
    sorted.length,
    query.page,
    query.per_page,
  );
  return result.estimated
    ? { ...answer, pagination: { ...answer.pagination, estimated: true as const } }
    : answer;
}

/**
 * Links unidentified purchases to a customer, with the aggregates and one timeline entry per
 * purchase, all or none. Answers how many were associated.
 */
export async function associateBaskets(
  ctx: ServiceContext,
  customerId: number,
  ids: number[],
): Promise<number> {
  const repo = basketsRepository(ctx.tenant);
  const scope = visibleStore(ctx);
  // A store-bound user cannot reach another store's purchase: it does not exist for them.
  const baskets = (await repo.byIds(ids)).filter((b) => scope === undefined || b.idStore === scope);
  for (const id of ids) {
    const basket = baskets.find((b) => b.id === id);
    if (!basket) throw notFound(`Compra ${id} não encontrada.`);
    if (basket.idCustomer > 0)
      throw conflict(`A compra ${id} (cupom ${basket.coupon}) já está associada a um cliente.`);
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const customer = await repo.customer(customerId);
    if (!customer) throw notFound('Cliente não encontrado.');
    const entries = timelineEntries(
      timelineActor(ctx.actor),
      ctx.now(),
      baskets.map((basket) => ({
        type: 'associated' as const,
        basketId: basket.id,
        storeId: basket.idStore,
        description: `Cupom ${basket.coupon} (loja ${basket.idStore}, ${formatBrl(basket.amount)}) associado ao cliente`,
      })),
    );
    const outcome = await repo.associate(customer, baskets, entries);
    if (outcome === 'associated') return baskets.length;
    if (outcome === 'taken')
      throw conflict('Uma das compras já foi associada a um cliente. Atualize a lista.');
    // 'customer-changed': the customer's last purchase moved meanwhile; read it again.
  }
  throw conflict('Este cliente foi alterado por outra pessoa. Tente novamente.');
}

/** Distinct purchase origins (lead conditions, filters). */
export const basketOrigins = (ctx: ServiceContext): Promise<string[]> =>
  basketsRepository(ctx.tenant).origins();
