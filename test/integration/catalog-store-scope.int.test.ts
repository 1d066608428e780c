import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@freguesia/shared/schemas/catalog';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createProduct, createStore, ean13, type Row } from './catalog-fixtures';

/**
 * Store scope of the catalogue reads (spec part 1 §6): a user without all stores never sees
 * another store's prices, cost or stock. Naming another store answers 403; answers without a
 * store leave the other stores out.
 */
describe('catalog: store scope of a single-store user', () => {
  let t: TestTenant;
  let own: number;
  let other: number;
  let product: Product;
  let clerk: { token: string };
  const OUT_OF_SCOPE = 'Você só pode consultar os dados da sua loja.';

  beforeAll(async () => {
    t = await createTestTenant('cs');
    own = await createStore(t, { name: 'Loja Própria' });
    other = await createStore(t, { name: 'Loja Vizinha' });
    product = await createProduct(t, { code: ean13('789700000001'), description: 'Azeite Gallo 500ml' });
    const saved = await api(t).post('/api/web/price/new', [
      { id_product: product.id, id_store: own, cust_price: '20,00', regular_price: '31,90', stock: 4 },
      {
        id_product: product.id,
        id_store: other,
        cust_price: '21,37',
        regular_price: '33,33',
        offer_price: '29,99',
        stock: 9,
      },
    ]);
    expect(saved.status).toBe(200);
    clerk = await t.userWith([{ action: 'read', subject: 'Products' }], { allStores: false, storeId: own });
  });

  it('refuses every product read that names another store', async () => {
    const reads: [string, Record<string, string | number>][] = [
      [`/api/web/product/${product.id}`, { id_store: other }],
      ['/api/web/products', { id_store: other }],
      ['/api/web/products', { id_store: other, q: 'azeite' }],
      ['/api/web/products/search', { id_store: other, q: 'azeite' }],
      ['/api/web/product/find', { code: product.code, id_store: other }],
      ['/api/web/product/prices', { id: product.id, id_store: other }],
      ['/api/web/prices', { id_product: product.id, id_store: other }],
    ];
    for (const [path, query] of reads) {
      const res = await api(t, clerk.token).get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text}`).toBe(403);
      expect(res.body.message).toBe(OUT_OF_SCOPE);
      expect(res.text).not.toContain('21.37');
    }
  });

  it('shows the own store and leaves the other stores out of stock and stores_with_stock', async () => {
    const mine = await api(t, clerk.token).get(`/api/web/product/${product.id}`, { id_store: own });
    expect(mine.body).toMatchObject({
      cust_price: 20,
      regular_price: 31.9,
      stock: 4,
      stores_with_stock: [{ id_store: own, stock: 4 }],
    });
    for (const [path, query] of [
      [`/api/web/product/${product.id}`, {}],
      ['/api/web/product/find', { code: product.code }],
    ] as const) {
      const res = await api(t, clerk.token).get(path, query);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        stock: 4,
        stores_with_stock: [{ id_store: own, stock: 4 }],
        cust_price: null,
      });
    }
    const list = await api(t, clerk.token).get('/api/web/products');
    expect(list.body.data[0]).toMatchObject({ stock: 4, stores_with_stock: [{ id_store: own, stock: 4 }] });
    const prices = await api(t, clerk.token).get('/api/web/prices', { id_product: product.id });
    expect(prices.body.map((p: Row) => p.id_store)).toEqual([own]);
  });

  it('keeps every store for a user with all stores', async () => {
    const res = await api(t).get(`/api/web/product/${product.id}`, { id_store: other });
    expect(res.body).toMatchObject({ cust_price: 21.37, stock: 9 });
    const all = await api(t).get(`/api/web/product/${product.id}`);
    expect(all.body.stores_with_stock).toEqual([
      { id_store: own, stock: 4 },
      { id_store: other, stock: 9 },
    ]);
  });
});
