import { normalizeText } from '@freguesia/shared/domain/text';
import type { ProductSearchField } from '@freguesia/shared/schemas/catalog';
import { mapLimited } from '../lib/ddb/concurrency';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted, failedIndex, writeTransaction } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import { batchGetEntities } from '../lib/ddb/batch';
import { searchWordIndex, wordWrites } from '../lib/ddb/word-index';
import {
  catalogService,
  ProductEntity,
  ProductWordEntity,
  ProductFacetEntity,
  UNIQUE_SCOPES,
  type ProductItem,
  type StoredPrice,
} from './entities';
import { productWords } from './product-words.model';
import { facetChanges, MAX_FACET_ACTIONS, productFacets } from './product-facets.model';
import { looksLikeCode, type ProductFields } from './products.model';

/** Message of the EAN uniqueness marker (409). */
export const DUPLICATE_EAN_MESSAGE = 'Já existe uma mercadoria com este código (EAN).';
export const PRODUCT_NOT_FOUND = 'Mercadoria não encontrada.';
export const STALE_PRODUCT_MESSAGE =
  'A mercadoria foi alterada por outra pessoa. Recarregue e tente novamente.';

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

type QueryBuilder = {
  go(options: {
    cursor?: string | null;
    limit: number;
    pages: number;
  }): Promise<{ data: ProductItem[]; cursor: string | null }>;
};

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
        // Kept for callers of the whole-description prefix; `search` uses the word index instead.
        return ProductEntity.query
          .byDescription({ tenant })
          .begins({ descriptionKey: normalizeText(q) }) as QueryBuilder;
      case 'code':
        return ProductEntity.query.byCode({ tenant }).begins({ code: q.trim() }) as QueryBuilder;
      case 'reference_code':
        return ProductEntity.query
          .byReference({ tenant })
          .begins({ reference_code: q.trim() }) as QueryBuilder;
      case 'group_code':
        return ProductEntity.query.byGroup({ tenant }).begins({ group_code: q.trim() }) as QueryBuilder;
    }
  };

  return {
    async get(id: number, consistent = false): Promise<ProductItem | null> {
      const { data } = await ProductEntity.get({ tenant, id }).go({ consistent });
      return data;
    },

    /** Several products by id (BatchGet, chunks of 100), in no particular order. */
    async getMany(ids: readonly number[], consistent = false): Promise<ProductItem[]> {
      const keys = [...new Set(ids)].map((id) => ({ tenant, id }));
      return batchGetEntities(
        (pending) => ProductEntity.get(pending).go({ concurrency: 10, consistent }),
        keys,
        { what: 'products' },
      );
    },

    /** Exact EAN lookup: one Query on the code index. */
    async findByCode(code: string): Promise<ProductItem | null> {
      const { data } = await ProductEntity.query
        .byCode({ tenant, code: code.trim() })
        .go({ limit: 1, pages: 1 });
      return data[0] ?? null;
    },

    /** Exact SKU lookup (several products may share a SKU). */
    async findByReference(reference: string, limit = 20): Promise<ProductItem[]> {
      const { data } = await ProductEntity.query
        .byReference({ tenant, reference_code: reference.trim() })
        .go({ limit, pages: 1 });
      return data;
    },

    /** The unfiltered list in id order with the total from the counter: one Query + one Get. */
    async list(page: number, perPage: number): Promise<SearchPage> {
      const skip = (page - 1) * perPage;
      const [items, total] = await Promise.all([
        readSkipping(ProductEntity.query.byId({ tenant }) as QueryBuilder, skip, perPage),
        counters.total('product'),
      ]);
      return { items, total, estimated: false };
    },

    /**
     * Prefix search on one field. The description is searched by the prefix of ANY of its words
     * (accent- and case-insensitive; several words narrow), through the word index.
     */
    search(field: ProductSearchField, q: string, page: number, perPage: number): Promise<SearchPage> {
      if (field === 'description') return this.searchDescription(q, page, perPage);
      return windowedPage(byField(field, q), page, perPage);
    },

    /**
     * Word search on descriptions, index-only and bounded whatever the catalogue size: one Query
     * per looked-up query word (the longest, at most MAX_QUERIED_WORDS, in parallel), each reading
     * at most the counting window of index items, then one BatchGet of the page's products. The
     * candidates are narrowed by every query word and ranked in memory (exact and whole-word
     * matches first). The total is exact when one lookup read all its matches, a lower bound
     * (`estimated`) otherwise.
     */
    async searchDescription(q: string, page: number, perPage: number): Promise<SearchPage> {
      if (productWords.lookupWords(q).length === 0) return exact([], page, perPage);
      const end = page * perPage;
      const want = Math.max(SEARCH_COUNT_WINDOW, end + perPage);
      const { matches, complete } = await searchWordIndex(ProductWordEntity, tenant, q, productWords, {
        limit: want + 1,
        pages: 1,
      });
      const ids = matches.slice((page - 1) * perPage, end).map((m) => m.id);
      const found = new Map((await this.getMany(ids)).map((p) => [p.id, p]));
      const items = ids.map((id) => found.get(id)).filter((p): p is ProductItem => p !== undefined);
      if (complete) return { items, total: matches.length, estimated: false };
      return { items, total: Math.min(matches.length, want) + 1, estimated: true };
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
     * Creates a product with its EAN marker, the total counter and its word index in one
     * transaction. Throws a conflict when the EAN is taken.
     */
    async create(fields: ProductFields, prices: StoredPrice[] = []): Promise<ProductItem> {
      const id = await counters.next('product');
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write((t) => createOps(t, tenant, { ...fields, id, prices }, true) as never)
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_EAN_MESSAGE });
      const stored = await this.get(id);
      if (!stored) throw new Error('product vanished after create');
      return stored;
    },

    /**
     * Replaces the editable fields of a product (not its prices) and its word index. A changed EAN
     * moves the marker in the same transaction; the write is conditioned on the EAN read, so a
     * concurrent EAN change cannot leave a stale marker.
     */
    async update(current: ProductItem, fields: ProductFields): Promise<ProductItem> {
      const { id } = current;
      const removals = (['id_brand', 'category'] as const).filter(
        (name) => fields[name] === undefined && current[name] !== undefined,
      );
      const { category, id_brand, ...plain } = fields;
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write((t) => {
            let patch = t.product.patch({ tenant, id }).set({
              ...plain,
              ...(category ? { category } : {}),
              ...(id_brand === undefined ? {} : { id_brand }),
            });
            if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
            const ops: Op[] = [patch.where(({ code }, { eq }) => eq(code, current.code)).commit()];
            if (fields.code !== current.code) {
              ops.push(
                t.unique
                  .create({ tenant, scope: UNIQUE_SCOPES.productEan, value: fields.code, ownerId: id })
                  .commit(),
                t.unique
                  .delete({ tenant, scope: UNIQUE_SCOPES.productEan, value: current.code })
                  .where(({ ownerId }, { eq }) => eq(ownerId, id))
                  .commit(),
              );
            }
            return [
              ...ops,
              ...wordOps(t, tenant, id, current.description, fields.description),
              ...facetOps(t, tenant, id, current, fields),
            ] as never;
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
          .write(({ product }) =>
            entries.map(([id, prices]) => product.patch({ tenant, id }).set({ prices }).commit()),
          )
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) >= 0) throw notFound(PRODUCT_NOT_FOUND);
        assertCommitted(result, {});
      }
    },

    /**
     * One page of the ids of the products indexed under a category/brand facet (`C12.`, `B3.`),
     * in id order: one Query of the facet index, never a scan.
     */
    async facetPage(
      word: string,
      cursor: string | null,
      limit: number,
    ): Promise<{ ids: number[]; cursor: string | null }> {
      const page = await ProductFacetEntity.query.byWord({ tenant, word }).go({ cursor, limit, pages: 1 });
      return { ids: page.data.filter((f) => f.word === word).map((f) => f.id), cursor: page.cursor };
    },

    /**
     * Backfill of the word index (products written before word search): one page of products
     * in id order, each product's words written in one transaction conditioned on the
     * `updatedAt` read, so a product edited meanwhile (whose write indexed it already) is skipped
     * rather than given stale words. Idempotent.
     */
    async backfillWords(
      cursor: string | null,
      limit: number,
    ): Promise<{ products: number; skipped: number; cursor: string | null }> {
      const page = await ProductEntity.query.byId({ tenant }).go({ cursor, limit, pages: 1 });
      const written = await mapLimited(page.data, 8, async (item) => {
        const result = await writeTransaction(() =>
          catalogService.transaction
            .write((t) => [
              t.product
                .check({ tenant, id: item.id })
                .where((a, { eq }) => eq(a.updatedAt, item.updatedAt ?? ''))
                .commit(),
              ...(wordOps(t, tenant, item.id, undefined, item.description) as never[]),
              ...(facetOps(t, tenant, item.id, {}, item) as never[]),
            ])
            .go(),
        );
        return !result.canceled;
      });
      const products = written.filter(Boolean).length;
      return { products, skipped: written.length - products, cursor: page.cursor };
    },

    // ── ERP import (import.service.ts): reads keyed by EAN, every row written in one transaction ──

    /** Reserves `count` consecutive product ids; answers the first (unused ids are simply skipped). */
    reserveIds(count: number): Promise<number> {
      return counters.reserve('product', count);
    },

    /**
     * Current products by EAN (strongly consistent BatchGets of the EAN markers, then of their
     * products). `orphans` are markers whose product is missing (left by an import of an earlier
     * version, which wrote markers and products apart), by EAN → reserved id.
     */
    async byEans(
      codes: readonly string[],
    ): Promise<{ products: Map<string, ProductItem>; orphans: Map<string, number> }> {
      if (codes.length === 0) return { products: new Map(), orphans: new Map() };
      const markers = await eanMarkers(tenant, codes);
      const items = await this.getMany(
        markers.map((m) => m.ownerId),
        true,
      );
      const byId = new Map(items.map((p) => [p.id, p]));
      const products = new Map<string, ProductItem>();
      const orphans = new Map<string, number>();
      for (const marker of markers) {
        const product = byId.get(marker.ownerId);
        if (!product) orphans.set(marker.value, marker.ownerId);
        // A product whose EAN no longer matches is mid-edit: treated as unknown, the write will fail its condition and retry.
        else if (product.code === marker.value) products.set(marker.value, product);
      }
      return { products, orphans };
    },

    /**
     * Writes import rows in ONE transaction: each row whole (product, EAN marker, counter, word
     * index), so a row is never half-written. False when the transaction was canceled (a
     * condition failed: the EAN was taken or the product changed since it was read; or it kept
     * conflicting): nothing of it was written and the caller redoes its rows one by one.
     */
    async writeRows(rows: readonly RowWrite[], { attempts }: { attempts?: number } = {}): Promise<boolean> {
      if (rows.length === 0) return true;
      const result = await writeTransaction(
        () =>
          catalogService.transaction
            .write((t) => {
              const ops: Op[] = [];
              let counted = 0;
              for (const row of rows) {
                if (row.kind === 'create') {
                  ops.push(...createOps(t, tenant, row.product, false));
                  if (row.claim) {
                    ops.push(
                      t.unique
                        .create({
                          tenant,
                          scope: UNIQUE_SCOPES.productEan,
                          value: row.product.code,
                          ownerId: row.product.id,
                        })
                        .commit(),
                    );
                    counted++;
                  }
                } else ops.push(...updateOps(t, tenant, row));
              }
              if (counted > 0)
                ops.push(
                  t.counter.upsert({ tenant, name: 'total:product' }).add({ value: counted }).commit(),
                );
              return ops as never;
            })
            .go(),
        attempts === undefined ? {} : { attempts },
      );
      return !result.canceled;
    },
  };
}

