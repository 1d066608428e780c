import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, type Row } from './catalog-fixtures';

describe('catalog: payment methods', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cm'), createTestTenant('cm')]);
    for (const [description, visible, max_installments, has_change] of [
      ['Dinheiro', true, 1, true],
      ['Cartão de Crédito', true, 12, false],
      ['Crediário [ pos ]', false, 10, false],
    ] as const) {
      const res = await api(a).post('/api/web/payments', {
        description,
        visible,
        max_installments,
        has_change,
      });
      if (res.status !== 200) throw new Error(res.text);
    }
  });

  it('lists with q, visible and paging (20 per page by default)', async () => {
    const all = await api(a).get('/api/web/payments');
    expect(all.body.pagination).toMatchObject({ total: 3, per_page: 20 });
    expect(all.body.data.map((p: Row) => p.description)).toEqual([
      'Cartão de Crédito',
      'Crediário [ pos ]',
      'Dinheiro',
    ]);
    expect(all.body.data[0]).toMatchObject({
      id: expect.any(Number),
      visible: true,
      max_installments: 12,
      has_change: false,
      created_at: expect.any(String),
    });
    const visible = await api(a).get('/api/web/payments', { visible: 'true' });
    expect(visible.body.data.map((p: Row) => p.description)).toEqual(['Cartão de Crédito', 'Dinheiro']);
    const q = await api(a).get('/api/web/payments', { q: 'cred', visible: 'false' });
    expect(q.body.data.map((p: Row) => p.description)).toEqual(['Crediário [ pos ]']);
  });

  it('validates description and installments (1 to 72) in Portuguese', async () => {
    const res = await api(a).post('/api/web/payments', { max_installments: 73 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      description: 'Digite a descrição da forma de pagamento',
      max_installments: 'O número máximo de parcelas deve estar entre 1 e 72.',
    });
    expect(
      (await api(a).post('/api/web/payments', { description: 'PIX', max_installments: 0 })).body.errors
        .max_installments,
    ).toBe('O número máximo de parcelas deve estar entre 1 e 72.');
  });

  it('edits a method by id', async () => {
    const created = await api(a).post('/api/web/payments', {
      description: 'PIX',
      visible: true,
      max_installments: 1,
      has_change: false,
    });
    const res = await api(a).put(`/api/web/payments/${created.body.id}`, {
      description: 'Pix',
      visible: false,
      max_installments: 1,
      has_change: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, description: 'Pix', visible: false });
    expect((await api(a).put('/api/web/payments/99999', { description: 'X' })).status).toBe(404);
  });

  it('keeps tenants apart and checks read/write Payments', async () => {
    expect((await api(b).get('/api/web/payments')).body.pagination.total).toBe(0);
    expect((await api(b).put('/api/web/payments/1', { description: 'Roubo' })).status).toBe(404);
    expect((await api(b, a.adminToken).get('/api/web/payments')).status).toBe(401);
    const reader = await a.userWith([{ action: 'read', subject: 'Payments' }]);
    const none = await a.userWith([{ action: 'read', subject: 'Sell' }]);
    expect((await api(a, none.token).get('/api/web/payments')).status).toBe(403);
    expect((await api(a, reader.token).get('/api/web/payments')).status).toBe(200);
    expect((await api(a, reader.token).post('/api/web/payments', { description: 'X' })).status).toBe(403);
    expect((await api(a, reader.token).put('/api/web/payments/1', { description: 'X' })).status).toBe(403);
  });
});

