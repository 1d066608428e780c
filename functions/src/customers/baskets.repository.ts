import { addDays } from '@freguesia/shared/domain/dates';
import { MAX_CUSTOMER_TOTAL_CENTS } from '@freguesia/shared/schemas/customer-limits';
import { mapLimited } from '../lib/ddb/concurrency';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import {
  BasketEntity,
  BasketOriginEntity,
  CustomerEntity,
  UNIQUE_SCOPES,
  basketKeyOf,
  customersService,
  type BasketItem,
  type CustomerItem,
  type TransactionEntities,
} from './entities';
import { batchGetEntities } from '../lib/ddb/batch';
import { saleKey, type NewBasket } from './baskets.model';
import type { TimelineEntry } from './customers.model';

/** `GET /web/baskets/filter` reads at most this many matches (one store-day is far below it). */
export const FILTER_CAP = 500;
/** A customer's purchases read for one period (newest first). */
export const PERIOD_CAP = 2000;

/** What became of a purchase written for a customer. */
export type StoredForCustomer =
  | { outcome: 'stored'; customer: CustomerItem }
  | { outcome: 'duplicate'; id: number | null }
  /** The customer's last purchase moved (or the customer was deleted): read it again. */
  | { outcome: 'customer-changed' };

/** Origins already recorded by this container (the origin list is append-only). */
const knownOrigins = new Set<string>();

