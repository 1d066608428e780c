import type {
  Product,
  ProductInput,
  ProductSearchField,
  ProductUpdate,
} from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { InvalidError, notFound } from '../lib/errors';
import { brandsRepository } from './brands.repository';
import { categoriesRepository } from './categories.repository';
import { productLookupRepository } from './product-lookup.repository';
import { facetWord, type FacetKind } from './product-facets.model';
import { productAnswer, productFields, type ProductFields } from './products.model';
import { PRODUCT_NOT_FOUND, productsRepository, type SearchPage } from './products.repository';
import { assertStoreInScope, storeScope } from './stores.service';

/** Spec part 2 §8: the notice for an unknown code. */
export const UNKNOWN_PRODUCT_MESSAGE = 'Produto não cadastrado na plataforma';

/** A product list query: free text on one field (or the quick search), a page, whose prices to show. */
export interface ProductQuery {
  q: string;
  field?: ProductSearchField | undefined;
  page: number;
  per_page: number;
  /** Whose stock and prices each product shows (all stores' stock summed when absent). */
  id_store?: number | undefined;
}

/** `{data, pagination}`; `pagination.estimated` is set when the total is a lower bound. */
export type ProductPage = Paginated<Product> & { pagination: { estimated?: true } };

function pageAnswer(ctx: ServiceContext, result: SearchPage, query: ProductQuery): ProductPage {
  const inScope = storeScope(ctx);
  const answer = paginated(
    result.items.map((item) => productAnswer(item, query.id_store, inScope)),
    result.total,
    query.page,
    query.per_page,
  );
  return result.estimated ? { ...answer, pagination: { ...answer.pagination, estimated: true } } : answer;
}

/**
 * The product list (spec part 1 §7): unfiltered in id order with an exact total, or a prefix
 * search on `field` (description by default; accent- and case-insensitive).
 */
export async function listProducts(ctx: ServiceContext, query: ProductQuery): Promise<ProductPage> {
  assertStoreInScope(ctx, query.id_store);
  const repo = productsRepository(ctx.tenant);
  const result = query.q
    ? await repo.search(query.field ?? 'description', query.q, query.page, query.per_page)
    : await repo.list(query.page, query.per_page);
  return pageAnswer(ctx, result, query);
}

/**
 * The product search of part 2 §7: like the list, but without `field` the text is a quick search
 * (digits: exact EAN, then SKU; other text: description prefix, then exact SKU).
 */
export async function searchProducts(ctx: ServiceContext, query: ProductQuery): Promise<ProductPage> {
  assertStoreInScope(ctx, query.id_store);
  const repo = productsRepository(ctx.tenant);
  let result: SearchPage;
  if (!query.q) result = await repo.list(query.page, query.per_page);
  else if (query.field) result = await repo.search(query.field, query.q, query.page, query.per_page);
  else result = await repo.quickSearch(query.q, query.page, query.per_page);
  return pageAnswer(ctx, result, query);
}

/** A product by its exact EAN; unknown codes answer the spec's notice. */
export async function findProductByCode(
  ctx: ServiceContext,
  code: string,
  idStore?: number,
): Promise<Product> {
  assertStoreInScope(ctx, idStore);
  const product = await productsRepository(ctx.tenant).findByCode(code);
  if (!product) throw notFound(UNKNOWN_PRODUCT_MESSAGE);
  return productAnswer(product, idStore, storeScope(ctx));
}