describe('catalog: brands and partners', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cb'), createTestTenant('cb')]);
    for (const [reference_code, description] of [
      ['NES', 'Nestlé'],
      ['YPE', 'Ypê'],
      ['NAT', 'Natura'],
    ]) {
      await api(a).post('/api/web/brand/new', { reference_code, description });
    }
    await api(a).post('/api/web/partner/new', {
      reference_code: 'F001',
      name: 'Distribuidora Alimentos Brasil Ltda',
      document: '11.222.333/0001-81',
    });
    await api(a).post('/api/web/partner/new', {
      reference_code: 'F002',
      name: 'Atacado São Jorge',
      document: '',
    });
  });

  it('lists, searches and pages brands', async () => {
    const list = await api(a).get('/api/web/brands', { per_page: 2 });
    expect(list.body.data.map((x: Row) => x.description)).toEqual(['Natura', 'Nestlé']);
    expect(list.body.pagination).toMatchObject({ total: 3, last_page: 2 });
    expect(
      (await api(a).get('/api/web/brands', { q: 'nes', field: 'reference_code' })).body.data.map(
        (x: Row) => x.reference_code,
      ),
    ).toEqual(['NES']);
    expect(
      (await api(a).get('/api/web/brands', { q: 'ype', field: 'description' })).body.data.map(
        (x: Row) => x.description,
      ),
    ).toEqual(['Ypê']);
    expect((await api(a).get('/api/web/brands/full')).body).toHaveLength(3);
    const search = await api(a).get('/api/web/brand/search', { q: 'na' });
    expect(search.body.map((x: Row) => x.description)).toEqual(['Natura']);
  });

  it('creates and edits brands with unique references', async () => {
    const dup = await api(a).post('/api/web/brand/new', { reference_code: 'NES', description: 'Outra' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma marca com esta referência.');
    const missing = await api(a).post('/api/web/brand/new', {});
    expect(missing.body.errors).toEqual({
      reference_code: 'Digite o código da marca',
      description: 'Digite a descrição da marca',
    });
    const created = await api(a).post('/api/web/brand/new', { reference_code: 'OMO', description: 'Omo' });
    const edited = await api(a).put('/api/web/brand/update', {
      id: created.body.id,
      reference_code: 'OMO2',
      description: 'Omo Lavagem',
    });
    expect(edited.body).toMatchObject({
      id: created.body.id,
      reference_code: 'OMO2',
      description: 'Omo Lavagem',
    });
    expect(
      (await api(a).post('/api/web/brand/new', { reference_code: 'OMO', description: 'Omo de novo' })).status,
    ).toBe(200);
    expect(
      (
        await api(a).put('/api/web/brand/update', {
          id: created.body.id,
          reference_code: 'YPE',
          description: 'x',
        })
      ).status,
    ).toBe(409);
  });

  it('lists, searches and edits partners; CNPJ is validated', async () => {
    const list = await api(a).get('/api/web/partners');
    expect(list.body.data.map((x: Row) => x.name)).toEqual([
      'Atacado São Jorge',
      'Distribuidora Alimentos Brasil Ltda',
    ]);
    expect(list.body.data[1].document).toBe('11222333000181');
    expect(
      (await api(a).get('/api/web/partners', { q: '11222333', field: 'document' })).body.data,
    ).toHaveLength(1);
    expect(
      (await api(a).get('/api/web/partner/search', { q: 'sao jorge' })).body.map(
        (x: Row) => x.reference_code,
      ),
    ).toEqual(['F002']);
    const bad = await api(a).post('/api/web/partner/new', {
      reference_code: 'F003',
      name: 'X',
      document: '11.222.333/0001-00',
    });
    expect(bad.body.errors.document).toBe('CNPJ inválido.');
    expect((await api(a).post('/api/web/partner/new', { reference_code: 'F001', name: 'Y' })).status).toBe(
      409,
    );
    const id = list.body.data[0].id;
    const edited = await api(a).put('/api/web/partner/update', {
      id,
      reference_code: 'F002',
      name: 'Atacado São Jorge S/A',
      document: '11222333000181',
    });
    expect(edited.body).toMatchObject({ id, name: 'Atacado São Jorge S/A', document: '11222333000181' });
  });

  it('keeps tenants apart and checks read/write Products', async () => {
    expect((await api(b).get('/api/web/brands/full')).body).toEqual([]);
    expect((await api(b).get('/api/web/partner/search', { q: 'a' })).body).toEqual([]);
    expect(
      (await api(b).put('/api/web/brand/update', { id: 1, reference_code: 'Z', description: 'Z' })).status,
    ).toBe(404);
    expect((await api(b, a.adminToken).get('/api/web/brands')).status).toBe(401);
    const reader = await a.userWith([{ action: 'read', subject: 'Products' }]);
    const none = await a.userWith([{ action: 'read', subject: 'Leads' }]);
    for (const path of [
      '/api/web/brands',
      '/api/web/brands/full',
      '/api/web/brand/search',
      '/api/web/partners',
      '/api/web/partner/search',
    ]) {
      expect((await api(a, none.token).get(path)).status, path).toBe(403);
      expect((await api(a, reader.token).get(path)).status, path).toBe(200);
    }
    expect(
      (await api(a, reader.token).post('/api/web/brand/new', { reference_code: 'R', description: 'R' }))
        .status,
    ).toBe(403);
    expect(
      (await api(a, reader.token).post('/api/web/partner/new', { reference_code: 'R', name: 'R' })).status,
    ).toBe(403);
    expect(
      (await api(a, reader.token).put('/api/web/partner/update', { id: 1, reference_code: 'R', name: 'R' }))
        .status,
    ).toBe(403);
  });
});
