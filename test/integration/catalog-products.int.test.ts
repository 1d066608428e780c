import { beforeAll, describe, expect, it } from 'vitest';
import { ProductEntity } from '@freguesia/functions/catalog/entities';
import { backfillProductSearch } from '@freguesia/functions/catalog/products.service';
import { systemContext } from '@freguesia/functions/lib/context';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createCategory, createProduct, ean13, type Row } from './catalog-fixtures';

describe('catalog: products', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cp'), createTestTenant('cp')]);
    await createCategory(a, 'MERC', 'Mercearia');
  });

  it('creates a product and answers it with id, category and timestamps', async () => {
    const res = await api(a).post('/api/web/product/new', {
      code: '7896005800010',
      reference_code: 'SKU-ARZ-5',
      description: 'Arroz Agulhinha Tipo 1 5kg',
      pack: 1,
      weighable: 'N',
      active: 'Y',
      url: 'https://cdn.example/arroz.png',
      fast_orders: 'N',
      group_code: 'ARROZ',
      category: { reference_code: 'MERC' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      code: '7896005800010',
      reference_code: 'SKU-ARZ-5',
      description: 'Arroz Agulhinha Tipo 1 5kg',
      pack: 1,
      weighable: 'N',
      active: 'Y',
      group_code: 'ARROZ',
      category: { reference_code: 'MERC', description: 'Mercearia' },
      stock: 0,
      stores_with_stock: [],
      regular_price: null,
    });
    expect(res.body.id).toBeGreaterThan(0);
    const found = await api(a).get('/api/web/product/find', { code: '7896005800010' });
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(res.body.id);
  });

  it('validates with the spec messages', async () => {
    const res = await api(a).post('/api/web/product/new', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.code).toBe('Digite o codigo da mercadoria');
    expect(res.body.errors.description).toBe('Digite a descricao da mercadoria');
    expect(res.body.errors.pack).toBeDefined();
    const blank = await api(a).post('/api/web/product/new', { code: '  ', description: ' ', pack: 1 });
    expect(blank.body.errors).toMatchObject({
      code: 'Digite o codigo da mercadoria',
      description: 'Digite a descricao da mercadoria',
    });
    const unknownCategory = await api(a).post('/api/web/product/new', {
      code: '7890000000017',
      description: 'X',
      pack: 1,
      category: { reference_code: 'NOPE' },
    });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.errors['category.reference_code']).toBe('Categoria não encontrada.');
  });

  it('keeps the EAN unique per tenant, also under concurrent creates', async () => {
    const code = ean13('789100020001');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(a).post('/api/web/product/new', { code, description: `Feijão Carioca ${i}`, pack: 1 }),
      ),
    );
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    const conflicts = attempts.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(7);
    expect(conflicts[0]!.body.message).toBe('Já existe uma mercadoria com este código (EAN).');
    // The same EAN is free in another tenant.
    expect((await api(b).post('/api/web/product/new', { code, description: 'Feijão', pack: 1 })).status).toBe(
      200,
    );
  });

  it('keeps the total counter exact: the list total counts each product once', async () => {
    const t = await createTestTenant('cp');
    await Promise.all(
      [1, 2, 3].map((i) => createProduct(t, { code: ean13(`78910003000${i}`), description: `Produto ${i}` })),
    );
    await api(t).post('/api/web/product/new', {
      code: ean13('789100030001'),
      description: 'Repetido',
      pack: 1,
    });
    const list = await api(t).get('/api/web/products');
    expect(list.body.pagination.total).toBe(3);
    expect(await countersFor(t.tenant).total('product')).toBe(3);
  });

  it('edits a product, moving its EAN; the old EAN becomes free', async () => {
    const p = await createProduct(a, { code: ean13('789100040001'), description: 'Óleo de Soja 900ml' });
    const other = await createProduct(a, { code: ean13('789100040002'), description: 'Azeite 500ml' });
    const taken = await api(a).put('/api/web/product/update', { ...p, code: other.code, category: null });
    expect(taken.status).toBe(409);
    const res = await api(a).put('/api/web/product/update', {
      ...p,
      code: ean13('789100040003'),
      description: 'Óleo de Soja Liza 900ml',
      category: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      code: ean13('789100040003'),
      description: 'Óleo de Soja Liza 900ml',
    });
    expect((await api(a).get('/api/web/product/find', { code: p.code })).status).toBe(404);
    const reuse = await api(a).post('/api/web/product/new', {
      code: p.code,
      description: 'Reaproveita EAN',
      pack: 1,
    });
    expect(reuse.status).toBe(200);
    const missing = await api(a).put('/api/web/product/update', { ...p, id: 999999, category: null });
    expect(missing.status).toBe(404);
  });

  it('searches by description prefix ignoring accents and case, by EAN, SKU and group', async () => {
    const t = await createTestTenant('cp');
    const cafe = await createProduct(t, {
      code: ean13('789200000001'),
      description: 'Café Torrado Pilão 500g',
      reference_code: 'CAF-01',
      group_code: 'CAFES',
    });
    await createProduct(t, {
      code: ean13('789200000002'),
      description: 'Café Solúvel 100g',
      reference_code: 'CAF-02',
      group_code: 'CAFES',
    });
    await createProduct(t, {
      code: ean13('789200000003'),
      description: 'Cafeteira Elétrica',
      reference_code: 'ELE-01',
      group_code: 'ELETRO',
    });
    await createProduct(t, {
      code: ean13('789200000004'),
      description: 'Açúcar Refinado 1kg',
      reference_code: 'ACU-01',
      group_code: 'ACUCAR',
    });

    const prefix = await api(t).get('/api/web/products', { q: 'cafe', field: 'description' });
    expect(prefix.body.data.map((p: Row) => p.description)).toEqual([
      'Café Solúvel 100g',
      'Café Torrado Pilão 500g',
      'Cafeteira Elétrica',
    ]);
    expect(prefix.body.pagination).toMatchObject({ total: 3, page: 1, per_page: 50, last_page: 1 });
    const accents = await api(t).get('/api/web/products/search', { q: 'AÇUC' });
    expect(accents.body.data.map((p: Row) => p.description)).toEqual(['Açúcar Refinado 1kg']);
    // Any word of the description is searchable (issue 9), not only the start.
    const notAtStart = await api(t).get('/api/web/products/search', { q: 'Pilão' });
    expect(notAtStart.body.data.map((p: Row) => p.description)).toEqual(['Café Torrado Pilão 500g']);

    const byEan = await api(t).get('/api/web/products/search', { q: cafe.code });
    expect(byEan.body.data.map((p: Row) => p.id)).toEqual([cafe.id]);
    const bySku = await api(t).get('/api/web/products/search', { q: 'CAF-01' });
    expect(bySku.body.data.map((p: Row) => p.id)).toEqual([cafe.id]);
    const byGroup = await api(t).get('/api/web/products', { q: 'CAFES', field: 'group_code' });
    expect(byGroup.body.data).toHaveLength(2);
    const byCodePrefix = await api(t).get('/api/web/products', { q: '7892', field: 'code' });
    expect(byCodePrefix.body.pagination.total).toBe(4);
    const bySkuField = await api(t).get('/api/web/products', { q: 'ELE', field: 'reference_code' });
    expect(bySkuField.body.data.map((p: Row) => p.description)).toEqual(['Cafeteira Elétrica']);

    const paged = await api(t).get('/api/web/products', { per_page: 3, page: 2 });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ total: 4, page: 2, per_page: 3, last_page: 2 });
    const bad = await api(t).get('/api/web/products', { field: 'price', q: 'x' });
    expect(bad.status).toBe(400);
  });

  it('counts search matches exactly up to 200 and flags a lower bound beyond', async () => {
    const t = await createTestTenant('cp');
    const items = Array.from({ length: 230 }, (_, i) => ({
      tenant: t.tenant,
      id: i + 1,
      code: ean13(`7894${String(i).padStart(8, '0')}`),
      description: `Detergente Neutro ${i}`,
      descriptionKey: `DETERGENTE NEUTRO ${i}`,
      pack: 1,
      weighable: 'N' as const,
      active: 'Y' as const,
      fast_orders: 'N' as const,
    }));
    await ProductEntity.put(items).go({ concurrency: 4 });
    // Written behind the services' back: the backfill gives them their word index.
    expect(await backfillProductSearch(systemContext(t.tenant, 'test'))).toEqual({
      products: 230,
      skipped: 0,
    });
    const first = await api(t).get('/api/web/products/search', { q: 'detergente' });
    expect(first.body.pagination).toMatchObject({ total: 201, estimated: true, last_page: 5 });
    const fifth = await api(t).get('/api/web/products/search', { q: 'detergente', page: 5 });
    expect(fifth.body.data).toHaveLength(30);
    expect(fifth.body.pagination.estimated).toBeUndefined();
    expect(fifth.body.pagination.total).toBe(230);
    const narrow = await api(t).get('/api/web/products/search', { q: 'detergente neutro 22' });
    expect(narrow.body.pagination).toEqual({ total: 11, page: 1, per_page: 50, last_page: 1 });
  });

  it('answers 404 with the spec notice for an unknown EAN', async () => {
    const res = await api(a).get('/api/web/product/find', { code: '0000000000000' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Produto não cadastrado na plataforma');
  });

  it('hides one tenant’s products from another and refuses cross-tenant tokens', async () => {
    const p = await createProduct(a, { code: ean13('789300000001'), description: 'Exclusivo do A' });
    expect((await api(b).get('/api/web/product/find', { code: p.code })).status).toBe(404);
    expect((await api(b).get(`/api/web/product/${p.id}`)).status).toBe(404);
    expect((await api(b).get('/api/web/products/search', { q: 'Exclusivo' })).body.data).toEqual([]);
    const cross = await api(b, a.adminToken).get('/api/web/products');
    expect(cross.status).toBe(401);
  });

  it('requires read Products to list and write Products to create or edit', async () => {
    const none = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    const reader = await a.userWith([{ action: 'read', subject: 'Products' }]);
    for (const path of ['/api/web/products', '/api/web/products/search', '/api/web/product/find']) {
      expect((await api(a, none.token).get(path, { code: '1' })).status).toBe(403);
    }
    expect((await api(a, reader.token).get('/api/web/products')).status).toBe(200);
    const create = await api(a, reader.token).post('/api/web/product/new', {
      code: '7890000000024',
      description: 'X',
      pack: 1,
    });
    expect(create.status).toBe(403);
    const update = await api(a, reader.token).put('/api/web/product/update', {
      id: 1,
      code: '7890000000024',
      description: 'X',
      pack: 1,
    });
    expect(update.status).toBe(403);
  });
});
