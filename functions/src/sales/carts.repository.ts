import { countersFor } from '../lib/ddb/counters';
import { readPage } from '../lib/ddb/pagination';
import { failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { conflict } from '../lib/errors';
import { SALE_MESSAGES } from '@freguesia/shared/domain/sales';
import { CartEntity, CartRowEntity, salesService, type CartItem } from './carts.entities';
import { counterName, listScopes, scopeKeysOf, toRow, type StoredSale } from './carts.model';

export interface StoredCart {
  id: number;
  version: number;
  sale: StoredSale;
  createdAt: string;
  updatedAt: string;
}

const toCart = (item: CartItem): StoredCart => ({
  id: item.id,
  version: item.version,
  sale: item.sale as StoredSale,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

type Txn = Parameters<Parameters<typeof salesService.transaction.write>[0]>[0];

/**
 * Carts of one tenant. Every write is one transaction: the cart (conditioned on its version, so a
 * second editor's save fails instead of overwriting), its 16 list rows and the counters of the
 * scopes it enters or leaves.
 */
export function cartsRepository(tenant: string) {
  const rowOps = (t: Txn, id: number, sale: StoredSale, createdAt: string, updatedAt: string) =>
    listScopes(scopeKeysOf(sale)).map((scope) =>
      t.cartRow.put({ tenant, scope, id, row: toRow(id, sale, createdAt, updatedAt) }).commit(),
    );
  const count = (t: Txn, scope: string, delta: number) =>
    t.counter
      .upsert({ tenant, name: counterName(scope) })
      .add({ value: delta })
      .commit();

  async function commit(run: (t: Txn) => unknown[]): Promise<void> {
    const result = await writeTransaction(() => salesService.transaction.write((t) => run(t) as never).go());
    if (!result.canceled) return;
    if (failedIndex(result) === 0) throw conflict(SALE_MESSAGES.stale);
    throw transactionError(result);
  }

  return {
    nextId: () => countersFor(tenant).next('cart'),

    async get(id: number): Promise<StoredCart | null> {
      const { data } = await CartEntity.get({ tenant, id }).go();
      return data ? toCart(data) : null;
    },

    async create(id: number, sale: StoredSale, at: string): Promise<StoredCart> {
      await commit((t) => [
        t.cart
          .create({
            tenant,
            id,
            version: 1,
            status: sale.status,
            store_id: sale.store_id,
            user_id: sale.user_id,
            customer_id: sale.customer_id,
            sale,
            createdAt: at,
            updatedAt: at,
          })
          .commit(),
        ...rowOps(t, id, sale, at, at),
        ...listScopes(scopeKeysOf(sale)).map((scope) => count(t, scope, 1)),
      ]);
      return { id, version: 1, sale, createdAt: at, updatedAt: at };
    },

    /** Replaces the sale if its version is still `current.version`; conflict (stale) otherwise. */
    async update(current: StoredCart, sale: StoredSale, at: string): Promise<StoredCart> {
      const before = new Set(listScopes(scopeKeysOf(current.sale)));
      const after = new Set(listScopes(scopeKeysOf(sale)));
      const version = current.version + 1;
      await commit((t) => [
        t.cart
          .patch({ tenant, id: current.id })
          .set({
            version,
            status: sale.status,
            store_id: sale.store_id,
            user_id: sale.user_id,
            customer_id: sale.customer_id,
            sale,
            updatedAt: at,
          })
          .where((a, { eq }) => eq(a.version, current.version))
          .commit(),
        ...rowOps(t, current.id, sale, current.createdAt, at),
        ...[...before]
          .filter((s) => !after.has(s))
          .flatMap((scope) => [
            t.cartRow.delete({ tenant, scope, id: current.id }).commit(),
            count(t, scope, -1),
          ]),
        ...[...after].filter((s) => !before.has(s)).map((scope) => count(t, scope, 1)),
      ]);
      return { id: current.id, version, sale, createdAt: current.createdAt, updatedAt: at };
    },

    async remove(current: StoredCart): Promise<void> {
      await commit((t) => [
        t.cart
          .delete({ tenant, id: current.id })
          .where((a, { eq }) => eq(a.version, current.version))
          .commit(),
        ...listScopes(scopeKeysOf(current.sale)).flatMap((scope) => [
          t.cartRow.delete({ tenant, scope, id: current.id }).commit(),
          count(t, scope, -1),
        ]),
      ]);
    },

    /** Page `page` of a scope, newest first (one Query for the first pages), and its total (one GetItem), in parallel. */
    async page(scope: string, page: number, perPage: number) {
      const [rows, total] = await Promise.all([
        readPage(
          async ({ cursor, limit }) => {
            const result = await CartRowEntity.query
              .byScope({ tenant, scope })
              .go({ cursor, limit, order: 'desc', pages: 1 });
            return { data: result.data.map((r) => r.row as ReturnType<typeof toRow>), cursor: result.cursor };
          },
          page,
          perPage,
        ),
        countersFor(tenant).total(`cart|${scope}`),
      ]);
      return { rows, total: Math.max(total, 0) };
    },
  };
}