export async function getProduct(ctx: ServiceContext, id: number, idStore?: number): Promise<Product> {
  assertStoreInScope(ctx, idStore);
  const product = await productsRepository(ctx.tenant).get(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return productAnswer(product, idStore, storeScope(ctx));
}

/** Resolves the category and brand a product form names; invalid per field when they do not exist. */
async function resolveFields(ctx: ServiceContext, input: ProductInput): Promise<ProductFields> {
  const [category, brand] = await Promise.all([
    input.category ? categoriesRepository(ctx.tenant).findByReference(input.category.reference_code) : null,
    input.id_brand ? brandsRepository(ctx.tenant).get(input.id_brand) : null,
  ]);
  const errors: Record<string, string> = {};
  if (input.category && !category) errors['category.reference_code'] = 'Categoria não encontrada.';
  if (input.id_brand && !brand) errors.id_brand = 'Marca não encontrada.';
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return productFields({
    ...input,
    category: category
      ? { id: category.id, reference_code: category.reference_code, description: category.description }
      : null,
  });
}

/** Creates a product without prices; an EAN already used answers a conflict. */
export async function createProduct(ctx: ServiceContext, input: ProductInput): Promise<Product> {
  const fields = await resolveFields(ctx, input);
  return productAnswer(await productsRepository(ctx.tenant).create(fields), undefined, storeScope(ctx));
}

/** Replaces a product's editable fields (its prices are kept). */
export async function updateProduct(ctx: ServiceContext, input: ProductUpdate): Promise<Product> {
  const repo = productsRepository(ctx.tenant);
  const current = await repo.get(input.id);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  const fields = await resolveFields(ctx, input);
  return productAnswer(await repo.update(current, fields), undefined, storeScope(ctx));
}

/**
 * Writes the word index and the category/brand index of every existing product of the tenant (products written before word
 * search, or restored from a backup), so their descriptions become searchable by any word.
 * Idempotent and safe beside live traffic (see the repository's `backfillWords`). Pages of 100
 * products; `onPage` reports progress. Run by `infra/scripts/backfill-product-search.ts`.
 */
export async function backfillProductSearch(
  ctx: ServiceContext,
  onPage: (progress: { products: number; skipped: number }) => void = () => {},
): Promise<{ products: number; skipped: number }> {
  const repo = productsRepository(ctx.tenant);
  const done = { products: 0, skipped: 0 };
  let cursor: string | null = null;
  do {
    const page = await repo.backfillWords(cursor, 100);
    done.products += page.products;
    done.skipped += page.skipped;
    cursor = page.cursor;
    onPage({ ...done });
  } while (cursor);
  return done;
}

/** What a purchased item counts for in the segmentation profiles. */
export interface ProductClassification {
  id: number;
  description: string;
  /** The product's category and its ancestors (a purchase in a subcategory counts for its parents). */
  categories: number[];
  brands: number[];
  /** The product family (`group_code`), '' when none. */
  group_code: string;
  /** Suppliers; products carry none yet, so this is empty until the catalogue links them. */
  partners: number[];
}

/**
 * Resolves purchased product codes (EAN as the POS sends them, or the product id as digits when
 * no product has that code) to the product's id, categories, brand and partners, for the
 * segmentation profiles. One exact Query of the code index per distinct code (10 in flight) and
 * one Query of the (small) category list; unknown codes are left out of the answer.
 */
export async function classifyProducts(
  ctx: ServiceContext,
  codes: readonly string[],
): Promise<Map<string, ProductClassification>> {
  // The narrow lookup, not productsRepository: the checkout function bundles this and no more.
  const repo = productLookupRepository(ctx.tenant);
  const distinct = [...new Set(codes.map((c) => c.trim()).filter((c) => c !== ''))];
  const answer = new Map<string, ProductClassification>();
  if (distinct.length === 0) return answer;
  const found = await mapLimited(distinct, 10, async (code) => [code, await repo.findByCode(code)] as const);
  const byId = found
    .filter(([, p]) => !p)
    .map(([code]) => code)
    .filter((code) => /^\d{1,9}$/.test(code));
  const fallback =
    byId.length > 0
      ? new Map((await repo.getMany(byId.map(Number))).map((p) => [String(p.id), p]))
      : new Map();
  const products = found.map(([code, p]) => [code, p ?? fallback.get(code) ?? null] as const);
  const needsCategories = products.some(([, p]) => p?.category);
  const parentOf = needsCategories ? await repo.categoryParents() : new Map<number, number>();
  for (const [code, product] of products) {
    if (!product) continue;
    const categories: number[] = [];
    for (let id = product.category?.id ?? 0; id > 0 && !categories.includes(id); id = parentOf.get(id) ?? 0)
      categories.push(id);
    answer.set(code, {
      id: product.id,
      description: product.description,
      categories,
      brands: product.id_brand !== undefined ? [product.id_brand] : [],
      group_code: product.group_code ?? '',
      partners: [],
    });
  }
  return answer;
}

/**
 * Products by exact code (EAN) with the prices of one store (the TV screens and the TV wizard's
 * price simulation): one Query of the code index per distinct code, 10 in flight, through the
 * narrow lookup repository; unknown codes are left out. No store-scope check: the caller has
 * already decided who may see this store's prices (a signed screen link, or a staff check).
 */
export async function productsAtStore(
  ctx: ServiceContext,
  codes: readonly string[],
  idStore: number,
): Promise<Map<string, Product>> {
  const repo = productLookupRepository(ctx.tenant);
  const distinct = [...new Set(codes.map((c) => c.trim()).filter((c) => c !== ''))];
  const found = await mapLimited(distinct, 10, async (code) => [code, await repo.findByCode(code)] as const);
  const answer = new Map<string, Product>();
  for (const [code, item] of found) if (item) answer.set(code, productAnswer(item, idStore));
  return answer;
}

/** Products of categories or brands with a price at one store: what they are, and whether more exist beyond. */
export interface FacetProducts {
  products: Product[];
  /** More priced products exist (or were not read) beyond `max`. */
  more: boolean;
}

/**
 * The products of the given categories (each with its subcategories) or brands that have a price
 * at `idStore`, in index order, at most `max`: pages of 100 from the category/brand index
 * (product-facets.model.ts) and one BatchGet per page; at most `maxRead` products are read, so
 * a huge category costs a bounded number of requests (`more` then says the list was cut).
 */
export async function productsByFacet(
  ctx: ServiceContext,
  facet: { kind: FacetKind; ids: readonly number[] },
  idStore: number,
  bounds: { max: number; maxRead: number },
): Promise<FacetProducts> {
  assertStoreInScope(ctx, idStore);
  const repo = productsRepository(ctx.tenant);
  let ids = [...new Set(facet.ids)];
  if (facet.kind === 'C' && ids.length > 0) {
    const parentOf = await productLookupRepository(ctx.tenant).categoryParents();
    const wanted = new Set(ids);
    for (let grew = true; grew;) {
      grew = false;
      for (const [child, parent] of parentOf)
        if (wanted.has(parent) && !wanted.has(child)) {
          wanted.add(child);
          grew = true;
        }
    }
    ids = [...wanted];
  }
  const products: Product[] = [];
  const seen = new Set<number>();
  let read = 0;
  for (const id of ids) {
    let cursor: string | null = null;
    do {
      if (products.length >= bounds.max || read >= bounds.maxRead) return { products, more: true };
      const page = await repo.facetPage(facetWord(facet.kind, id), cursor, 100);
      cursor = page.cursor;
      const fresh = page.ids.filter((p) => !seen.has(p));
      fresh.forEach((p) => seen.add(p));
      read += fresh.length;
      const items = new Map((await repo.getMany(fresh)).map((p) => [p.id, p]));
      for (const pid of fresh) {
        const item = items.get(pid);
        if (!item) continue;
        const product = productAnswer(item, idStore);
        if (product.regular_price === null || product.regular_price === undefined) continue;
        if (products.length >= bounds.max) return { products, more: true };
        products.push(product);
      }
    } while (cursor);
  }
  return { products, more: false };
}
