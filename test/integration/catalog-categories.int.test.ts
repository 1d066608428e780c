import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createCategory, type Row } from './catalog-fixtures';

describe('catalog: categories', () => {
  let a: TestTenant;
  let b: TestTenant;
  let mercearia: number;
  let graos: number;
  let arroz: number;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cc'), createTestTenant('cc')]);
    mercearia = await createCategory(a, '1', 'Mercearia');
    graos = await createCategory(a, '101', 'Grãos', mercearia);
    arroz = await createCategory(a, '10101', 'Arroz', graos);
    await createCategory(a, '10102', 'Feijão', graos);
    await createCategory(a, '2', 'Bebidas');
  });

  it('computes the level from the parent and answers the created category', async () => {
    const res = await api(a).post('/api/web/category/new', {
      description: 'Massas',
      reference_code: '102',
      level_up: mercearia,
      active: 'Y',
      show_app: 'N',
      image: 'massas.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      level: 2,
      level_up: mercearia,
      reference_code: '102',
      description: 'Massas',
      active: 'Y',
      show_app: 'N',
      image: 'massas.png',
    });
    const root = await api(a).get(`/api/web/category/${mercearia}`);
    expect(root.body).toMatchObject({ level: 1, level_up: 0, active: 'Y', show_app: 'Y' });
  });

  it('allows at most three levels and refuses an unknown parent', async () => {
    const deep = await api(a).post('/api/web/category/new', {
      description: 'Arroz Integral',
      reference_code: '1010101',
      level_up: arroz,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.errors.level_up).toBe('As categorias têm no máximo 3 níveis.');
    const orphan = await api(a).post('/api/web/category/new', {
      description: 'Sem pai',
      reference_code: 'X1',
      level_up: 99999,
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors.level_up).toBe('Categoria pai não encontrada.');
  });

  it('validates the description with the spec message and keeps references unique', async () => {
    const res = await api(a).post('/api/web/category/new', { reference_code: '9' });
    expect(res.status).toBe(400);
    expect(res.body.errors.description).toBe('Digite a descrição da mercadoria');
    const dup = await Promise.all(
      [1, 2, 3].map(() =>
        api(a).post('/api/web/category/new', { description: 'Limpeza', reference_code: '3' }),
      ),
    );
    expect(dup.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(dup.find((r) => r.status === 409)!.body.message).toBe(
      'Já existe uma categoria com esta referência.',
    );
    // Another tenant may use the same reference.
    expect(
      (await api(b).post('/api/web/category/new', { description: 'Limpeza', reference_code: '3' })).status,
    ).toBe(200);
  });

  it('lists with pagination.total, a cascader tree and the parents chain', async () => {
    const t = await createTestTenant('cc');
    const m = await createCategory(t, '1', 'Mercearia');
    const g = await createCategory(t, '101', 'Grãos', m);
    const r = await createCategory(t, '10101', 'Arroz', g);
    const f = await createCategory(t, '10102', 'Feijão', g);
    const bev = await createCategory(t, '2', 'Bebidas');
    const page = await api(t).get('/api/web/categories', { per_page: 2, page: 2 });
    expect(page.body.data.map((c: Row) => c.description)).toEqual(['Arroz', 'Feijão']);
    expect(page.body.pagination).toMatchObject({ total: 5, page: 2, per_page: 2, last_page: 3 });
    const filtered = await api(t).get('/api/web/categories', { q: 'graos' });
    expect(filtered.body.data.map((c: Row) => c.id)).toEqual([g]);
    const tree = await api(t).get('/api/web/categories/cascader');
    expect(tree.body).toEqual([
      { value: bev, label: 'Bebidas' },
      {
        value: m,
        label: 'Mercearia',
        children: [
          {
            value: g,
            label: 'Grãos',
            children: [
              { value: r, label: 'Arroz' },
              { value: f, label: 'Feijão' },
            ],
          },
        ],
      },
    ]);
    const parents = await api(t).get('/api/web/categories/parents', { id: r });
    expect(parents.body.map((c: Row) => c.id)).toEqual([m, g, r]);
    expect((await api(t).get('/api/web/categories/parents', { id: 999 })).status).toBe(404);
  });

  it('updates the app fields', async () => {
    const res = await api(a).put('/api/web/category/update', {
      id: graos,
      app_description: 'Grãos e cereais',
      show_app: 'N',
      icon: '0xf0f5',
      ordenation: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: graos,
      app_description: 'Grãos e cereais',
      show_app: 'N',
      icon: '0xf0f5',
      ordenation: 3,
      description: 'Grãos',
    });
    expect((await api(a).put('/api/web/category/update', { id: 999999, icon: 'x' })).status).toBe(404);
  });

  it('keeps tenants apart and checks read/write Products', async () => {
    const list = await api(b).get('/api/web/categories');
    expect(list.body.data.map((c: Row) => c.description)).toEqual(['Limpeza']);
    // Ids are per tenant: b has only its category 1, so a's category 2 does not exist there.
    expect((await api(b).get(`/api/web/category/${graos}`)).status).toBe(404);
    expect((await api(b).put('/api/web/category/update', { id: graos, icon: 'x' })).status).toBe(404);
    expect((await api(b, a.adminToken).get('/api/web/categories')).status).toBe(401);
    const reader = await a.userWith([{ action: 'read', subject: 'Products' }]);
    const none = await a.userWith([{ action: 'read', subject: 'Mobile' }]);
    // Mobile's 'Categorias' (part 3 §6) lists them; the rest of the catalogue stays with Products.
    expect((await api(a, none.token).get('/api/web/categories')).status).toBe(200);
    expect((await api(a, none.token).put('/api/web/category/update', { id: graos, icon: 'x' })).status).toBe(
      403,
    );
    const mobileWriter = await a.userWith([
      { action: 'read', subject: 'Mobile' },
      { action: 'write', subject: 'Mobile' },
    ]);
    expect(
      (await api(a, mobileWriter.token).put('/api/web/category/update', { id: graos, show_app: 'N' })).status,
    ).toBe(200);
    expect(
      (
        await api(a, mobileWriter.token).post('/api/web/category/new', {
          description: 'X',
          reference_code: 'X',
        })
      ).status,
    ).toBe(403);
    expect((await api(a, none.token).get('/api/web/categories/cascader')).status).toBe(403);
    expect((await api(a, reader.token).get('/api/web/categories/cascader')).status).toBe(200);
    expect(
      (await api(a, reader.token).post('/api/web/category/new', { description: 'X', reference_code: 'X' }))
        .status,
    ).toBe(403);
    expect(
      (await api(a, reader.token).put('/api/web/category/update', { id: graos, icon: 'x' })).status,
    ).toBe(403);
  });
});
