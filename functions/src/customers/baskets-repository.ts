import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { conflict, notFound } from '../lib/errors';
import {
  BasketEntity,
  BasketOriginEntity,
  CustomerEntity,
  UNIQUE_SCOPES,
  basketKeyOf,
  type BasketItem,
  type CustomerItem,
} from './entities';
import type { Actor } from './repository';
import { addDays, formatBrl } from './service';
import { eventKey, failedIndex, isConditionFailure, runLimited, transactionError, writeTransaction, type TransactionEntities } from './transactions';

/** A validated purchase, money in centavos (see integration/schema.ts). */
export type NewBasket = Omit<BasketItem, 'tenant' | 'id' | 'idCustomer' | 'createdAt'>;

export interface IngestResult {
  index: number;
  id: number | null;
  duplicate?: true;
  errors?: Record<string, string>;
}

/** `GET /web/baskets/filter` reads at most this many matches (one store-day is far below it). */
export const FILTER_CAP = 500;
/** Purchases associated in one request (each adds a basket update and a timeline entry). */
export const ASSOCIATE_MAX = 45;
/** A customer's purchases read for one period (newest first). */
export const PERIOD_CAP = 2000;

/** Identity of a sale: the same store, checkout, coupon and instant is the same purchase. */
export const saleKey = (b: Pick<NewBasket, 'idStore' | 'checkout' | 'coupon' | 'date'>) =>
  `${b.idStore}|${b.checkout}|${b.coupon}|${b.date}`;

/** Origins already recorded by this container (the origin list is append-only). */
const knownOrigins = new Set<string>();

