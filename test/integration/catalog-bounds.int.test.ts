import { beforeAll, describe, expect, it } from 'vitest';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import {
  api,
  catalog,
  createProduct,
  createStore,
  ean13,
  integrationToken,
  type Row,
} from './catalog-fixtures';

/**
 * Money and quantity bounds (prices up to R$ 9.999.999,99, stock within ±99.999.999) on the
 * staff routes and the ERP import, and the ERP batch rule: a bad row is reported on its own,
 * the others are applied, and nothing of the bad row is left behind.
 */

const STOCK_MESSAGE = 'O estoque deve estar entre -99.999.999 e 99.999.999.';
const PRICE_MESSAGE = 'O preço regular deve ser de no máximo R$ 9.999.999,99.';

describe('catalog: money and quantity bounds, ERP batches', () => {
  let t: TestTenant;
  let token: string;
  let store: number;
  /** Raw JSON, so that numbers beyond 2^53 reach the server exactly as an ERP sends them. */
  const raw = (method: string, path: string, json: string, headers: Record<string, string> = {}) =>
    call(catalog, {
      method,
      path,
      rawBody: json,
      tenant: t.tenant,
      token: headers['x-api-key'] ? undefined : t.adminToken,
      headers,
    });
  const importRaw = (json: string) => raw('POST', '/api/integration/products', json, { 'x-api-key': token });
  const row = (i: number, price = '{"store_reference_code":"B1","regular_price":"4,99","stock":10}') =>
    `{"code":"${ean13(`78960000${String(i).padStart(4, '0')}`)}","description":"Feijão Carioca Camil ${i} 1kg","pack":1,"prices":[${price}]}`;
  const code = (i: number) => ean13(`78960000${String(i).padStart(4, '0')}`);

  beforeAll(async () => {
    t = await createTestTenant('cb');
    token = await integrationToken(t);
    store = await createStore(t, { name: 'Bairro', reference_code: 'B1' });
  });

  it('answers 400 with a field message for out-of-range money and stock on the staff routes', async () => {
    const product = await createProduct(t, { code: code(1), description: 'Arroz Camil 5kg' });
    const prices = (json: string) => raw('POST', '/api/web/price/new', json);
    const huge = await prices(
      `[{"id_product":${product.id},"id_store":${store},"regular_price":1,"stock":-9007199254740993}]`,
    );
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({ '0.stock': STOCK_MESSAGE });
    const overPrice = await prices(
      `{"id_product":${product.id},"prices":[{"id_store":${store},"regular_price":"10.000.000,00","offer_price":1e308}]}`,
    );
    expect(overPrice.status).toBe(400);
    expect(overPrice.body.errors).toEqual({
      'prices.0.regular_price': PRICE_MESSAGE,
      'prices.0.offer_price': 'O preço de oferta deve ser de no máximo R$ 9.999.999,99.',
    });
    const badStore = await prices(
      `[{"id_product":${product.id},"id_store":9007199254740993,"regular_price":1}]`,
    );
    expect(badStore.status).toBe(400);
    expect(badStore.body.errors).toEqual({ '0.id_store': 'Selecione a loja.' });
    const brand = await raw(
      'PUT',
      '/api/web/product/update',
      JSON.stringify({ ...product, id_brand: 1.5, category: null }),
    );
    expect(brand.status).toBe(400);
    expect(brand.body.errors).toEqual({ id_brand: 'Marca inválida.' });
    const query = await api(t).get(`/api/web/product/${product.id}`, { id_store: '1.5' });
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ id_store: 'Loja inválida.' });

    // The largest amounts are accepted and read back exactly.
    const max = await prices(
      `[{"id_product":${product.id},"id_store":${store},"regular_price":"9.999.999,99","cust_price":9999999.99,"stock":-99999999}]`,
    );
    expect(max.status).toBe(200);
    const read = await api(t).get(`/api/web/product/${product.id}`, { id_store: store });
    expect(read.body).toMatchObject({ regular_price: 9999999.99, cust_price: 9999999.99, stock: -99999999 });
  });

  it('reports a bad ERP row on its own, applies the others and leaves nothing of the bad row behind', async () => {
    // Prepare: row 20 exists with a price; the batch updates it and creates rows 21 and 23.
    const first = await importRaw(`{"products":[${row(20)}]}`);
    expect(first.body).toMatchObject({ created: 1, rejected: [] });
    const total = await countersFor(t.tenant).total('product');

    // Act: rows 22 (new) and 24 (existing 20's neighbour, new) carry stock beyond 2^53 and a price beyond the bound.
    const res = await importRaw(
      `{"products":[${row(21)},${row(22, '{"store_reference_code":"B1","regular_price":"4,99","stock":-9007199254740993}')},` +
        `${row(20, '{"store_reference_code":"B1","regular_price":"5,49","stock":7}')},` +
        `${row(24, '{"store_reference_code":"B1","regular_price":99999999999,"stock":1}')},${row(23)}]}`,
    );

    // Assess: 200, the bad rows reported per field, the good ones applied.
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accepted: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      rejected: [
        { index: 1, code: code(22), errors: { 'prices.0.stock': STOCK_MESSAGE } },
        { index: 3, code: code(24), errors: { 'prices.0.regular_price': PRICE_MESSAGE } },
      ],
    });
    expect(await countersFor(t.tenant).total('product')).toBe(total + 2);
    const updated = await api(t).get('/api/web/product/find', { code: code(20), id_store: store });
    expect(updated.body).toMatchObject({ regular_price: 5.49, stock: 7 });
    for (const bad of [22, 24]) {
      const { data: marker } = await UniqueEntity.get({
        tenant: t.tenant,
        scope: 'product-ean',
        value: code(bad),
      }).go();
      expect(marker, `EAN of row ${bad} must stay free`).toBeNull();
      expect((await api(t).get('/api/web/product/find', { code: code(bad) })).status).toBe(404);
    }

    // Staff can then create the rejected product and find it.
    const created = await api(t).post('/api/web/product/new', {
      code: code(22),
      description: 'Feijão Carioca Camil 22 1kg',
      pack: 1,
    });
    expect(created.status).toBe(200);
    const search = await api(t).get('/api/web/products/search', { q: 'feijão carioca camil 22' });
    expect(search.body.data.map((p: Row) => p.code)).toContain(code(22));
    expect(await countersFor(t.tenant).total('product')).toBe(total + 3);
  });

  it('stores one product when 20 imports of one new EAN race, reporting "created" exactly once', async () => {
    const x = await createTestTenant('cb');
    const key = await integrationToken(x);
    await createStore(x, { name: 'Bairro', reference_code: 'B1' });
    const ean = code(99);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(catalog, {
          method: 'POST',
          path: '/api/integration/products',
          tenant: x.tenant,
          headers: { 'x-api-key': key },
          body: {
            products: [
              {
                code: ean,
                description: 'Café Pilão 500g',
                pack: 1,
                prices: [{ store_reference_code: 'B1', regular_price: 19.9, stock: i + 1 }],
              },
            ],
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(results.flatMap((r) => r.body.rejected)).toEqual([]);
    expect(results.reduce((sum, r) => sum + r.body.created, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.body.updated + r.body.unchanged, 0)).toBe(19);
    expect(await countersFor(x.tenant).total('product')).toBe(1);
    const list = await api(x).get('/api/web/products');
    expect(list.body.data.map((p: Row) => p.code)).toEqual([ean]);
  }, 120_000);
});
