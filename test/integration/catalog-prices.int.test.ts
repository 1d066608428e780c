import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@freguesia/shared/schemas/catalog';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createProduct, createStore, ean13, type Row } from './catalog-fixtures';

describe('catalog: prices per store', () => {
  let a: TestTenant;
  let b: TestTenant;
  let s1: number;
  let s2: number;
  let s3: number;
  let product: Product;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cr'), createTestTenant('cr')]);
    s1 = await createStore(a, { name: 'Loja 1' });
    s2 = await createStore(a, { name: 'Loja 2' });
    s3 = await createStore(a, { name: 'Loja 3' });
    product = await createProduct(a, { code: ean13('789400000001'), description: 'Leite Integral 1L' });
  });

  it('saves rows per store, accepting comma decimals, and answers money with 2 decimals', async () => {
    const res = await api(a).post('/api/web/price/new', [
      {
        id_product: product.id,
        id_store: s1,
        cust_price: '3,10',
        regular_price: '4,99',
        offer_price: '4,49',
        attribute: 'A',
        stock: '12,5',
      },
      {
        id_product: product.id,
        id_store: s2,
        cust_price: 3.1,
        regular_price: 5.29,
        offer_price: null,
        stock: 0,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Preço ajustado com sucesso');
    const prices = await api(a).get('/api/web/prices', { id_product: product.id });
    expect(prices.body).toEqual([
      {
        id_product: product.id,
        id_store: s1,
        store_name: 'Loja 1',
        cust_price: 3.1,
        regular_price: 4.99,
        offer_price: 4.49,
        attribute: 'A',
        stock: 12.5,
      },
      {
        id_product: product.id,
        id_store: s2,
        store_name: 'Loja 2',
        cust_price: 3.1,
        regular_price: 5.29,
        offer_price: null,
        attribute: null,
        stock: 0,
      },
    ]);
    const one = await api(a).get('/api/web/product/prices', { id: product.id, id_store: s2 });
    expect(one.body).toHaveLength(1);
    expect(one.body[0].regular_price).toBe(5.29);

    // Search results carry the chosen store's prices and the stock by store.
    const found = await api(a).get('/api/web/products/search', { q: 'leite', id_store: s1 });
    expect(found.body.data[0]).toMatchObject({
      stock: 12.5,
      cust_price: 3.1,
      regular_price: 4.99,
      offer_price: 4.49,
      stores_with_stock: [{ id_store: s1, stock: 12.5 }],
    });
    const noStore = await api(a).get('/api/web/product/find', { code: product.code });
    expect(noStore.body).toMatchObject({ stock: 12.5, regular_price: null });
  });

  it('replaces the full set: a store left out loses its price', async () => {
    const res = await api(a).post('/api/web/price/new', [
      { id_product: product.id, id_store: s3, regular_price: 6, cust_price: 4 },
    ]);
    expect(res.status).toBe(200);
    const prices = await api(a).get('/api/web/prices', { id_product: product.id });
    expect(prices.body.map((p: Row) => p.id_store)).toEqual([s3]);
    // The object form can clear every price.
    expect((await api(a).post('/api/web/price/new', { id_product: product.id, prices: [] })).status).toBe(
      200,
    );
    expect((await api(a).get('/api/web/prices', { id_product: product.id })).body).toEqual([]);
  });

  it('refuses the whole set when one row is wrong (nothing is written)', async () => {
    await api(a).post('/api/web/price/new', [{ id_product: product.id, id_store: s1, regular_price: 4.99 }]);
    const cases: [unknown, string, string][] = [
      [
        [{ id_product: product.id, id_store: s1, regular_price: '1,999' }],
        '0.regular_price',
        'O preço regular deve ser um número com até 2 casas decimais.',
      ],
      [
        [{ id_product: product.id, id_store: s1, regular_price: -1 }],
        '0.regular_price',
        'O preço regular não pode ser negativo.',
      ],
      [
        [{ id_product: product.id, id_store: s1, regular_price: 1, stock: 'muito' }],
        '0.stock',
        'Estoque inválido: use um número com até 3 casas decimais.',
      ],
      [
        [
          { id_product: product.id, id_store: s2, regular_price: 1 },
          { id_product: product.id, id_store: s2, regular_price: 2 },
        ],
        '1.id_store',
        'Esta loja já foi usada em outra linha.',
      ],
      [[{ id_product: product.id, id_store: 999, regular_price: 1 }], '0.id_store', 'Loja não encontrada.'],
      [
        [{ id_product: 999999, id_store: s1, regular_price: 1 }],
        '0.id_product',
        'Mercadoria não encontrada.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(a).post('/api/web/price/new', body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    const tooMany = await api(a).post(
      '/api/web/price/new',
      Array.from({ length: 101 }, () => ({ id_product: product.id, id_store: s1, regular_price: 1 })),
    );
    expect(tooMany.status).toBe(400);
    const prices = await api(a).get('/api/web/prices', { id_product: product.id });
    expect(prices.body.map((p: Row) => [p.id_store, p.regular_price])).toEqual([[s1, 4.99]]);
  });

  it('lets a user bound to one store see and change only that store’s price', async () => {
    await api(a).post('/api/web/price/new', [
      { id_product: product.id, id_store: s1, regular_price: 4.99 },
      { id_product: product.id, id_store: s2, regular_price: 5.49 },
    ]);
    const clerk = await a.userWith(
      [
        { action: 'read', subject: 'Products' },
        { action: 'write', subject: 'Products' },
      ],
      { allStores: false, storeId: s2 },
    );
    const seen = await api(a, clerk.token).get('/api/web/prices', { id_product: product.id });
    expect(seen.body.map((p: Row) => p.id_store)).toEqual([s2]);
    const other = await api(a, clerk.token).post('/api/web/price/new', [
      { id_product: product.id, id_store: s1, regular_price: 1 },
    ]);
    expect(other.status).toBe(403);
    const own = await api(a, clerk.token).post('/api/web/price/new', [
      { id_product: product.id, id_store: s2, regular_price: 5.99 },
    ]);
    expect(own.status).toBe(200);
    const all = await api(a).get('/api/web/prices', { id_product: product.id });
    expect(all.body.map((p: Row) => [p.id_store, p.regular_price])).toEqual([
      [s1, 4.99],
      [s2, 5.99],
    ]);
  });

  it('checks permissions and tenants', async () => {
    const reader = await a.userWith([{ action: 'read', subject: 'Products' }]);
    const none = await a.userWith([{ action: 'read', subject: 'Stores' }]);
    expect(
      (
        await api(a, reader.token).post('/api/web/price/new', [
          { id_product: product.id, id_store: s1, regular_price: 1 },
        ])
      ).status,
    ).toBe(403);
    expect((await api(a, none.token).get('/api/web/prices', { id_product: product.id })).status).toBe(403);
    expect((await api(b).get('/api/web/prices', { id_product: product.id })).status).toBe(404);
    const foreign = await api(b).post('/api/web/price/new', [
      { id_product: product.id, id_store: s1, regular_price: 1 },
    ]);
    expect(foreign.status).toBe(400);
    expect((await api(b, a.adminToken).get('/api/web/prices', { id_product: product.id })).status).toBe(401);
  });
});
