import { beforeAll, describe, expect, it } from 'vitest';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import {
  api,
  catalog,
  createCategory,
  createStore,
  ean13,
  integrationToken,
  type Row,
} from './catalog-fixtures';

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  code: ean13(`7895000${String(i).padStart(5, '0')}`),
  reference_code: `ERP-${i}`,
  description: `Biscoito Recheado Sabor ${i} 140g`,
  pack: 1,
  weighable: 'N',
  active: 'Y',
  url: '',
  ...extra,
});

describe('catalog: ERP import (POST /api/integration/products)', () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: string;
  let store1: number;
  let store2: number;
  const post = (body: unknown, key = token, tenant = t.tenant) =>
    call(catalog, {
      method: 'POST',
      path: '/api/integration/products',
      body,
      tenant,
      headers: { 'x-api-key': key },
    });

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('ci'), createTestTenant('ci')]);
    token = await integrationToken(t);
    store1 = await createStore(t, { name: 'Centro', reference_code: 'L01' });
    store2 = await createStore(t, { name: 'Bairro', reference_code: 'L02' });
    await createCategory(t, 'BISC', 'Biscoitos');
  });

  it('creates products with category, brand and prices, then the same rows again change nothing', async () => {
    const rows = Array.from({ length: 120 }, (_, i) =>
      row(i, {
        category_reference_code: 'BISC',
        brand: i % 2 ? 'Marilan' : 'Bauducco',
        group_code: 'BISCOITOS',
        prices: [
          {
            store_reference_code: 'L01',
            cust_price: '1,50',
            regular_price: '2,99',
            offer_price: '2,49',
            stock: '10',
          },
          { id_store: store2, cust_price: 1.5, regular_price: 3.19, offer_price: null, stock: 0 },
        ],
      }),
    );
    const first = await post({ products: rows });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 120, created: 120, updated: 0, unchanged: 0, rejected: [] });
    expect(await countersFor(t.tenant).total('product')).toBe(120);

    const again = await post({ products: rows });
    expect(again.body).toEqual({ accepted: 120, created: 0, updated: 0, unchanged: 120, rejected: [] });
    expect(await countersFor(t.tenant).total('product')).toBe(120);

    const list = await api(t).get('/api/web/products', { per_page: 200 });
    expect(list.body.pagination.total).toBe(120);
    expect(new Set(list.body.data.map((p: Row) => p.code)).size).toBe(120);
    const brands = await api(t).get('/api/web/brands/full');
    expect(brands.body.map((b: Row) => b.description)).toEqual(['Bauducco', 'Marilan']);

    const found = await api(t).get('/api/web/product/find', { code: rows[3]!.code, id_store: store1 });
    expect(found.body).toMatchObject({
      reference_code: 'ERP-3',
      group_code: 'BISCOITOS',
      category: { reference_code: 'BISC' },
      id_brand: brands.body[1].id,
      cust_price: 1.5,
      regular_price: 2.99,
      offer_price: 2.49,
      stock: 10,
    });
    const search = await api(t).get('/api/web/products/search', { q: 'biscoito recheado sabor 11' });
    expect(search.body.data.map((p: Row) => p.reference_code).sort()).toEqual([
      'ERP-11',
      'ERP-110',
      'ERP-111',
      'ERP-112',
      'ERP-113',
      'ERP-114',
      'ERP-115',
      'ERP-116',
      'ERP-117',
      'ERP-118',
      'ERP-119',
    ]);
  });

  it('updates changed rows; absent fields and unlisted stores keep their values', async () => {
    const code = row(500).code;
    await post({
      products: [
        row(500, {
          category_reference_code: 'BISC',
          prices: [
            { store_reference_code: 'L01', regular_price: 5 },
            { store_reference_code: 'L02', regular_price: 6 },
          ],
        }),
      ],
    });
    const res = await post({
      products: [
        {
          code,
          description: 'Biscoito Novo Nome',
          pack: 2,
          prices: [{ store_reference_code: 'L02', regular_price: '6,50', stock: '3,5' }],
        },
      ],
    });
    expect(res.body).toMatchObject({ accepted: 1, created: 0, updated: 1, unchanged: 0 });
    const p = (await api(t).get('/api/web/product/find', { code })).body;
    expect(p).toMatchObject({
      description: 'Biscoito Novo Nome',
      pack: 2,
      reference_code: 'ERP-500',
      category: { reference_code: 'BISC' },
    });
    const prices = (await api(t).get('/api/web/prices', { id_product: p.id })).body;
    expect(prices.map((x: Row) => [x.id_store, x.regular_price, x.stock])).toEqual([
      [store1, 5, 0],
      [store2, 6.5, 3.5],
    ]);
    const cleared = await post({
      products: [{ code, description: 'Biscoito Novo Nome', pack: 2, category_reference_code: null }],
    });
    expect(cleared.body.updated).toBe(1);
    expect((await api(t).get('/api/web/product/find', { code })).body.category).toBeNull();
  });

  it('reports each bad row with its index and field messages and writes the good ones', async () => {
    const before = await countersFor(t.tenant).total('product');
    const res = await post({
      products: [
        row(600),
        { code: 'abc', description: '', pack: 0 },
        row(601, { prices: [{ store_reference_code: 'NOPE', regular_price: 1 }] }),
        row(602, { category_reference_code: 'NOPE' }),
        row(603, { prices: [{ id_store: store1, regular_price: '1,999' }] }),
        row(600),
        'not an object',
        row(604, { prices: [{ regular_price: 1 }] }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 1, created: 1, updated: 0, unchanged: 0 });
    expect(res.body.rejected).toEqual([
      {
        index: 1,
        code: 'abc',
        errors: {
          code: 'O código da mercadoria (EAN) deve ter apenas números, até 14 dígitos.',
          description: 'Digite a descricao da mercadoria',
          pack: 'Informe a embalagem (quantidade).',
        },
      },
      { index: 2, code: row(601).code, errors: { 'prices.0.store_reference_code': 'Loja não encontrada.' } },
      { index: 3, code: row(602).code, errors: { category_reference_code: 'Categoria não encontrada.' } },
      {
        index: 4,
        code: row(603).code,
        errors: { 'prices.0.regular_price': 'O preço regular deve ser um número com até 2 casas decimais.' },
      },
      { index: 5, code: row(600).code, errors: { code: 'Código repetido nesta requisição (item 0).' } },
      { index: 6, code: null, errors: expect.objectContaining({}) },
      {
        index: 7,
        code: row(604).code,
        errors: { 'prices.0.store_reference_code': 'Informe a loja (store_reference_code ou id_store).' },
      },
    ]);
    expect(await countersFor(t.tenant).total('product')).toBe(before + 1);
  });

  it('stays exact when the same new rows arrive in concurrent requests', async () => {
    const x = await createTestTenant('ci');
    const key = await integrationToken(x);
    const rows = Array.from({ length: 60 }, (_, i) => row(700 + i));
    const results = await Promise.all([1, 2, 3].map(() => post({ products: rows }, key, x.tenant)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.rejected).toEqual([]);
      expect(r.body.accepted).toBe(60);
    }
    // Every row was created once (a racing request may also report a row it completed as created).
    expect(results.reduce((s, r) => s + r.body.created, 0)).toBeGreaterThanOrEqual(60);
    expect(await countersFor(x.tenant).total('product')).toBe(60);
    const list = await api(x).get('/api/web/products', { per_page: 100 });
    expect(list.body.data).toHaveLength(60);
  });

  it('completes a product left behind its EAN marker by an interrupted import, without counting it twice', async () => {
    const x = await createTestTenant('ci');
    const key = await integrationToken(x);
    const code = row(900).code;
    // State after a crash between the marker transaction and the product write.
    await UniqueEntity.create({ tenant: x.tenant, scope: 'product-ean', value: code, ownerId: 77 }).go();
    await countersFor(x.tenant).add('product', 1);
    const res = await post({ products: [row(900)] }, key, x.tenant);
    expect(res.body).toMatchObject({ accepted: 1, created: 1, rejected: [] });
    expect((await api(x).get('/api/web/product/find', { code })).body).toMatchObject({ id: 77, code });
    expect(await countersFor(x.tenant).total('product')).toBe(1);
    expect((await post({ products: [row(900)] }, key, x.tenant)).body.unchanged).toBe(1);
  });

  it('needs the tenant’s integration token and refuses oversized batches', async () => {
    expect(
      (
        await call(catalog, {
          method: 'POST',
          path: '/api/integration/products',
          body: { products: [row(1)] },
          tenant: t.tenant,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(catalog, {
          method: 'POST',
          path: '/api/integration/products',
          body: { products: [row(1)] },
          tenant: t.tenant,
          token: t.adminToken,
        })
      ).status,
    ).toBe(401);
    expect((await post({ products: [row(1)] }, token, other.tenant)).status).toBe(401);
    const big = await post({ products: Array.from({ length: 1001 }, (_, i) => row(i)) });
    expect(big.status).toBe(400);
    expect(big.body.errors.products).toBe('No máximo 1000 mercadorias por requisição.');
    const empty = await post({});
    expect(empty.status).toBe(400);
  });
});
