import { MAX_PRICE_ROWS, type PriceSetInput, type ProductPrice } from '@freguesia/shared/schemas/catalog';
import { staffOf, type ServiceContext } from '../lib/context';
import { InvalidError, forbidden, notFound } from '../lib/errors';
import type { StoredPrice } from './entities';
import { priceAnswer, sortPrices, storedPrice, type PriceValues } from './products.model';
import { PRODUCT_NOT_FOUND, productsRepository } from './products.repository';
import { visibleTo } from './stores.model';
import { storesRepository } from './stores.repository';
import { assertStoreInScope } from './stores.service';

export const PRICE_SAVED_MESSAGE = 'Preço ajustado com sucesso';
export const OTHER_STORE_PRICE_MESSAGE = 'Você só pode alterar os preços da sua loja.';

/**
 * Prices per product per store (spec part 1 §7), stored as integer centavos on the product item.
 * A staff user restricted to one store (no all-stores flag) only sees and changes that store's
 * prices; other stores' prices are kept.
 */

interface Row extends PriceValues {
  id_product: number;
  /** Error-key prefix of the row in the request ('0.' or 'prices.0.'). */
  path: string;
}

function rowsOf(body: PriceSetInput): { rows: Row[]; products: number[] } {
  if (Array.isArray(body)) {
    const rows = body.map((r, i) => ({ ...r, path: `${i}.` }));
    return { rows, products: [...new Set(rows.map((r) => r.id_product))] };
  }
  const rows = body.prices.map((r, i) => ({ ...r, id_product: body.id_product, path: `prices.${i}.` }));
  return { rows, products: [body.id_product] };
}

/** The prices of one product the caller may see, with store names; `idStore` narrows to one store. */
export async function listPrices(
  ctx: ServiceContext,
  query: { id_product: number; id_store?: number | undefined },
): Promise<ProductPrice[]> {
  assertStoreInScope(ctx, query.id_store);
  const [product, stores] = await Promise.all([
    productsRepository(ctx.tenant).get(query.id_product),
    storesRepository(ctx.tenant).all(),
  ]);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const names = new Map(stores.map((s) => [s.id, s.name]));
  const staff = staffOf(ctx);
  return (product.prices ?? [])
    .filter(
      (p) =>
        (query.id_store === undefined || p.id_store === query.id_store) &&
        visibleTo(staff, { id: p.id_store }),
    )
    .map((p) => priceAnswer(product.id, p, names.get(p.id_store) ?? ''));
}

/**
 * POST /web/price/new: REPLACES the full price set of every product the rows name (a store missing
 * from the rows loses its price), all or nothing. Every bad row is reported at once, per field.
 */
export async function savePrices(
  ctx: ServiceContext,
  body: PriceSetInput,
): Promise<{ message: string; prices: ProductPrice[] }> {
  const { rows, products } = rowsOf(body);
  if (products.length > MAX_PRICE_ROWS)
    throw new InvalidError({ _: `No máximo ${MAX_PRICE_ROWS} mercadorias por vez.` });
  const staff = staffOf(ctx);
  const restricted = staff !== undefined && !staff.allStores;
  if (restricted && rows.some((r) => !visibleTo(staff, { id: r.id_store })))
    throw forbidden(OTHER_STORE_PRICE_MESSAGE);

  const repo = productsRepository(ctx.tenant);
  const [stores, current] = await Promise.all([storesRepository(ctx.tenant).all(), repo.getMany(products)]);
  const storeIds = new Set(stores.map((s) => s.id));
  const found = new Map(current.map((p) => [p.id, p]));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const pair = `${row.id_product}:${row.id_store}`;
    if (!found.has(row.id_product)) errors[`${row.path}id_product`] ??= PRODUCT_NOT_FOUND;
    if (!storeIds.has(row.id_store)) errors[`${row.path}id_store`] ??= 'Loja não encontrada.';
    else if (seen.has(pair)) errors[`${row.path}id_store`] ??= 'Esta loja já foi usada em outra linha.';
    seen.add(pair);
  }
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);

  const sets = new Map<number, StoredPrice[]>();
  for (const id of products) {
    const kept = restricted
      ? (found.get(id)!.prices ?? []).filter((p) => !visibleTo(staff, { id: p.id_store }))
      : [];
    const incoming = rows.filter((r) => r.id_product === id).map(storedPrice);
    sets.set(id, sortPrices([...kept, ...incoming]));
  }
  await repo.replacePrices(sets);
  const names = new Map(stores.map((s) => [s.id, s.name]));
  return {
    message: PRICE_SAVED_MESSAGE,
    prices: [...sets.entries()].flatMap(([id, prices]) =>
      prices
        .filter((p) => visibleTo(staff, { id: p.id_store }))
        .map((p) => priceAnswer(id, p, names.get(p.id_store) ?? '')),
    ),
  };
}
