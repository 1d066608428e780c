import { normalizeText } from '@freguesia/shared/domain/text';
import { centsToNumber, sumStock } from '@freguesia/shared/domain/money';
import type { Product, ProductPrice } from '@freguesia/shared/schemas/catalog';
import type { ProductItem, StoredPrice } from './entities';

/** Pure product logic (no I/O): wire answers from stored items, stored prices from validated rows. */

/**
 * The answer for one product; `idStore` selects whose stock and prices are shown. `inScope` says
 * which stores the caller may see: the stock sum and `stores_with_stock` leave the others out
 * (the caller checks that `idStore` itself is in scope).
 */
export function productAnswer(
  item: ProductItem,
  idStore?: number,
  inScope: (idStore: number) => boolean = () => true,
): Product {
  const prices = (item.prices ?? []).filter((p) => inScope(p.id_store));
  const chosen = idStore === undefined ? undefined : prices.find((p) => p.id_store === idStore);
  return {
    id: item.id,
    code: item.code,
    reference_code: item.reference_code ?? '',
    description: item.description,
    pack: item.pack,
    weighable: item.weighable,
    active: item.active,
    url: item.url ?? '',
    fast_orders: item.fast_orders,
    group_code: item.group_code ?? '',
    id_brand: item.id_brand ?? null,
    category: item.category ? { ...item.category } : null,
    created_at: item.createdAt ?? '',
    updated_at: item.updatedAt ?? '',
    stock: idStore === undefined ? sumStock(prices.map((p) => p.stock)) : (chosen?.stock ?? 0),
    stores_with_stock: prices
      .filter((p) => p.stock > 0)
      .map((p) => ({ id_store: p.id_store, stock: p.stock })),
    cust_price: money(chosen?.cust),
    regular_price: money(chosen?.regular),
    offer_price: money(chosen?.offer),
  };
}

const money = (cents: number | undefined): number | null =>
  cents === undefined ? null : centsToNumber(cents);

/** One stored price as answered by the price calls. */
export function priceAnswer(productId: number, price: StoredPrice, storeName?: string): ProductPrice {
  return {
    id_product: productId,
    id_store: price.id_store,
    ...(storeName === undefined ? {} : { store_name: storeName }),
    cust_price: money(price.cust),
    regular_price: centsToNumber(price.regular),
    offer_price: money(price.offer),
    attribute: price.attribute ?? null,
    stock: price.stock,
  };
}

/** A validated price row (money in centavos) in its stored form. */
export interface PriceValues {
  id_store: number;
  cust_price: number | null;
  regular_price: number;
  offer_price: number | null;
  attribute: string | null;
  stock: number;
}

export function storedPrice(row: PriceValues): StoredPrice {
  return {
    id_store: row.id_store,
    regular: row.regular_price,
    stock: row.stock,
    ...(row.cust_price === null ? {} : { cust: row.cust_price }),
    ...(row.offer_price === null ? {} : { offer: row.offer_price }),
    ...(row.attribute ? { attribute: row.attribute } : {}),
  };
}

/** Prices ordered by store id, so equal sets compare equal. */
export function sortPrices(prices: readonly StoredPrice[]): StoredPrice[] {
  return [...prices].sort((a, b) => a.id_store - b.id_store);
}

/** Merges `incoming` into `current` by store (import: unlisted stores keep their prices). */
export function mergePrices(
  current: readonly StoredPrice[],
  incoming: readonly StoredPrice[],
): StoredPrice[] {
  const byStore = new Map(current.map((p) => [p.id_store, p]));
  for (const p of incoming) byStore.set(p.id_store, p);
  return sortPrices([...byStore.values()]);
}

/** The editable product fields in stored form (everything but id, prices and timestamps). */
export interface ProductFields {
  code: string;
  reference_code: string;
  description: string;
  descriptionKey: string;
  pack: number;
  weighable: 'Y' | 'N';
  active: 'Y' | 'N';
  url: string;
  fast_orders: 'Y' | 'N';
  group_code: string;
  id_brand?: number;
  category?: { id: number; reference_code: string; description: string };
}

export function productFields(input: {
  code: string;
  reference_code?: string;
  description: string;
  pack: number;
  weighable: 'Y' | 'N';
  active: 'Y' | 'N';
  url?: string;
  fast_orders: 'Y' | 'N';
  group_code?: string;
  id_brand: number | null;
  category: { id: number; reference_code: string; description: string } | null;
}): ProductFields {
  return {
    code: input.code,
    reference_code: input.reference_code ?? '',
    description: input.description,
    descriptionKey: normalizeText(input.description),
    pack: input.pack,
    weighable: input.weighable,
    active: input.active,
    url: input.url ?? '',
    fast_orders: input.fast_orders,
    group_code: input.group_code ?? '',
    ...(input.id_brand === null ? {} : { id_brand: input.id_brand }),
    ...(input.category === null ? {} : { category: input.category }),
  };
}

const FIELD_NAMES: (keyof ProductFields)[] = [
  'code',
  'reference_code',
  'description',
  'pack',
  'weighable',
  'active',
  'url',
  'fast_orders',
  'group_code',
  'id_brand',
];

/** Whether a stored product already holds these fields and (when given) these prices. */
export function sameProduct(
  item: ProductItem,
  fields: ProductFields,
  prices?: readonly StoredPrice[],
): boolean {
  for (const name of FIELD_NAMES) {
    if ((item[name] ?? undefined) !== (fields[name] ?? undefined)) return false;
  }
  if ((item.category?.id ?? null) !== (fields.category?.id ?? null)) return false;
  if (
    prices &&
    JSON.stringify(sortPrices(item.prices ?? []).map(canonical)) !==
      JSON.stringify(sortPrices(prices).map(canonical))
  ) {
    return false;
  }
  return true;
}

const canonical = (p: StoredPrice) => [
  p.id_store,
  p.regular,
  p.cust ?? null,
  p.offer ?? null,
  p.attribute ?? null,
  p.stock,
];

/** Digits-only text of EAN length is looked up as a code first (spec: exact EAN/SKU search). */
export const looksLikeCode = (q: string): boolean => /^\d+$/.test(q);