/** One import row as transaction actions: a new product (`claim`: with its EAN marker and count) or an update. */
export type RowWrite =
  | { kind: 'create'; product: NewProduct; claim: boolean }
  | { kind: 'update'; current: ProductItem; fields: ProductFields; prices: StoredPrice[] };

/** Transaction actions a row spends (a transaction holds at most 100; the counter takes one more). */
export function rowActions(row: RowWrite): number {
  if (row.kind === 'create')
    return (
      1 +
      (row.claim ? 1 : 0) +
      productWords.wordActions(undefined, row.product.description) +
      MAX_FACET_ACTIONS
    );
  return 1 + productWords.wordActions(row.current.description, row.fields.description) + MAX_FACET_ACTIONS;
}

type Txn = Parameters<Parameters<typeof catalogService.transaction.write>[0]>[0];
/** A committed action of any catalogue entity (ElectroDB types each entity's separately; the list is cast once). */
type Op = unknown;

/** Puts and deletes of the word index when a description goes from `before` to `after`. */
function wordOps(t: Txn, tenant: string, id: number, before: string | undefined, after: string): Op[] {
  return wordWrites(t.productWord, productWords, { tenant, id }, before, after);
}

/** A new product (condition: its id is free) with its words; `claim` adds the EAN marker and the count at [1] and [2]. */
function createOps(t: Txn, tenant: string, item: NewProduct, claim: boolean): Op[] {
  const ops: Op[] = [t.product.create({ tenant, ...item }).commit()];
  if (claim) {
    ops.push(
      t.unique
        .create({ tenant, scope: UNIQUE_SCOPES.productEan, value: item.code, ownerId: item.id })
        .commit(),
      t.counter.upsert({ tenant, name: 'total:product' }).add({ value: 1 }).commit(),
    );
  }
  return [
    ...ops,
    ...wordOps(t, tenant, item.id, undefined, item.description),
    ...facetOps(t, tenant, item.id, {}, item),
  ];
}

