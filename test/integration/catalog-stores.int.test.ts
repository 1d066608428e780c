import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStandIns, type StandIns } from '../support/stand-ins';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createStore, paulista, type Row } from './catalog-fixtures';

describe('catalog: stores', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cs'), createTestTenant('cs')]);
  });

  it('creates a store (id above 0) and lists it with the composed address', async () => {
    const res = await api(a).post('/api/web/store/new', {
      ...paulista,
      complement: 'Loja 2',
      url: 'https://cdn.example/loja.png',
      business_hours: { sunday: '08:00 às 13:00', monday: '07:00 às 22:00' },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      reference_code: String(res.body.id),
      zipcode: '01310100',
      state: 'SP',
      latitude: -23.5613,
    });
    const list = await api(a).get('/api/web/stores');
    expect(list.body).toContainEqual(
      expect.objectContaining({
        id: res.body.id,
        name: 'Loja Paulista',
        full_address: 'Avenida Paulista, 1000 Loja 2 - Bela Vista - São Paulo/SP',
        business_hours: expect.objectContaining({
          sunday: '08:00 às 13:00',
          monday: '07:00 às 22:00',
          saturday: '',
        }),
      }),
    );
    const one = await api(a).get(`/api/web/store/${res.body.id}`);
    expect(one.body.name).toBe('Loja Paulista');
  });

  it('validates with the spec messages (the zip code shares the name’s message)', async () => {
    const res = await api(a).post('/api/web/store/new', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: 'Digite o nome da loja',
      zipcode: 'Digite o nome da loja',
      address: 'Digite o endereço da loja',
    });
    const bad = await api(a).post('/api/web/store/new', {
      ...paulista,
      zipcode: '0131',
      state: 'XX',
      latitude: 200,
    });
    expect(bad.body.errors).toMatchObject({
      zipcode: 'CEP inválido: use o formato 00000-000.',
      state: 'Estado (UF) inválido.',
      latitude: 'Latitude inválida.',
    });
  });

  it('edits a store and keeps reference codes unique', async () => {
    const id = await createStore(a, { name: 'Loja Centro', reference_code: 'C01' });
    const other = await createStore(a, { name: 'Loja Norte', reference_code: 'N01' });
    const dup = await api(a).put('/api/web/store/update', {
      ...paulista,
      id: other,
      name: 'Loja Norte',
      reference_code: 'C01',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma loja com esta referência.');
    const res = await api(a).put('/api/web/store/update', {
      ...paulista,
      id,
      name: 'Loja Centro Novo',
      reference_code: 'C02',
      latitude: null,
      longitude: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Loja Centro Novo',
      reference_code: 'C02',
      latitude: null,
      longitude: null,
    });
    // The old reference is free again.
    expect((await api(a).post('/api/web/store/new', { ...paulista, reference_code: 'C01' })).status).toBe(
      200,
    );
    expect((await api(a).put('/api/web/store/update', { ...paulista, id: 99999 })).status).toBe(404);
  });

  it('shows a user without all stores only their own store', async () => {
    const mine = await createStore(a, { name: 'Minha Loja' });
    const user = await a.userWith(
      [
        { action: 'read', subject: 'Stores' },
        { action: 'write', subject: 'Stores' },
      ],
      { allStores: false, storeId: mine },
    );
    const list = await api(a, user.token).get('/api/web/stores');
    expect(list.body.map((s: Row) => s.id)).toEqual([mine]);
    const others = (await api(a).get('/api/web/stores')).body.filter((s: Row) => s.id !== mine);
    expect((await api(a, user.token).get(`/api/web/store/${others[0].id}`)).status).toBe(404);
    expect(
      (await api(a, user.token).put('/api/web/store/update', { ...paulista, id: others[0].id })).status,
    ).toBe(404);
  });

  it('keeps tenants apart and checks read/write Stores', async () => {
    const id = await createStore(a, { name: 'Só do A' });
    expect((await api(b).get('/api/web/stores')).body).toEqual([]);
    expect((await api(b).get(`/api/web/store/${id}`)).status).toBe(404);
    expect((await api(b, a.adminToken).get('/api/web/stores')).status).toBe(401);
    const reader = await a.userWith([{ action: 'read', subject: 'Stores' }]);
    const none = await a.userWith([{ action: 'read', subject: 'Products' }]);
    expect((await api(a, none.token).get('/api/web/stores')).status).toBe(403);
    expect((await api(a, reader.token).get('/api/web/stores')).status).toBe(200);
    expect((await api(a, reader.token).post('/api/web/store/new', paulista)).status).toBe(403);
    expect((await api(a, reader.token).put('/api/web/store/update', { ...paulista, id })).status).toBe(403);
  });
});

describe('catalog: postal code and geocoding through the stand-in services', () => {
  let t: TestTenant;
  let standIns: StandIns;
  beforeAll(async () => {
    standIns = await useStandIns();
    t = await createTestTenant('cg');
  });
  afterAll(async () => {
    await standIns.close();
  });

  it('looks a CEP up (with or without the dash) and sends a User-Agent', async () => {
    const res = await api(t).get('/api/web/cep/01310-100');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      zipcode: '01310100',
      address: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      ibge: '3550308',
    });
    expect((await api(t).get('/api/web/cep/20040020')).body).toMatchObject({
      city: 'Rio de Janeiro',
      state: 'RJ',
    });
    expect(standIns.requests.at(-1)!.userAgent).toMatch(/^Freguesia\//);
  });

  it('answers the spec notice for short or unknown CEPs and 502 when the service fails', async () => {
    const short = await api(t).get('/api/web/cep/0131');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Endereço não encontrado!');
    const unknown = await api(t).get('/api/web/cep/00000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Endereço não encontrado!');
    const down = await api(t).get('/api/web/cep/99999999');
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Não foi possível consultar o serviço de CEP. Tente novamente.');
  });

  it('geocodes an address and says so when nothing is found', async () => {
    const res = await api(t).get('/api/web/geocode', {
      address: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lat: -23.5613,
      lon: -46.6565,
      place_id: 1001,
      display_name: 'Avenida Paulista, Bela Vista, São Paulo, SP, Brasil',
    });
    const none = await api(t).get('/api/web/geocode', {
      address: 'Rua Inexistente',
      city: 'Lugar Nenhum',
      state: 'SP',
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(
      'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.',
    );
    const missing = await api(t).get('/api/web/geocode', { address: 'Avenida Paulista' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ city: 'Informe a cidade.', state: 'Informe o estado (UF).' });
  });

  it('needs a signed-in staff user of the tenant', async () => {
    const other = await createTestTenant('cg');
    expect((await api(other, t.adminToken).get('/api/web/cep/01310100')).status).toBe(401);
    const anyone = await t.userWith([]);
    expect((await api(t, anyone.token).get('/api/web/cep/01310100')).status).toBe(200);
  });
});
