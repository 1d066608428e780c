import { normalizeText } from '@freguesia/shared/domain/text';
import { ImportProductRow, type ImportProductsAnswer } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { DomainError, fieldErrors } from '../lib/errors';
import { logger } from '../lib/logger';
import { brandsRepository } from './brands.repository';
import { categoriesRepository } from './categories.repository';
import type { BrandItem, CategoryItem, ProductItem, StoredPrice } from './entities';
import {
  mergePrices,
  productFields,
  sameProduct,
  sortPrices,
  storedPrice,
  type ProductFields,
} from './products.model';
import {
  productsRepository,
  rowActions,
  type NewProduct,
  type ProductsRepository,
  type RowWrite,
} from './products.repository';
import { storesRepository } from './stores.repository';

/**
 * ERP bulk import (POST /api/integration/products): an idempotent upsert keyed by EAN.
 *
 * Every row is validated on its own (every field's type and range, the stores, the category)
 * BEFORE anything is written; bad rows are reported in `rejected` and the rest are written, so one
 * bad row never fails the batch. Rows identical to what is stored are not written at all, so
 * importing the same rows again changes nothing.
 *
 * Each row's writes (a new product with its EAN marker, the `total:product` increment and its
 * word index; or a changed product conditioned on the EAN and `updatedAt` that were read, with
 * its word index) go in ONE DynamoDB transaction, so a row is all or nothing. Several rows share
 * a transaction up to DynamoDB's 100 actions: transactions of new rows run one at a time per
 * request (they all update the counter item), those of changed rows in parallel. When a
 * transaction is canceled (an EAN taken by a concurrent import or edit, a product changed
 * meanwhile), nothing of it was written and each of its rows is redone alone from a fresh read,
 * retried until it lands: an EAN created elsewhere meanwhile becomes an update of that product.
 * Only a row that still cannot be written after that is reported as rejected, never a 500.
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
  resolved: Resolved;
  current: ProductItem | undefined;
  fields: ProductFields;
  prices: StoredPrice[];
}

interface Planned {
  resolved: Resolved;
  write: RowWrite;
}

/** DynamoDB's actions per transaction, one kept for the counter. */
const MAX_ACTIONS = 99;
const UPDATE_CONCURRENCY = 8;
const RETRY_CONCURRENCY = 8;
/** Fresh-read attempts of a row whose transaction was canceled (20 racing imports of one EAN settle well within). */
const ROW_ATTEMPTS = 12;
const FAILED_ROW = 'Não foi possível gravar esta mercadoria agora. Envie-a novamente.';

/** Imports ERP rows for the tenant (contract above): bad rows are reported in `rejected`, never thrown. */
export async function importProducts(
  ctx: ServiceContext,
  rows: readonly unknown[],
): Promise<ImportProductsAnswer> {
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
      rejected.push({
        index,
        code: parsed.data.code,
        errors: { code: `Código repetido nesta requisição (item ${prior}).` },
      });
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
    let category: CategoryItem | null | undefined =
      row.category_reference_code === undefined ? undefined : null;
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
        if (storeId === undefined || !storeIds.has(storeId))
          errors[`prices.${i}.${field}`] = 'Loja não encontrada.';
        else if (seen.has(storeId))
          errors[`prices.${i}.${field}`] = 'Loja repetida nos preços desta mercadoria.';
        else {
          seen.add(storeId);
          prices!.push(storedPrice({ ...p, id_store: storeId }));
        }
      });
      prices = sortPrices(prices);
    }
    if (Object.keys(errors).length > 0) rejected.push({ index, code: row.code, errors });
    else
      resolved.push({
        index,
        row,
        category,
        brand: row.brand ? undefined : (row.brand as null | undefined),
        prices,
      });
  }

  // Brands named by the rows: found by reference or name, created when unknown (distinct names in parallel).
  const brandTexts = [
    ...new Map(
      resolved.filter((r) => r.row.brand).map((r) => [normalizeText(r.row.brand!), r.row.brand!]),
    ).values(),
  ];
  const brandByText = new Map(
    await Promise.all(
      brandTexts.map(async (text) => [normalizeText(text), await brandLookup(text)] as const),
    ),
  );
  for (const item of resolved)
    if (item.row.brand) item.brand = brandByText.get(normalizeText(item.row.brand));

  const { products: existing, orphans } = await products.byEans(resolved.map((r) => r.row.code));
  const stats = { created: 0, updated: 0, unchanged: 0 };
  const fresh: Write[] = [];
  const changes: Planned[] = [];
  for (const item of resolved) {
    const write = plan(item, existing.get(item.row.code));
    const orphan = orphans.get(item.row.code);
    if (write.current) {
      if (sameProduct(write.current, write.fields, write.prices)) stats.unchanged++;
      else
        changes.push({
          resolved: item,
          write: { kind: 'update', current: write.current, fields: write.fields, prices: write.prices },
        });
    } else if (orphan !== undefined) {
      // Behind a marker already counted: the product alone (with its words), never counted again.
      changes.push({
        resolved: item,
        write: { kind: 'create', product: newProduct(write, orphan), claim: false },
      });
    } else fresh.push(write);
  }
  const firstId = fresh.length > 0 ? await products.reserveIds(fresh.length) : 0;
  const creates: Planned[] = fresh.map((w, i) => ({
    resolved: w.resolved,
    write: { kind: 'create', product: newProduct(w, firstId + i), claim: true },
  }));

  const retry: Resolved[] = [];
  const tally = (planned: Planned) => stats[outcomeOf(planned.write)]++;
  const apply = async (pack: Planned[]) => {
    let written = false;
    try {
      written = await products.writeRows(pack.map((p) => p.write));
    } catch (error) {
      logger.warn('import: transaction failed, rows redone one by one', {
        error: String(error),
        rows: pack.length,
      });
    }
    if (written) pack.forEach(tally);
    else retry.push(...pack.map((p) => p.resolved));
  };
  await Promise.all([
    (async () => {
      for (const pack of packs(creates)) await apply(pack);
    })(),
    mapLimited(packs(changes), UPDATE_CONCURRENCY, apply),
  ]);

  // Rows of canceled transactions, each alone from a fresh read (a concurrent import or edit got there first).
  await mapLimited(retry, RETRY_CONCURRENCY, async (item) => {
    const outcome = await upsertOne(products, item);
    if (outcome) stats[outcome]++;
    else rejected.push({ index: item.index, code: item.row.code, errors: { _: FAILED_ROW } });
  });

  rejected.sort((a, b) => a.index - b.index);
  return { accepted: stats.created + stats.updated + stats.unchanged, ...stats, rejected };
}

