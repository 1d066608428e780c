import { normalizeText } from '@freguesia/shared/domain/text';
import { ImportProductRow, type ImportProductsAnswer } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { DomainError, fieldErrors } from '../lib/errors';
import { brandsRepository } from './brands.repository';
import { categoriesRepository } from './categories.repository';
import type { BrandItem, CategoryItem, ProductItem, StoredPrice } from './entities';
import { mergePrices, productFields, sameProduct, sortPrices, storedPrice, type ProductFields } from './products.model';
import { productsRepository, type NewProduct, type ProductsRepository } from './products.repository';
import { storesRepository } from './stores.repository';

/**
 * ERP bulk import (POST /api/integration/products): an idempotent upsert keyed by EAN.
 *
 * Every row is validated on its own; bad rows are reported in `rejected` and the rest are written.
 * Rows identical to what is stored are not written at all, so importing the same rows again
 * changes nothing.
 *
 * New products: their EAN markers and the `total:product` increment are written in one
 * transaction per 99 rows (so a marker exists exactly when its product is counted), then the
 * products themselves go out in BatchWrites (ids reserved up front, so nothing can be
 * overwritten). A product missing behind its marker (a crash between the two steps) is written on
 * the next import of that row, without counting it again. Marker transactions run one at a time
 * per request, because they all update the same counter item.
 *
 * Changed products: one conditional write each (same EAN and the `updatedAt` that was read), so a
 * concurrent edit is never lost. Any row whose condition fails is redone alone from a fresh read.
 */

type Rejected = ImportProductsAnswer['rejected'][number];
type Outcome = 'created' | 'updated' | 'unchanged';

interface Resolved {
  index: number;
  row: ImportProductRow;
  category: CategoryItem | null | undefined;
  brand: BrandItem | null | undefined;
  prices: StoredPrice[] | undefined;
}

interface Write {
  /** Id reserved for a new product. */
  id?: number;
  resolved: Resolved;
  current: ProductItem | undefined;
  fields: ProductFields;
  prices: StoredPrice[];
}

/** 99 EAN markers + the counter increment = the 100 actions a transaction allows. */
const MARKER_CHUNK = 99;
const UPDATE_CONCURRENCY = 16;
const FAILED_ROW = 'Não foi possível gravar esta mercadoria agora. Envie-a novamente.';

/** Imports ERP rows for the tenant (contract above): bad rows are reported in `rejected`, never thrown. */
export async function importProducts(ctx: ServiceContext, rows: readonly unknown[]): Promise<ImportProductsAnswer> {
  const { tenant } = ctx;
  const products = productsRepository(tenant);
  const rejected: Rejected[] = [];
  const valid: { index: number; row: ImportProductRow }[] = [];
  const firstByCode = new Map<string, number>();
  rows.forEach((raw, index) => {
    const parsed = ImportProductRow.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ index, code: codeOf(raw), errors: fieldErrors(parsed.error) });
      return;
    }
    const prior = firstByCode.get(parsed.data.code);
    if (prior !== undefined) {
      rejected.push({ index, code: parsed.data.code, errors: { code: `Código repetido nesta requisição (item ${prior}).` } });
      return;
    }
    firstByCode.set(parsed.data.code, index);
    valid.push({ index, row: parsed.data });
  });

  const [categories, stores, brandLookup] = await Promise.all([
    categoriesRepository(tenant).all(),
    storesRepository(tenant).all(),
    brandResolver(tenant),
  ]);
  const categoryByRef = new Map(categories.map((c) => [c.reference_code, c]));
  const storeByRef = new Map(stores.map((s) => [s.reference_code, s.id]));
  const storeIds = new Set(stores.map((s) => s.id));

  const resolved: Resolved[] = [];
  for (const { index, row } of valid) {
    const errors: Record<string, string> = {};
    let category: CategoryItem | null | undefined = row.category_reference_code === undefined ? undefined : null;
    if (row.category_reference_code) {
      category = categoryByRef.get(row.category_reference_code) ?? null;
      if (!category) errors.category_reference_code = 'Categoria não encontrada.';
    }
    let prices: StoredPrice[] | undefined;
    if (row.prices) {
      const seen = new Set<number>();
      prices = [];
      row.prices.forEach((p, i) => {
        const storeId = p.id_store ?? storeByRef.get(p.store_reference_code ?? '');
        const field = p.id_store === undefined ? 'store_reference_code' : 'id_store';
        if (storeId === undefined || !storeIds.has(storeId)) errors[`prices.${i}.${field}`] = 'Loja não encontrada.';
        else if (seen.has(storeId)) errors[`prices.${i}.${field}`] = 'Loja repetida nos preços desta mercadoria.';
        else {
          seen.add(storeId);
          prices!.push(storedPrice({ ...p, id_store: storeId }));
        }
      });
      prices = sortPrices(prices);
    }
    if (Object.keys(errors).length > 0) rejected.push({ index, code: row.code, errors });
    else resolved.push({ index, row, category, brand: row.brand ? undefined : (row.brand as null | undefined), prices });
  }

  // Brands named by the rows: found by reference or name, created when unknown (distinct names in parallel).
  const brandTexts = [...new Map(resolved.filter((r) => r.row.brand).map((r) => [normalizeText(r.row.brand!), r.row.brand!])).values()];
  const brandByText = new Map(await Promise.all(brandTexts.map(async (text) => [normalizeText(text), await brandLookup(text)] as const)));
  for (const item of resolved) if (item.row.brand) item.brand = brandByText.get(normalizeText(item.row.brand));

  const { products: existing, orphans } = await products.byEans(resolved.map((r) => r.row.code));
  const stats = { created: 0, updated: 0, unchanged: 0 };
  const creates: Write[] = [];
  const updates: Write[] = [];
  const repairs: Write[] = [];
  for (const item of resolved) {
    const write = plan(item, existing.get(item.row.code));
    const orphan = orphans.get(item.row.code);
    if (write.current) {
      if (sameProduct(write.current, write.fields, write.prices)) stats.unchanged++;
      else updates.push(write);
    } else if (orphan !== undefined) repairs.push({ ...write, id: orphan });
    else creates.push(write);
  }

  const retry: Write[] = [];
  const firstId = creates.length > 0 ? await products.reserveIds(creates.length) : 0;
  creates.forEach((w, i) => (w.id = firstId + i));

  const writeCreates = async () => {
    const puts: Promise<void>[] = [];
    for (const c of chunk(creates, MARKER_CHUNK)) {
      if (await products.claimEans(c.map((w) => ({ code: w.fields.code, id: w.id! })))) {
        stats.created += c.length;
        puts.push(products.putMany(c.map(newProduct)));
      } else retry.push(...c);
    }
    await Promise.all(puts);
  };
  const writeUpdates = () =>
    mapLimited([...updates, ...repairs], UPDATE_CONCURRENCY, async (w) => {
      const done = w.current ? await products.updateIfUnchanged(w.current, w.fields, w.prices) : await products.createIfAbsent(newProduct(w));
      if (done) stats[w.current ? 'updated' : 'created']++;
      else retry.push(w);
    });
  await Promise.all([writeCreates(), writeUpdates()]);

  // Rows whose condition failed, one by one from a fresh read (a concurrent import or edit got there first).
  for (const write of retry) {
    const outcome = await upsertOne(products, write.resolved);
    if (outcome) stats[outcome]++;
    else rejected.push({ index: write.resolved.index, code: write.resolved.row.code, errors: { _: FAILED_ROW } });
  }

  rejected.sort((a, b) => a.index - b.index);
  return { accepted: stats.created + stats.updated + stats.unchanged, ...stats, rejected };
}