/** Purchases of one tenant. */
export function basketsRepository(tenant: string) {
  /**
   * The customer-side half of recording purchases: ADD count and total; and, when a purchase
   * is newer than the last one seen, SET its date and origin under a condition on the value
   * read (optimistic), so a concurrent newer purchase is never overwritten by an older one.
   *
   * The total saturates at MAX_CUSTOMER_TOTAL_CENTS (< 2^53): it is ADDed only under the
   * condition that the sum stays within the ceiling, else SET to the ceiling under the opposite
   * condition. Both conditions are comparisons (never equality with the value read, which may be
   * rounded when an older version stored more than 2^53), so a failed one only means a
   * concurrent purchase moved the total: the caller reads the customer again. The count needs no
   * ceiling: it grows by at most ASSOCIATE_MAX per write, and 2^53 writes cannot happen.
   */
  function customerPatch(
    customer: CustomerItem,
    purchases: Pick<NewBasket, 'amount' | 'date' | 'origin'>[],
    entity: TransactionEntities['customer'],
  ) {
    const newest = purchases.reduce((a, b) => (b.date > a.date ? b : a));
    const total = purchases.reduce((sum, p) => sum + p.amount, 0);
    const seen = customer.dt_last_basket;
    const isNewer = !seen || newest.date >= seen;
    const room = MAX_CUSTOMER_TOTAL_CENTS - total;
    const saturate = customer.basketTotal > room;
    const counted = entity.patch({ tenant, id: customer.id }).add({ basketCount: purchases.length });
    const summed = saturate
      ? counted.set({ basketTotal: MAX_CUSTOMER_TOTAL_CENTS })
      : counted.add({ basketTotal: total });
    const dated = isNewer
      ? summed.set({ dt_last_basket: newest.date, last_basket_origin: newest.origin })
      : summed;
    return dated.where(({ basketTotal, dt_last_basket }, { eq, gt, lte, notExists }) =>
      [
        saturate ? gt(basketTotal, room) : `(${notExists(basketTotal)} OR ${lte(basketTotal, room)})`,
        !isNewer ? '' : seen ? eq(dt_last_basket, seen) : notExists(dt_last_basket),
      ]
        .filter(Boolean)
        .join(' AND '),
    );
  }

  async function storedId(basket: NewBasket): Promise<number | null> {
    const { data } = await BasketEntity.get(basketKeyOf({ ...basket, tenant })).go({ consistent: true });
    return data?.id ?? null;
  }

  const eventItem = (customerId: number, entry: TimelineEntry) => ({ ...entry, tenant, customerId });

  return {
    /** Ids of the purchases already stored, by `saleKey` (strongly consistent reads). */
    async storedIds(baskets: NewBasket[]): Promise<Map<string, number>> {
      if (baskets.length === 0) return new Map();
      const keys = new Map(baskets.map((b) => [saleKey(b), basketKeyOf({ ...b, tenant })]));
      const data = await batchGetEntities(
        (pending) => BasketEntity.get(pending).go({ consistent: true }),
        [...keys.values()],
        { what: 'purchases' },
      );
      return new Map(data.map((b) => [saleKey(b), b.id]));
    },

    /** The customers owning these documents, by document (unknown documents are absent). */
    async customersByDocument(documents: string[]): Promise<Map<string, CustomerItem>> {
      if (documents.length === 0) return new Map();
      const owners = await batchGetEntities(
        (keys) => UniqueEntity.get(keys).go(),
        documents.map((value) => ({ tenant, scope: UNIQUE_SCOPES.document, value })),
        { what: 'purchases: document markers' },
      );
      const ids = [...new Set(owners.map((o) => o.ownerId))];
      const customers = ids.length
        ? await batchGetEntities(
            (keys) => CustomerEntity.get(keys).go(),
            ids.map((id) => ({ tenant, id })),
            { what: 'purchases: customers' },
          )
        : [];
      const byId = new Map(customers.map((c) => [c.id, c]));
      return new Map(
        owners.flatMap((o) => (byId.has(o.ownerId) ? [[o.value, byId.get(o.ownerId)!] as const] : [])),
      );
    },

    async customer(id: number): Promise<CustomerItem | undefined> {
      const { data } = await CustomerEntity.get({ tenant, id }).go();
      return data ?? undefined;
    },

    /** First of `count` consecutive purchase ids. */
    reserveIds: (count: number): Promise<number> => countersFor(tenant).reserve('basket', count),

    /** Records purchase origins (idempotent puts, once per container). */
    async rememberOrigins(origins: string[]): Promise<void> {
      const fresh = [...new Set(origins)].filter((o) => !knownOrigins.has(`${tenant}|${o}`));
      if (fresh.length === 0) return;
      await BasketOriginEntity.put(fresh.map((origin) => ({ tenant, origin }))).go();
      for (const o of fresh) knownOrigins.add(`${tenant}|${o}`);
    },

    /**
     * An unidentified purchase: one conditional put on the natural key is the whole write
     * (a replay fails the condition and answers the stored id).
     */
    async createUnidentified(
      id: number,
      basket: NewBasket,
    ): Promise<{ id: number | null; duplicate?: true }> {
      try {
        await BasketEntity.create({ ...basket, tenant, id, idCustomer: 0 }).go();
        return { id };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { id: await storedId(basket), duplicate: true };
      }
    },

    /**
     * A customer's purchase, the customer's aggregates and a timeline entry in one
     * transaction. Answers the customer as written (for the next purchase of the same lane).
     */
    async createForCustomer(
      id: number,
      basket: NewBasket,
      customer: CustomerItem,
      entry: TimelineEntry,
    ): Promise<StoredForCustomer> {
      const result = await writeTransaction(() =>
        customersService.transaction
          .write(({ basket: b, customer: c, event }) => [
            b.create({ ...basket, tenant, id, idCustomer: customer.id }).commit(),
            customerPatch(customer, [basket], c).commit(),
            event.create(eventItem(customer.id, entry)).commit(),
          ])
          .go(),
      );
      if (!result.canceled) {
        const applied = {
          ...customer,
          basketCount: customer.basketCount + 1,
          basketTotal: Math.min(MAX_CUSTOMER_TOTAL_CENTS, customer.basketTotal + basket.amount),
        };
        if (!customer.dt_last_basket || basket.date >= customer.dt_last_basket) {
          Object.assign(applied, { dt_last_basket: basket.date, last_basket_origin: basket.origin });
        }
        return { outcome: 'stored', customer: applied };
      }
      const failed = failedIndex(result);
      if (failed === 0) return { outcome: 'duplicate', id: await storedId(basket) };
      if (failed === 1) return { outcome: 'customer-changed' };
      throw transactionError(result);
    },

    /** Purchases by numeric id (the missing ones are left out). */
    async byIds(ids: number[]): Promise<BasketItem[]> {
      const found = await Promise.all(
        ids.map((id) => BasketEntity.query.byId({ tenant, id }).go({ pages: 1 })),
      );
      return found.map((r) => r.data[0]).filter((b): b is BasketItem => b !== undefined);
    },

    /** A customer's purchases between two dates (inclusive, 'YYYY-MM-DD'), newest first. */
    async byCustomer(customerId: number, gte: string, lte: string): Promise<BasketItem[]> {
      const { data } = await BasketEntity.query
        .byCustomer({ tenant, idCustomer: customerId })
        .between({ date: `${gte} 00:00:00` }, { date: `${addDays(lte, 1)} 00:00:00` })
        .go({ order: 'desc', limit: PERIOD_CAP, pages: 'all' });
      return data;
    },

    /**
     * Purchases of one day, optionally of one store and checkout (index prefix), coupon and
     * identified or not (filters). Reads at most FILTER_CAP matches.
     */
    async filter(f: { day: string; idStore?: number; checkout?: string; coupon?: string; loyal?: boolean }) {
      // With a store: its day partition (the primary key, strongly consistent); else the day index.
      const query =
        f.idStore !== undefined
          ? BasketEntity.query
              .byKey({ tenant, idStore: f.idStore, day: f.day })
              .begins(f.checkout ? { checkout: f.checkout } : {})
          : BasketEntity.query.byDay({ tenant, day: f.day });
      const { data } = await (
        query as typeof BasketEntity.query.byDay extends (...a: never[]) => infer R ? R : never
      )
        .where((a, { eq, gt }) =>
          [
            f.checkout ? eq(a.checkout, f.checkout) : '',
            f.coupon ? eq(a.coupon, f.coupon) : '',
            f.loyal === true ? gt(a.idCustomer, 0) : f.loyal === false ? eq(a.idCustomer, 0) : '',
          ]
            .filter(Boolean)
            .join(' AND '),
        )
        .go({ limit: FILTER_CAP + 1, pages: 'all' });
      return { items: data.slice(0, FILTER_CAP), estimated: data.length > FILTER_CAP };
    },

    /**
     * Links unidentified purchases to a customer, with the aggregates and the timeline
     * entries, in one transaction (all or none). `customer-changed`: the customer's last
     * purchase moved meanwhile (or the customer was deleted); `taken`: one purchase was
     * linked by someone else.
     */
    async associate(
      customer: CustomerItem,
      baskets: BasketItem[],
      entries: TimelineEntry[],
    ): Promise<'associated' | 'customer-changed' | 'taken'> {
      const result = await writeTransaction(() =>
        customersService.transaction
          .write(({ basket: b, customer: c, event }) => [
            customerPatch(customer, baskets, c).commit(),
            ...baskets.map((basket) =>
              b
                .patch(basketKeyOf(basket))
                .set({ idCustomer: customer.id })
                .composite({ id: basket.id })
                .where(({ idCustomer }, { eq }) => eq(idCustomer, 0))
                .commit(),
            ),
            ...entries.map((entry) => event.create(eventItem(customer.id, entry)).commit()),
          ])
          .go(),
      );
      if (!result.canceled) return 'associated';
      const failed = failedIndex(result);
      if (failed === 0) return 'customer-changed';
      if (failed > 0) return 'taken';
      throw transactionError(result);
    },

    /** Purchases stay (sales history) but no longer point to the customer nor keep the document. */
    async unlinkCustomer(customerId: number): Promise<void> {
      const { data } = await BasketEntity.query
        .byCustomer({ tenant, idCustomer: customerId })
        .go({ pages: 'all' });
      await mapLimited(data, 8, async (b) => {
        await BasketEntity.patch(basketKeyOf(b))
          .set({ idCustomer: 0 })
          .remove(['document'])
          .composite({ id: b.id })
          .go();
      });
    },

    async origins(): Promise<string[]> {
      const { data } = await BasketOriginEntity.query.byOrigin({ tenant }).go({ pages: 'all' });
      return data.map((o) => o.origin);
    },
  };
}
