import { normalizeText } from '@freguesia/shared/domain/text';
import type { ProductSearchField } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted, failedIndex, isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { catalogService, ProductEntity, UNIQUE_SCOPES, type ProductItem, type StoredPrice } from './entities';
import { looksLikeCode, type ProductFields } from './products.model';

/** Message of the EAN uniqueness marker (409). */
export const DUPLICATE_EAN_MESSAGE = 'Já existe uma mercadoria com este código (EAN).';
export const PRODUCT_NOT_FOUND = 'Mercadoria não encontrada.';
export const STALE_PRODUCT_MESSAGE = 'A mercadoria foi alterada por outra pessoa. Recarregue e tente novamente.';

/**
 * Searches read up to this many matches in their single Query, so the total of a search is exact
 * up to it (four pages of 50) and a lower bound beyond, flagged `estimated`. Reading more costs
 * latency and read capacity on every keystroke (see test/bench/product-search.ts).
 */
export const SEARCH_COUNT_WINDOW = 200;

export interface SearchPage {
  items: ProductItem[];
  total: number;
  /** True when the total is a lower bound (more matches than the counting window). */
  estimated: boolean;
}

type QueryBuilder = { go(options: { cursor?: string | null; limit: number; pages: number }): Promise<{ data: ProductItem[]; cursor: string | null }> };

/**
 * Reads matches of one index query: one request for any page inside the counting window, more
 * only for pages beyond it (each request reads at most `want` items or 1 MB).
 */
async function windowedPage(query: QueryBuilder, page: number, perPage: number): Promise<SearchPage> {
  const end = page * perPage;
  const want = Math.max(SEARCH_COUNT_WINDOW, end + perPage);
  const items: ProductItem[] = [];
  let cursor: string | null = null;
  do {
    const result = await query.go({ cursor, limit: want + 1 - items.length, pages: 1 });
    items.push(...result.data);
    cursor = result.cursor;
  } while (cursor && items.length < end + 1);
  // Limit + 1: a cursor after exactly `want` items does not prove that more exist.
  const more = items.length > want || cursor !== null;
  const counted = Math.min(items.length, want);
  return {
    items: items.slice((page - 1) * perPage, end),
    total: more ? counted + 1 : counted,
    estimated: more,
  };
}

