import { beforeAll, describe, expect, it } from 'vitest';
import { ProductEntity } from '@freguesia/functions/catalog/entities';
import { backfillProductSearch, searchProducts } from '@freguesia/functions/catalog/products.service';
import { systemContext } from '@freguesia/functions/lib/context';
import { documentClient } from '@freguesia/functions/lib/ddb/client';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { api, catalog, createProduct, ean13, integrationToken, type Row } from './catalog-fixtures';
import { call } from '../support/api';

/** Product descriptions searchable by the prefix of any word (issue 9), from the word index only. */
describe('catalog: word search on product descriptions', () => {
  let t: TestTenant;
  const search = async (q: string, extra: Record<string, string | number> = {}) => {
    const res = await api(t).get('/api/web/products/search', { q, ...extra });
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((p: Row) => p.description) as string[];
  };

  beforeAll(async () => {
    t = await createTestTenant('cw');
    const descriptions = [
      'ARROZ CAMIL TIPO 1 5KG',
      'Feijão Preto Camil 1kg',
      'Camil',
      'Camilo Biscoito Maisena',
      'Arroz Tio João 5kg',
      'Açúcar União Refinado 1kg',
    ];
    for (const [i, description] of descriptions.entries())
      await createProduct(t, { code: ean13(`78980000${String(i).padStart(4, '0')}`), description });
  });

  it('finds the prefix of any word, ignoring case and accents, and narrows with more words', async () => {
    expect(await search('Camil')).toEqual([
      'Camil',
      'Camilo Biscoito Maisena',
      'ARROZ CAMIL TIPO 1 5KG',
      'Feijão Preto Camil 1kg',
    ]);
    expect(await search('feijao')).toEqual(['Feijão Preto Camil 1kg']);
    expect(await search('UNIÃO')).toEqual(['Açúcar União Refinado 1kg']);
    expect(await search('arroz camil')).toEqual(['ARROZ CAMIL TIPO 1 5KG']);
    expect(await search('camil arroz')).toEqual(['ARROZ CAMIL TIPO 1 5KG']);
    expect(await search('jo arr')).toEqual(['Arroz Tio João 5kg']);
    expect(await search('camil azeite')).toEqual([]);
    const field = await api(t).get('/api/web/products', { q: 'refin', field: 'description' });
    expect(field.body.data.map((p: Row) => p.description)).toEqual(['Açúcar União Refinado 1kg']);
    expect(field.body.pagination).toMatchObject({ total: 1, last_page: 1 });
  });

  it('ranks the exact text, then the query at the start, then whole words above prefixes', async () => {
    // 'Camil' is the whole text; 'Camilo…' starts with it; the others hold the whole word CAMIL.
    const ranked = await search('camil');
    expect(ranked[0]).toBe('Camil');
    expect(ranked.slice(2)).toEqual(['ARROZ CAMIL TIPO 1 5KG', 'Feijão Preto Camil 1kg']);
  });

  it('keeps the index in step with edits: an old word stops matching, a new one matches', async () => {
    const p = await createProduct(t, { code: ean13('789800001001'), description: 'Sabão em Pó Omo 1kg' });
    const res = await api(t).put('/api/web/product/update', {
      ...p,
      description: 'Lava Roupas Brilhante 1kg',
      category: null,
    });
    expect(res.status).toBe(200);
    expect(await search('omo')).toEqual([]);
    expect(await search('brilh')).toEqual(['Lava Roupas Brilhante 1kg']);
    expect(await search('1kg lava')).toEqual(['Lava Roupas Brilhante 1kg']);
  });

  it('indexes ERP imports and, through the backfill, products written before word search', async () => {
    const x = await createTestTenant('cw');
    const key = await integrationToken(x);
    const imported = await call(catalog, {
      method: 'POST',
      path: '/api/integration/products',
      tenant: x.tenant,
      headers: { 'x-api-key': key },
      body: {
        products: [{ code: ean13('789800002001'), description: 'Macarrão Penne Renata 500g', pack: 1 }],
      },
    });
    expect(imported.body.created).toBe(1);
    await ProductEntity.put({
      tenant: x.tenant,
      id: 500,
      code: ean13('789800002002'),
      description: 'Molho de Tomate Pomarola 340g',
      descriptionKey: 'MOLHO DE TOMATE POMAROLA 340G',
      pack: 1,
      weighable: 'N',
      active: 'Y',
      fast_orders: 'N',
    }).go();
    const find = async (q: string) =>
      (await api(x).get('/api/web/products/search', { q })).body.data.map((p: Row) => p.id);
    expect(await find('renata')).toHaveLength(1);
    expect(await find('pomarola')).toEqual([]);
    expect(await backfillProductSearch(systemContext(x.tenant, 'test'))).toEqual({ products: 2, skipped: 0 });
    expect(await find('pomarola')).toEqual([500]);
    expect(await backfillProductSearch(systemContext(x.tenant, 'test'))).toEqual({ products: 2, skipped: 0 });
    expect(await find('tomate molho')).toEqual([500]);
  });

  it('keeps exact EAN and SKU lookups', async () => {
    const p = await createProduct(t, {
      code: ean13('789800003001'),
      description: 'Detergente Ypê 500ml',
      reference_code: 'YPE-500',
    });
    expect(
      (await api(t).get('/api/web/products/search', { q: p.code })).body.data.map((r: Row) => r.id),
    ).toEqual([p.id]);
    expect(
      (await api(t).get('/api/web/products/search', { q: 'YPE-500' })).body.data.map((r: Row) => r.id),
    ).toEqual([p.id]);
  });

  it('costs a bounded number of DynamoDB requests: one Query per looked-up word and one BatchGet', async () => {
    let requests = 0;
    const name = `count-${Math.random()}`;
    documentClient.middlewareStack.add(
      (next) => async (args) => {
        requests++;
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const ctx = staffContext(t);
      for (const [q, most] of [
        ['camil', 2],
        ['arroz camil', 3],
        ['arroz camil tipo 1 5kg branco', 4],
      ] as const) {
        requests = 0;
        await searchProducts(ctx, { q, field: 'description', page: 1, per_page: 50 });
        expect(requests, q).toBeLessThanOrEqual(most);
      }
    } finally {
      documentClient.middlewareStack.remove(name);
    }
  });
});