/** The fields and prices a row leaves on the product (absent fields keep the stored values). */
function plan(item: Resolved, current: ProductItem | undefined): Write {
  const { row } = item;
  const keep = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  const category =
    item.category === undefined ? (current?.category ?? null) : item.category && { id: item.category.id, reference_code: item.category.reference_code, description: item.category.description };
  const fields = productFields({
    code: row.code,
    description: row.description,
    pack: row.pack,
    reference_code: keep(row.reference_code, current?.reference_code ?? ''),
    weighable: keep(row.weighable, current?.weighable ?? 'N'),
    active: keep(row.active, current?.active ?? 'Y'),
    url: keep(row.url, current?.url ?? ''),
    fast_orders: keep(row.fast_orders, current?.fast_orders ?? 'N'),
    group_code: row.group_code === undefined ? (current?.group_code ?? '') : (row.group_code ?? ''),
    id_brand: item.brand === undefined ? (current?.id_brand ?? null) : (item.brand?.id ?? null),
    category,
  });
  const prices = item.prices === undefined ? sortPrices(current?.prices ?? []) : current ? mergePrices(current.prices ?? [], item.prices) : item.prices;
  return { resolved: item, current, fields, prices };
}

const newProduct = (w: Write): NewProduct => ({ ...w.fields, id: w.id!, prices: w.prices });

/** One row from a fresh read: create, update or nothing; undefined after repeated conflicts. */
async function upsertOne(products: ProductsRepository, item: Resolved): Promise<Outcome | undefined> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const { products: found, orphans } = await products.byEans([item.row.code]);
    const current = found.get(item.row.code);
    const write = plan(item, current);
    if (current) {
      if (sameProduct(current, write.fields, write.prices)) return 'unchanged';
      if (await products.updateIfUnchanged(current, write.fields, write.prices)) return 'updated';
      continue;
    }
    const orphan = orphans.get(item.row.code);
    if (orphan !== undefined) {
      if (await products.createIfAbsent(newProduct({ ...write, id: orphan }))) return 'created';
      continue;
    }
    try {
      await products.create(write.fields, write.prices);
      return 'created';
    } catch (error) {
      // Conflict: someone created this EAN meanwhile — read again and update it instead.
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  return undefined;
}

/** Finds brands by reference code or name; creates unknown ones (reference = the text given). */
async function brandResolver(tenant: string): Promise<(text: string) => Promise<BrandItem>> {
  const repo = brandsRepository(tenant);
  let brands = await repo.all();
  const find = (text: string) =>
    brands.find((b) => b.reference_code === text) ?? brands.find((b) => normalizeText(b.description) === normalizeText(text));
  return async (text) => {
    const known = find(text);
    if (known) return known;
    try {
      const created = await repo.create({ reference_code: text, description: text });
      brands = [...brands, created];
      return created;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
      brands = await repo.all();
      const now = find(text);
      if (!now) throw error;
      return now;
    }
  };
}

function codeOf(raw: unknown): string | null {
  const code = raw && typeof raw === 'object' ? (raw as { code?: unknown }).code : undefined;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : null;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
