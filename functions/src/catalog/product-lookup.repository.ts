import { batchGetEntities } from '../lib/ddb/batch';
import { CategoryEntity, ProductEntity, type ProductItem } from './entities';

/**
 * The reads behind `classifyProducts` (the checkout's product facts, the segmentation profiles,
 * campaign imports): products by code or id and the category tree. Apart from
 * `productsRepository` on purpose: a repository object carries every method it has, and with
 * them the word index and the import's write paths, into each bundle that asks for one read
 * (the point of sale's checkout; see test/unit/bundle-budget.test.ts).
 */
export function productLookupRepository(tenant: string) {
  return {
    /** Exact EAN lookup: one Query on the code index. */
    async findByCode(code: string): Promise<ProductItem | null> {
      const { data } = await ProductEntity.query
        .byCode({ tenant, code: code.trim() })
        .go({ limit: 1, pages: 1 });
      return data[0] ?? null;
    },

    /** Products by id (BatchGetItem, unprocessed keys retried); unknown ids are left out. */
    async getMany(ids: readonly number[]): Promise<ProductItem[]> {
      const keys = [...new Set(ids)].map((id) => ({ tenant, id }));
      return batchGetEntities((pending) => ProductEntity.get(pending).go({ concurrency: 10 }), keys, {
        what: 'products',
      });
    },

    /** Each category's parent (`level_up`, 0 at the root): the small list, one Query. */
    async categoryParents(): Promise<Map<number, number>> {
      const { data } = await CategoryEntity.query.byId({ tenant }).go({ pages: 'all' });
      return new Map(data.map((c) => [c.id, c.level_up]));
    },
  };
}
