import { z } from 'zod';
import { MAX_PRICE_ROWS, PriceSetInput } from '@freguesia/shared/schemas/catalog';
import { InvalidError, forbidden, notFound } from '../lib/errors';
import { route, type StaffPrincipal } from '../lib/http/route';
import type { StoredPrice } from './entities';
import { PRODUCT_NOT_FOUND, productsRepository } from './products.repository';
import { priceAnswer, sortPrices, storedPrice, type PriceValues } from './products.service';
import { storesRepository, visibleTo } from './stores.repository';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;

export const PRICE_SAVED_MESSAGE = 'Preço ajustado com sucesso';

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

/**
 * Prices per product per store (spec part 1 §7). Stored as integer centavos on the product item;
 * POST /web/price/new REPLACES the full price set of every product it names (a store missing from
 * the rows loses its price), all or nothing. A user restricted to one store (no all-stores flag)
 * only sees and changes that store's price; other stores' prices are kept.
 */
export const priceRoutes = [
  route({
    method: 'GET',
    path: '/api/web/prices',
    permission: READ,
    query: z.object({
      id_product: z.coerce.number({ error: 'Mercadoria inválida.' }).int().positive('Mercadoria inválida.'),
      id_store: z.coerce.number().int().positive('Loja inválida.').optional(),
    }),
    handler: async ({ tenant, query, principal }) => {
      const [product, stores] = await Promise.all([productsRepository(tenant.id).get(query.id_product), storesRepository(tenant.id).all()]);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const names = new Map(stores.map((s) => [s.id, s.name]));
      return (product.prices ?? [])
        .filter((p) => (query.id_store === undefined || p.id_store === query.id_store) && visibleTo(principal, { id: p.id_store }))
        .map((p) => priceAnswer(product.id, p, names.get(p.id_store) ?? ''));
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/price/new',
    permission: WRITE,
    body: PriceSetInput,
    maxBodyBytes: 256 * 1024,
    handler: async ({ tenant, body, principal }) => {
      const { rows, products } = rowsOf(body);
      if (products.length > MAX_PRICE_ROWS) throw new InvalidError({ _: `No máximo ${MAX_PRICE_ROWS} mercadorias por vez.` });
      const restricted = !principal.allStores;
      if (restricted && rows.some((r) => !visibleTo(principal, { id: r.id_store }))) {
        throw forbidden('Você só pode alterar os preços da sua loja.');
      }
      const repo = productsRepository(tenant.id);
      const [stores, current] = await Promise.all([storesRepository(tenant.id).all(), repo.getMany(products)]);
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
        const kept = restricted ? (found.get(id)!.prices ?? []).filter((p) => !visibleTo(principal as StaffPrincipal, { id: p.id_store })) : [];
        const incoming = rows.filter((r) => r.id_product === id).map(storedPrice);
        sets.set(id, sortPrices([...kept, ...incoming]));
      }
      await repo.replacePrices(sets);
      const names = new Map(stores.map((s) => [s.id, s.name]));
      return {
        message: PRICE_SAVED_MESSAGE,
        prices: [...sets.entries()].flatMap(([id, prices]) =>
          prices.filter((p) => visibleTo(principal, { id: p.id_store })).map((p) => priceAnswer(id, p, names.get(p.id_store) ?? '')),
        ),
      };
    },
  }),
];