/** Purchases of one tenant. */
export function basketsRepository(tenant: string) {
  /**
   * The customer-side half of recording purchases: ADD count and total; and, when a purchase
   * is newer than the last one seen, SET its date and origin under a condition on the value
   * read (optimistic), so a concurrent newer purchase is never overwritten by an older one.
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
    const op = entity.patch({ tenant, id: customer.id }).add({ basketCount: purchases.length, basketTotal: total });
    if (!isNewer) return op;
    return op
      .set({ dt_last_basket: newest.date, last_basket_origin: newest.origin })
      .where(({ dt_last_basket }, { eq, notExists }) => (seen ? eq(dt_last_basket, seen) : notExists(dt_last_basket)));
  }

  async function rememberOrigins(origins: string[]): Promise<void> {
    const fresh = [...new Set(origins)].filter((o) => !knownOrigins.has(`${tenant}|${o}`));
    if (fresh.length === 0) return;
    await BasketOriginEntity.put(fresh.map((origin) => ({ tenant, origin }))).go();
    for (const o of fresh) knownOrigins.add(`${tenant}|${o}`);
  }

  async function storedId(basket: NewBasket): Promise<number | undefined> {
    const { data } = await BasketEntity.get(basketKeyOf({ ...basket, tenant })).go({ consistent: true });
    return data?.id;
  }

  /** Stores one purchase (retrying while the customer's last purchase moves under it). */
  async function storeOne(id: number, basket: NewBasket, customer: CustomerItem | undefined): Promise<IngestResult & { customer?: CustomerItem }> {
    let current = customer;
    for (let attempt = 0; attempt < 12; attempt++) {
      const item = { ...basket, tenant, id, idCustomer: current?.id ?? 0 };
      if (!current) {
        // Unidentified: one conditional put on the natural key is the whole write.
        try {
          await BasketEntity.create(item).go();
          return { index: 0, id };
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          return { index: 0, id: (await storedId(basket)) ?? null, duplicate: true };
        }
      }
      const result = await writeTransaction(({ basket: b, customer: c, event }) => [
        b.create(item).commit(),
        customerPatch(current!, [basket], c).commit(),
        event
          .create({
            tenant,
            customerId: current!.id,
            ...eventKey(),
            type: 'purchase',
            channel: basket.origin,
            basketId: id,
            description: `Compra de ${formatBrl(basket.amount)} na loja ${basket.idStore}, caixa ${basket.checkout}, cupom ${basket.coupon}`,
          })
          .commit(),
      ]);
      if (!result.canceled) {
        const applied = { ...current, basketCount: current.basketCount + 1, basketTotal: current.basketTotal + basket.amount };
        if (!current.dt_last_basket || basket.date >= current.dt_last_basket) {
          Object.assign(applied, { dt_last_basket: basket.date, last_basket_origin: basket.origin });
        }
        return { index: 0, id, customer: applied };
      }
      const failed = failedIndex(result);
      if (failed === 0) return { index: 0, id: (await storedId(basket)) ?? null, duplicate: true };
      if (failed !== 1) throw transactionError(result);
      // The customer's last purchase changed (or the customer was deleted): read it again.
      const { data } = await CustomerEntity.get({ tenant, id: current.id }).go();
      current = data ?? undefined;
    }
    throw new Error('basket ingestion: customer kept changing');
  }

  return {
    /**
     * Stores validated purchases: replays (same store, checkout, coupon and date) answer the
     * stored id with `duplicate`; a purchase whose document belongs to a customer is linked
     * and the customer's aggregates move in the same transaction. Purchases of one customer
     * are written in order, different customers in parallel.
     */
    async ingest(rows: { index: number; basket: NewBasket }[]): Promise<IngestResult[]> {
      if (rows.length === 0) return [];
      const results = new Map<number, IngestResult>();
      // Known replays are answered without spending ids (the conditional write still guards races).
      const keys = new Map(rows.map((r) => [saleKey(r.basket), basketKeyOf({ ...r.basket, tenant })]));
      const { data: stored } = await BasketEntity.get([...keys.values()]).go({ consistent: true });
      const existing = new Map(stored.map((b) => [saleKey(b), b.id]));
      const fresh = rows.filter((r) => {
        const owner = existing.get(saleKey(r.basket));
        if (owner !== undefined) results.set(r.index, { index: r.index, id: owner, duplicate: true });
        return owner === undefined;
      });
      if (fresh.length > 0) {
        const documents = [...new Set(fresh.map((r) => r.basket.document).filter((d): d is string => Boolean(d)))];
        const owners = documents.length
          ? (await UniqueEntity.get(documents.map((value) => ({ tenant, scope: UNIQUE_SCOPES.document, value }))).go()).data
          : [];
        const customerIds = [...new Set(owners.map((o) => o.ownerId))];
        const customers = customerIds.length
          ? (await CustomerEntity.get(customerIds.map((id) => ({ tenant, id }))).go()).data
          : [];
        const byDocument = new Map(owners.map((o) => [o.value, customers.find((c) => c.id === o.ownerId)]));
        await rememberOrigins(fresh.map((r) => r.basket.origin));
        const firstId = await countersFor(tenant).reserve('basket', fresh.length);
        // One lane per customer (ordered), unidentified purchases one lane each.
        const lanes = new Map<string, { index: number; basket: NewBasket; id: number }[]>();
        fresh.forEach((r, i) => {
          const customer = r.basket.document ? byDocument.get(r.basket.document) : undefined;
          const lane = customer ? `c${customer.id}` : `b${r.index}`;
          lanes.set(lane, [...(lanes.get(lane) ?? []), { ...r, id: firstId + i }]);
        });
        await runLimited([...lanes.values()], 8, async (lane) => {
          let customer = lane[0]!.basket.document ? byDocument.get(lane[0]!.basket.document) : undefined;
          for (const row of lane) {
            const outcome = await storeOne(row.id, row.basket, customer);
            customer = outcome.customer ?? customer;
            results.set(row.index, { index: row.index, id: outcome.id, ...(outcome.duplicate ? { duplicate: true } : {}) });
          }
        });
      }
      return rows.map((r) => results.get(r.index)!);
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
          ? BasketEntity.query.byKey({ tenant, idStore: f.idStore, day: f.day }).begins(f.checkout ? { checkout: f.checkout } : {})
          : BasketEntity.query.byDay({ tenant, day: f.day });
      const { data } = await (query as typeof BasketEntity.query.byDay extends (...a: never[]) => infer R ? R : never)
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
     * Links unidentified purchases to a customer, with the aggregates and one timeline entry
     * per purchase, in one transaction (all or none).
     */
    async associate(customerId: number, ids: number[], actor: Actor): Promise<number> {
      const found = await Promise.all(ids.map((id) => BasketEntity.query.byId({ tenant, id }).go({ pages: 1 })));
      const baskets = found.map((r) => r.data[0]).filter((b): b is BasketItem => b !== undefined);
      for (const id of ids) {
        const basket = baskets.find((b) => b.id === id);
        if (!basket) throw notFound(`Compra ${id} não encontrada.`);
        if (basket.idCustomer > 0) throw conflict(`A compra ${id} (cupom ${basket.coupon}) já está associada a um cliente.`);
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const { data: customer } = await CustomerEntity.get({ tenant, id: customerId }).go();
        if (!customer) throw notFound('Cliente não encontrado.');
        const result = await writeTransaction(({ basket: b, customer: c, event }) => [
          customerPatch(customer, baskets, c).commit(),
          ...baskets.map((basket) =>
            b
              .patch(basketKeyOf(basket))
              .set({ idCustomer: customer.id })
              .composite({ id: basket.id })
              .where(({ idCustomer }, { eq }) => eq(idCustomer, 0))
              .commit(),
          ),
          ...baskets.map((basket) =>
            event
              .create({
                tenant,
                customerId: customer.id,
                ...eventKey(),
                type: 'associated',
                channel: actor.channel,
                userId: actor.userId,
                userName: actor.userName,
                basketId: basket.id,
                description: `Cupom ${basket.coupon} (loja ${basket.idStore}, ${formatBrl(basket.amount)}) associado ao cliente`,
              })
              .commit(),
          ),
        ]);
        if (!result.canceled) return baskets.length;
        const failed = failedIndex(result);
        // The customer's last purchase moved meanwhile (or the customer was deleted): read again.
        if (failed === 0) continue;
        if (failed > 0) throw conflict('Uma das compras já foi associada a um cliente. Atualize a lista.');
        throw transactionError(result);
      }
      throw conflict('Este cliente foi alterado por outra pessoa. Tente novamente.');
    },

    async origins(): Promise<string[]> {
      const { data } = await BasketOriginEntity.query.byOrigin({ tenant }).go({ pages: 'all' });
      return data.map((o) => o.origin);
    },
  };
}