type Faceted = Parameters<typeof productFacets>[0];

/** Puts of the product's current category/brand facets (with its description) and deletes of the dropped ones. */
function facetOps(
  t: Txn,
  tenant: string,
  id: number,
  before: Faceted,
  after: Faceted & { description: string },
): Op[] {
  const { put, remove } = facetChanges(productFacets(before), productFacets(after));
  return [
    ...put.map((word) => t.productFacet.put({ tenant, word, id, description: after.description }).commit()),
    ...remove.map((word) => t.productFacet.delete({ tenant, word, id }).commit()),
  ];
}

/** Rewrites a product's fields and prices if its EAN and `updatedAt` are still what was read. */
function updateOps(t: Txn, tenant: string, row: Extract<RowWrite, { kind: 'update' }>): Op[] {
  const { current, fields, prices } = row;
  const { category, id_brand, ...plain } = fields;
  const removals = (['id_brand', 'category'] as const).filter(
    (k) => fields[k] === undefined && current[k] !== undefined,
  );
  let patch = t.product.patch({ tenant, id: current.id }).set({
    ...plain,
    prices,
    ...(category ? { category } : {}),
    ...(id_brand === undefined ? {} : { id_brand }),
  });
  if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
  const write = patch
    .where((a, { eq }) => `${eq(a.code, current.code)} AND ${eq(a.updatedAt, current.updatedAt ?? '')}`)
    .commit();
  return [
    write,
    ...wordOps(t, tenant, current.id, current.description, fields.description),
    ...facetOps(t, tenant, current.id, current, fields),
  ];
}

/** A product to write with its reserved id (the repository adds the tenant). */
export type NewProduct = ProductFields & { id: number; prices: StoredPrice[] };

async function eanMarkers(
  tenant: string,
  codes: readonly string[],
): Promise<Array<{ ownerId: number; value: string }>> {
  const keys = codes.map((value) => ({ tenant, scope: UNIQUE_SCOPES.productEan, value }));
  return batchGetEntities(
    (pending) => UniqueEntity.get(pending).go({ concurrency: 10, consistent: true }),
    keys,
    { what: 'import: EAN markers' },
  );
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