const outcomeOf = (write: RowWrite): 'created' | 'updated' =>
  write.kind === 'create' ? 'created' : 'updated';

/** Groups rows into transactions of at most MAX_ACTIONS actions, in order. */
function packs(rows: readonly Planned[]): Planned[][] {
  const out: Planned[][] = [];
  let current: Planned[] = [];
  let actions = 0;
  for (const row of rows) {
    const cost = rowActions(row.write);
    if (current.length > 0 && actions + cost > MAX_ACTIONS) {
      out.push(current);
      current = [];
      actions = 0;
    }
    current.push(row);
    actions += cost;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The fields and prices a row leaves on the product (absent fields keep the stored values). */
function plan(item: Resolved, current: ProductItem | undefined): Write {
  const { row } = item;
  const keep = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  const category =
    item.category === undefined
      ? (current?.category ?? null)
      : item.category && {
          id: item.category.id,
          reference_code: item.category.reference_code,
          description: item.category.description,
        };
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
  const prices =
    item.prices === undefined
      ? sortPrices(current?.prices ?? [])
      : current
        ? mergePrices(current.prices ?? [], item.prices)
        : item.prices;
  return { resolved: item, current, fields, prices };
}

const newProduct = (w: Write, id: number): NewProduct => ({ ...w.fields, id, prices: w.prices });

/**
 * One row from a fresh read, in its own transaction: create, update or nothing. A canceled
 * transaction (someone else wrote this EAN or product meanwhile) is read again and retried after
 * a jittered pause; undefined after ROW_ATTEMPTS or an unexpected error (logged).
 */
async function upsertOne(products: ProductsRepository, item: Resolved): Promise<Outcome | undefined> {
  const code = item.row.code;
  let knownId: number | undefined;
  for (let attempt = 0; attempt < ROW_ATTEMPTS; attempt++) {
    if (attempt > 0)
      await new Promise((resolve) =>
        setTimeout(resolve, 10 * 2 ** Math.min(attempt, 4) + Math.random() * 40),
      );
    try {
      // Once the product is known, one consistent read of it replaces the two reads by EAN.
      const known = knownId === undefined ? null : await products.get(knownId, true);
      const found =
        known && known.code === code
          ? { products: new Map([[code, known]]), orphans: new Map<string, number>() }
          : await products.byEans([code]);
      const current = found.products.get(code);
      const write = plan(item, current);
      if (current) {
        knownId = current.id;
        if (sameProduct(current, write.fields, write.prices)) return 'unchanged';
        // One attempt per read: a transaction that conflicts would only fail its condition after waiting.
        if (
          await products.writeRows(
            [{ kind: 'update', current, fields: write.fields, prices: write.prices }],
            { attempts: 1 },
          )
        )
          return 'updated';
        continue;
      }
      const orphan = found.orphans.get(code);
      const id = orphan ?? (await products.reserveIds(1));
      if (
        await products.writeRows([
          { kind: 'create', product: newProduct(write, id), claim: orphan === undefined },
        ])
      )
        return 'created';
    } catch (error) {
      logger.error('import: row could not be written', { code, error: String(error) });
      return undefined;
    }
  }
  logger.warn('import: row kept conflicting', { code });
  return undefined;
}

/** Finds brands by reference code or name; creates unknown ones (reference = the text given). */
async function brandResolver(tenant: string): Promise<(text: string) => Promise<BrandItem>> {
  const repo = brandsRepository(tenant);
  let brands = await repo.all();
  const find = (text: string) =>
    brands.find((b) => b.reference_code === text) ??
    brands.find((b) => normalizeText(b.description) === normalizeText(text));
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