/** Products of one tenant. Every search is a Query on an index; nothing scans. */
export function productsRepository(tenant: string) {
  const counters = countersFor(tenant);

  const byField = (field: ProductSearchField, q: string): QueryBuilder => {
    switch (field) {
      case 'description':
        return ProductEntity.query.byDescription({ tenant }).begins({ descriptionKey: normalizeText(q) }) as QueryBuilder;
      case 'code':
        return ProductEntity.query.byCode({ tenant }).begins({ code: q.trim() }) as QueryBuilder;
      case 'reference_code':
        return ProductEntity.query.byReference({ tenant }).begins({ reference_code: q.trim() }) as QueryBuilder;
      case 'group_code':
        return ProductEntity.query.byGroup({ tenant }).begins({ group_code: q.trim() }) as QueryBuilder;
    }
  };

  return {
    async get(id: number): Promise<ProductItem | null> {
      const { data } = await ProductEntity.get({ tenant, id }).go();
      return data;
    },

    /** Several products by id (BatchGet, chunks of 100), in no particular order. */
    async getMany(ids: readonly number[]): Promise<ProductItem[]> {
      const found: ProductItem[] = [];
      let keys = [...new Set(ids)].map((id) => ({ tenant, id }));
      for (let attempt = 0; keys.length > 0; attempt++) {
        const { data, unprocessed } = await ProductEntity.get(keys).go({ concurrency: 10 });
        found.push(...data);
        if (unprocessed.length === 0) break;
        if (attempt >= 8) throw new Error(`products: ${unprocessed.length} keys left unread`);
        keys = unprocessed as typeof keys;
        await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      }
      return found;
    },

    /** Exact EAN lookup: one Query on the code index. */
    async findByCode(code: string): Promise<ProductItem | null> {
      const { data } = await ProductEntity.query.byCode({ tenant, code: code.trim() }).go({ limit: 1, pages: 1 });
      return data[0] ?? null;
    },

    /** Exact SKU lookup (several products may share a SKU). */
    async findByReference(reference: string, limit = 20): Promise<ProductItem[]> {
      const { data } = await ProductEntity.query.byReference({ tenant, reference_code: reference.trim() }).go({ limit, pages: 1 });
      return data;
    },

    /** The unfiltered list in id order with the total from the counter: one Query + one Get. */
    async list(page: number, perPage: number): Promise<SearchPage> {
      const skip = (page - 1) * perPage;
      const [items, total] = await Promise.all([readSkipping(ProductEntity.query.byId({ tenant }) as QueryBuilder, skip, perPage), counters.total('product')]);
      return { items, total, estimated: false };
    },

    /** Prefix search on one field (description is accent- and case-insensitive). */
    search(field: ProductSearchField, q: string, page: number, perPage: number): Promise<SearchPage> {
      return windowedPage(byField(field, q), page, perPage);
    },

    /**
     * The free search of GET /web/products/search: digits look up the EAN, then the SKU, exactly;
     * other text is a description prefix, then an exact SKU when nothing matched. At most 2 requests.
     */
    async quickSearch(q: string, page: number, perPage: number): Promise<SearchPage> {
      const text = q.trim();
      if (looksLikeCode(text)) {
        const product = await this.findByCode(text);
        if (product) return { items: page === 1 ? [product] : [], total: 1, estimated: false };
        return exact(await this.findByReference(text, SEARCH_COUNT_WINDOW), page, perPage);
      }
      const described = await this.search('description', text, page, perPage);
      if (described.total > 0 || /\s/.test(text)) return described;
      return exact(await this.findByReference(text, SEARCH_COUNT_WINDOW), page, perPage);
    },

    /**
     * Creates a product with its EAN marker and the total counter in one transaction.
     * Throws a conflict when the EAN is taken.
     */
    async create(fields: ProductFields, prices: StoredPrice[] = []): Promise<ProductItem> {
      const id = await counters.next('product');
      const item = { tenant, id, ...fields, prices };
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ product, unique, counter }) => [
            product.create(item).commit(),
            unique.create({ tenant, scope: UNIQUE_SCOPES.productEan, value: fields.code, ownerId: id }).commit(),
            counter.upsert({ tenant, name: 'total:product' }).add({ value: 1 }).commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_EAN_MESSAGE });
      const stored = await this.get(id);
      if (!stored) throw new Error('product vanished after create');
      return stored;
    },

    /**
     * Replaces the editable fields of a product (not its prices). A changed EAN moves the marker in
     * the same transaction; the write is conditioned on the EAN read, so a concurrent EAN change
     * cannot leave a stale marker.
     */
    async update(current: ProductItem, fields: ProductFields): Promise<ProductItem> {
      const { id } = current;
      const removals = (['id_brand', 'category'] as const).filter((name) => fields[name] === undefined && current[name] !== undefined);
      const { category, id_brand, ...plain } = fields;
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ product, unique }) => {
            let patch = product
              .patch({ tenant, id })
              .set({ ...plain, ...(category ? { category } : {}), ...(id_brand === undefined ? {} : { id_brand }) });
            if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
            const ops = [patch.where(({ code }, { eq }) => eq(code, current.code)).commit()];
            if (fields.code !== current.code) {
              ops.push(
                unique.create({ tenant, scope: UNIQUE_SCOPES.productEan, value: fields.code, ownerId: id }).commit() as never,
                unique
                  .delete({ tenant, scope: UNIQUE_SCOPES.productEan, value: current.code })
                  .where(({ ownerId }, { eq }) => eq(ownerId, id))
                  .commit() as never,
              );
            }
            return ops;
          })
          .go(),
      );
      if (result.canceled) {
        const failed = failedIndex(result);
        if (failed === 1) throw conflict(DUPLICATE_EAN_MESSAGE);
        if (failed === 0) throw conflict(STALE_PRODUCT_MESSAGE);
        assertCommitted(result, {});
      }
      const stored = await this.get(id);
      if (!stored) throw notFound(PRODUCT_NOT_FOUND);
      return stored;
    },

    /**
     * Replaces the full price set of each product, all or nothing (one transaction, ≤ 100 products).
     * Throws not-found when a product does not exist.
     */
    async replacePrices(sets: ReadonlyMap<number, StoredPrice[]>): Promise<void> {
      if (sets.size === 0) return;
      const entries = [...sets.entries()];
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ product }) => entries.map(([id, prices]) => product.patch({ tenant, id }).set({ prices }).commit()))
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) >= 0) throw notFound(PRODUCT_NOT_FOUND);
        assertCommitted(result, {});
      }
    },

    // ── ERP import (import.service.ts): bulk reads and writes keyed by EAN ──

    /** Reserves `count` consecutive product ids; answers the first. */
    reserveIds(count: number): Promise<number> {
      return counters.reserve('product', count);
    },

    /**
     * Current products by EAN: BatchGet of the EAN markers, then of their products. `orphans` are
     * markers whose product is missing (an interrupted import), by EAN → reserved id.
     */
    async byEans(codes: readonly string[]): Promise<{ products: Map<string, ProductItem>; orphans: Map<string, number> }> {
      if (codes.length === 0) return { products: new Map(), orphans: new Map() };
      const markers = await eanMarkers(tenant, codes);
      const items = await this.getMany(markers.map((m) => m.ownerId));
      const byId = new Map(items.map((p) => [p.id, p]));
      const products = new Map<string, ProductItem>();
      const orphans = new Map<string, number>();
      for (const marker of markers) {
        const product = byId.get(marker.ownerId);
        if (!product) orphans.set(marker.value, marker.ownerId);
        // A product whose EAN no longer matches is mid-edit: treated as unknown, the write will conflict and retry.
        else if (product.code === marker.value) products.set(marker.value, product);
      }
      return { products, orphans };
    },

    /**
     * Claims the EAN markers of new products (ids reserved by the caller) and counts them, all or
     * nothing (≤ 99 per call: the markers plus the counter fill a transaction). False when an EAN
     * was taken meanwhile or the transaction kept conflicting.
     */
    async claimEans(claims: ReadonlyArray<{ code: string; id: number }>): Promise<boolean> {
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ unique, counter }) => [
            ...claims.map((c) => unique.create({ tenant, scope: UNIQUE_SCOPES.productEan, value: c.code, ownerId: c.id }).commit()),
            counter.upsert({ tenant, name: 'total:product' }).add({ value: claims.length }).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (failedIndex(result) < 0) logger.warn('EAN claim kept conflicting', { codes: [...new Set(result.data.map((op) => op.code))] });
      return false;
    },

    /** BatchWrite of new products whose ids were reserved and EANs claimed (nothing is overwritten). */
    async putMany(items: ReadonlyArray<NewProduct>): Promise<void> {
      let pending = items.map((item) => ({ tenant, ...item }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        const { unprocessed } = await ProductEntity.put(pending).go({ concurrency: 4 });
        if (unprocessed.length === 0) return;
        // Markers are in place: a row still missing is written by the next import of it.
        if (attempt >= 6) throw new Error(`import: ${unprocessed.length} products left unwritten`);
        const ids = new Set((unprocessed as { id?: number }[]).map((u) => u.id));
        pending = pending.filter((item) => ids.has(item.id));
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    },

    /** Writes a product unless one exists with its id; false when it does. */
    async createIfAbsent(item: NewProduct): Promise<boolean> {
      try {
        await ProductEntity.create({ tenant, ...item }).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Rewrites a product (fields and prices) if its EAN and `updatedAt` are still what was read; false otherwise. */
    async updateIfUnchanged(current: ProductItem, fields: ProductFields, prices: StoredPrice[]): Promise<boolean> {
      const { category, id_brand, ...plain } = fields;
      const removals = (['id_brand', 'category'] as const).filter((k) => fields[k] === undefined && current[k] !== undefined);
      let patch = ProductEntity.patch({ tenant, id: current.id }).set({
        ...plain,
        prices,
        ...(category ? { category } : {}),
        ...(id_brand === undefined ? {} : { id_brand }),
      });
      if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
      try {
        await patch.where((a, { eq }) => `${eq(a.code, current.code)} AND ${eq(a.updatedAt, current.updatedAt ?? '')}`).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

/** A product to write with its reserved id (the repository adds the tenant). */
export type NewProduct = ProductFields & { id: number; prices: StoredPrice[] };

async function eanMarkers(tenant: string, codes: readonly string[]): Promise<Array<{ ownerId: number; value: string }>> {
  const found: { ownerId: number; value: string }[] = [];
  let pending = codes.map((value) => ({ tenant, scope: UNIQUE_SCOPES.productEan, value }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    const { data, unprocessed } = await UniqueEntity.get(pending).go({ concurrency: 10 });
    found.push(...data);
    if (unprocessed.length === 0) break;
    if (attempt >= 8) throw new Error(`import: ${unprocessed.length} EAN markers left unread`);
    pending = unprocessed as typeof pending;
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
  return found;
}

export type ProductsRepository = ReturnType<typeof productsRepository>;

function exact(items: ProductItem[], page: number, perPage: number): SearchPage {
  return { items: items.slice((page - 1) * perPage, page * perPage), total: items.length, estimated: false };
}

/** Skips `skip` items of an index query and returns the next `take` (one request for shallow pages). */
async function readSkipping(query: QueryBuilder, skip: number, take: number): Promise<ProductItem[]> {
  const items: ProductItem[] = [];
  let cursor: string | null = null;
  do {
    const result = await query.go({ cursor, limit: skip + take - items.length, pages: 1 });
    items.push(...result.data);
    cursor = result.cursor;
  } while (cursor && items.length < skip + take);
  return items.slice(skip, skip + take);
}
