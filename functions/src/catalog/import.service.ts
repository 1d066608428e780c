import { normalizeText } from '@freguesia/shared/domain/reference';
import { ImportProductRow, type ImportProductsAnswer } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { fieldErrors } from '../lib/http/middleware/validation';
import { HttpError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { brandsRepository } from './brands.repository';
import { categoriesRepository } from './categories.repository';
import { catalogService, UNIQUE_SCOPES, type BrandItem, type CategoryItem, type ProductItem, type StoredPrice } from './entities';
import { productsRepository } from './products.repository';
import { mergePrices, productFields, sameProduct, sortPrices, storedPrice, type ProductFields } from './products.service';
import { storesRepository } from './stores.repository';

/**
 * ERP bulk import (POST /api/integration/products): an idempotent upsert keyed by EAN.
 *
 * Every row is validated on its own; bad rows are reported in `rejected` and the rest are written.
 * New products are created in transactions of 49 (product + EAN marker each, plus one increment of
 * `total:product`), updates in transactions of up to 100 conditioned on the `updatedAt` that was
 * read, and rows identical to what is stored are not written at all — so importing the same rows
 * again changes nothing. A chunk whose transaction fails a condition (a concurrent writer) is
 * redone row by row from a fresh read, so uniqueness markers and totals stay exact.
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

const CREATE_CHUNK = Number(process.env.XC ?? 49);
const UPDATE_CHUNK = 100;
const WRITE_CONCURRENCY = Number(process.env.XW ?? 4);
const FAILED_ROW = 'Não foi possível gravar esta mercadoria agora. Envie-a novamente.';

export async function importProducts(tenant: string, rows: readonly unknown[]): Promise<ImportProductsAnswer> {
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

  // Brands named by the rows: found by reference or name, created when unknown.
  for (const item of resolved) if (item.row.brand) item.brand = await brandLookup(item.row.brand);

  const existing = await currentProducts(tenant, resolved.map((r) => r.row.code));
  const stats = { created: 0, updated: 0, unchanged: 0 };
  const creates: Write[] = [];
  const updates: Write[] = [];
  for (const item of resolved) {
    const write = plan(item, existing.get(item.row.code));
    if (!write.current) creates.push(write);
    else if (sameProduct(write.current, write.fields, write.prices)) stats.unchanged++;
    else updates.push(write);
  }

  const retry: Write[] = [];
  const products = productsRepository(tenant);
  const counters = countersFor(tenant);
  const createChunks = chunk(creates, CREATE_CHUNK);
  const updateChunks = chunk(updates, UPDATE_CHUNK);
  const firstId = creates.length > 0 ? await counters.reserve('product', creates.length) : 0;
  creates.forEach((w, i) => (w.id = firstId + i));

  await mapLimit([...createChunks.map((c) => ({ kind: 'create' as const, c })), ...updateChunks.map((c) => ({ kind: 'update' as const, c }))], WRITE_CONCURRENCY, async ({ kind, c }) => {
    const ok = await transact(() => (kind === 'create' ? createTransaction(tenant, c) : updateTransaction(tenant, c)));
    if (ok) stats[kind === 'create' ? 'created' : 'updated'] += c.length;
    else retry.push(...c);
  });

  // Rows of failed chunks, one by one from a fresh read (a concurrent import or edit got there first).
  for (const write of retry) {
    const outcome = await upsertOne(tenant, products, write.resolved);
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

function createTransaction(tenant: string, writes: Write[]) {
  return catalogService.transaction
    .write(({ product, unique, counter }) => [
      ...writes.flatMap((w) => {
        const id = w.id!;
        return [
          product.create({ tenant, ...w.fields, id, prices: w.prices }).commit(),
          unique.create({ tenant, scope: UNIQUE_SCOPES.productEan, value: w.fields.code, ownerId: id }).commit(),
        ];
      }),
      counter.upsert({ tenant, name: 'total:product' }).add({ value: writes.length }).commit(),
    ])
    .go();
}

function updateTransaction(tenant: string, writes: Write[]) {
  return catalogService.transaction
    .write(({ product }) =>
      writes.map((w) => {
        const current = w.current!;
        const { category, id_brand, ...plain } = w.fields;
        const removals = (['id_brand', 'category'] as const).filter((k) => w.fields[k] === undefined && current[k] !== undefined);
        let patch = product
          .patch({ tenant, id: current.id })
          .set({ ...plain, prices: w.prices, ...(category ? { category } : {}), ...(id_brand === undefined ? {} : { id_brand }) });
        if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
        // Same EAN and nobody wrote since we read: markers stay exact and no concurrent change is lost.
        return patch.where((a, { eq }) => `${eq(a.code, current.code)} AND ${eq(a.updatedAt, current.updatedAt ?? '')}`).commit();
      }),
    )
    .go();
}

/** Runs a transaction, retrying transaction conflicts; false when a condition failed. */
async function transact(run: () => Promise<{ canceled: boolean; data: unknown[] }>): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const result = await run();
    if (!result.canceled) return true;
    const codes = (result.data as Array<{ code?: string }>).map((op) => op.code ?? 'None');
    if (codes.includes('ConditionalCheckFailed')) return false;
    if (attempt >= 5) {
      logger.warn('import transaction kept conflicting', { codes: [...new Set(codes)] });
      return false;
    }
    await new Promise((r) => setTimeout(r, 25 * 2 ** attempt + Math.random() * 25));
  }
}

/** One row from a fresh read: create, update or nothing; undefined after repeated conflicts. */
async function upsertOne(tenant: string, products: ReturnType<typeof productsRepository>, item: Resolved): Promise<Outcome | undefined> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = (await currentProducts(tenant, [item.row.code])).get(item.row.code);
    const write = plan(item, current);
    if (current && sameProduct(current, write.fields, write.prices)) return 'unchanged';
    try {
      if (!current) {
        await products.create(write.fields, write.prices);
        return 'created';
      }
      if (await transact(() => updateTransaction(tenant, [write]))) return 'updated';
    } catch (error) {
      // 409: someone created this EAN meanwhile — read again and update it instead.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }
  return undefined;
}

/** Current products by EAN: BatchGet of the EAN markers, then BatchGet of the products. */
async function currentProducts(tenant: string, codes: readonly string[]): Promise<Map<string, ProductItem>> {
  if (codes.length === 0) return new Map();
  const markers = await batchGetAll(codes.map((value) => ({ tenant, scope: UNIQUE_SCOPES.productEan, value })));
  const owners = new Map(markers.map((m) => [m.ownerId, m.value]));
  const items = await productsRepository(tenant).getMany([...owners.keys()]);
  // Keep only products whose EAN still matches its marker (a concurrent EAN change is retried).
  return new Map(items.filter((p) => owners.get(p.id) === p.code).map((p) => [p.code, p]));
}

async function batchGetAll(keys: { tenant: string; scope: string; value: string }[]) {
  const found: { ownerId: number; value: string }[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    const { data, unprocessed } = await UniqueEntity.get(pending).go({ concurrency: 4 });
    found.push(...data);
    if (unprocessed.length === 0 || attempt >= 8) break;
    pending = unprocessed as typeof keys;
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
  return found;
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
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
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

async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
