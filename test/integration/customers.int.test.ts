import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '@freguesia/functions/customers/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore, randomCnpj, randomCpf, staffCustomer } from './customers-fixtures';

const READ = { action: 'read', subject: 'Customers' } as const;
const WRITE = { action: 'write', subject: 'Customers' } as const;

describe('staff customer registry', () => {
  let a: TestTenant;
  let b: TestTenant;
  const as = (t: TestTenant, req: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...req });
  const create = (t: TestTenant, body: Record<string, unknown>) =>
    as(t, { method: 'POST', path: '/api/web/customer/new', body });

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('cus'), createTestTenant('cus')]);
  });

  it('creates a customer and shows it on the details page', async () => {
    const body = staffCustomer({ password: 'segredo123' });
    const res = await create(a, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), message: 'Cliente incluido com sucesso' });

    const details = await as(a, { path: `/api/web/customer/${res.body.id}` });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: res.body.id,
      type: 'F',
      document: body.document,
      fullname: 'MARIA JOSÉ DA CONCEIÇÃO',
      email: 'maria.jose@example.com',
      cellphone: '11987654321',
      telephone: '1133334444',
      zipcode: '01310100',
      channel: 'Plataforma',
      active: 'Y',
      timer: 'A',
      tags: ['Vinhos'],
      contacts: [{ name: 'João', email: 'joao@example.com', cellphone: '11912345678', type: 'Familiar' }],
      average_basket: 0,
      dt_last_basket: null,
      has_password: true,
      integrations: [],
    });
    expect(details.body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(details.body)).not.toContain('argon2');
    const types = details.body.events.map((e: { type: string }) => e.type);
    expect(types).toContain('created');
    expect(types.filter((t: string) => t === 'consent')).toHaveLength(5);
    const created = details.body.events.find((e: { type: string }) => e.type === 'created');
    expect(created).toMatchObject({ channel: 'Plataforma', user_id: a.adminId });
  });

  it('answers every required-field message of the spec', async () => {
    const res = await create(a, {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      type: 'Escolha o tipo do cliente',
      document: 'Digite o CPF do cliente',
      fullname: 'Digite o nome do cliente',
      gender: 'Escolha o Sexo do cliente',
      zipcode: 'Digite o CEP',
      address: 'Digite o Endereco',
      neighborhood: 'Digite o Bairro',
      state: 'Escolha o estado',
      city: 'Escolha a cidade',
    });
  });

  it('refuses an invalid document, or one of the other type', async () => {
    for (const document of ['123.456.789-00', '111.111.111-11', randomCnpj()]) {
      const res = await create(a, staffCustomer({ document }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Documento Invalido, verifique novamente.');
    }
    const company = await create(
      a,
      staffCustomer({ type: 'J', document: randomCnpj(), fullname: 'Mercado Bom Preço Ltda' }),
    );
    expect(company.status).toBe(200);
  });

  it('zero-pads the document and finds it through the existence check', async () => {
    const res = await create(a, staffCustomer({ document: '191' }));
    expect(res.status).toBe(200);
    const exists = await as(a, { path: '/api/web/customer/exists/000.000.001-91' });
    expect(exists.body).toEqual({ id: res.body.id });
    expect((await as(a, { path: `/api/web/customer/${res.body.id}` })).body.document).toBe('00000000191');
    expect((await as(a, { path: `/api/web/customer/exists/${randomCpf()}` })).body).toEqual({ id: 0 });
  });

  it('keeps the document unique per tenant, also under concurrent creation', async () => {
    const document = randomCpf();
    const first = await create(a, staffCustomer({ document }));
    const again = await create(a, staffCustomer({ document, fullname: 'Outra Pessoa' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Atencao: Este cliente ja possui cadastro, redirecionando para edicao dos dados',
      id: first.body.id,
    });

    const racing = randomCpf();
    const results = await Promise.all([1, 2, 3].map(() => create(a, staffCustomer({ document: racing }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // Another tenant may hold the same document.
    expect((await create(b, staffCustomer({ document }))).status).toBe(200);
  });

  it('searches by document, accent-insensitive name prefix, e-mail and either phone', async () => {
    const t = await createTestTenant('cus');
    const doc = randomCpf();
    const ana = await create(
      t,
      staffCustomer({
        document: doc,
        fullname: 'Ána Lúcia Souza',
        email: 'ana.lucia@loja.com',
        cellphone: '21999990001',
        telephone: '2133330001',
      }),
    );
    await create(
      t,
      staffCustomer({
        fullname: 'Anabela Castro',
        email: 'anabela@loja.com',
        cellphone: '21999990002',
        telephone: null,
      }),
    );
    await create(
      t,
      staffCustomer({
        fullname: 'Bruno Lima',
        email: 'bruno@loja.com',
        cellphone: '21999990003',
        telephone: null,
      }),
    );
    const search = (query: Record<string, string>) => as(t, { path: '/api/web/customers', query });

    const byDoc = await search({ q: doc.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') });
    expect(byDoc.body.data.map((c: { id: number }) => c.id)).toEqual([ana.body.id]);
    expect(byDoc.body.data[0]).toEqual({
      id: ana.body.id,
      fullname: 'ÁNA LÚCIA SOUZA',
      document: doc,
      email: 'ana.lucia@loja.com',
      cellphone: '21999990001',
      city: 'SÃO PAULO',
      state: 'SP',
      channel: 'Plataforma',
      created_at: expect.any(String),
      active: 'Y',
    });

    const byName = await search({ q: 'ana' });
    expect(byName.body.data.map((c: { fullname: string }) => c.fullname)).toEqual([
      'ÁNA LÚCIA SOUZA',
      'ANABELA CASTRO',
    ]);
    expect(byName.body.pagination).toMatchObject({ total: 2, page: 1, per_page: 10, last_page: 1 });
    expect((await search({ q: 'ana luc' })).body.data).toHaveLength(1);
    expect((await search({ q: 'ANA LÚCIA', field: 'fullname' })).body.data).toHaveLength(1);

    expect((await search({ q: 'ANABELA@' })).body.data.map((c: { fullname: string }) => c.fullname)).toEqual([
      'ANABELA CASTRO',
    ]);
    expect((await search({ q: 'bruno', field: 'email' })).body.data).toHaveLength(1);

    expect(
      (await search({ q: '(21) 9.9999-0003' })).body.data.map((c: { fullname: string }) => c.fullname),
    ).toEqual(['BRUNO LIMA']);
    expect((await search({ q: '2133330001' })).body.data.map((c: { id: number }) => c.id)).toEqual([
      ana.body.id,
    ]);
    expect((await search({ q: '2199999', field: 'cellphone' })).body.pagination.total).toBe(3);

    expect((await search({ q: 'zzz' })).body).toEqual({
      data: [],
      pagination: { total: 0, page: 1, per_page: 10, last_page: 1 },
    });

    const all = await search({ per_page: '2' });
    expect(all.body.pagination).toEqual({ total: 3, page: 1, per_page: 2, last_page: 2 });
    expect(all.body.data.map((c: { fullname: string }) => c.fullname)).toEqual([
      'BRUNO LIMA',
      'ANABELA CASTRO',
    ]);
    const second = await search({ per_page: '2', page: '2' });
    expect(second.body.data.map((c: { fullname: string }) => c.fullname)).toEqual(['ÁNA LÚCIA SOUZA']);
  });

  it('updates a customer: indexes follow, changed fields and consent changes go to the timeline', async () => {
    const t = await createTestTenant('cus');
    const body = staffCustomer({ fullname: 'Carla Dias', email: 'carla@loja.com' });
    const { id } = (await create(t, body)).body;
    const newDoc = randomCpf();
    const res = await as(t, {
      method: 'PUT',
      path: '/api/web/customer/update',
      body: {
        ...body,
        id,
        document: newDoc,
        fullname: 'Carla Dias Prado',
        email: null,
        email_optout: 'Y',
        gdpr_agreement: 'Y',
        tags: ['Cervejas'],
        latitude: null,
        longitude: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, message: 'Cliente atualizado com sucesso' });

    const details = (await as(t, { path: `/api/web/customer/${id}` })).body;
    expect(details).toMatchObject({
      document: newDoc,
      fullname: 'CARLA DIAS PRADO',
      email_optout: 'Y',
      gdpr_agreement: 'Y',
      tags: ['Cervejas'],
    });
    expect(details.email).toBeNull();
    expect(details.latitude).toBeNull();
    const updated = details.events.find((e: { type: string }) => e.type === 'updated');
    expect(updated.fields).toEqual(
      expect.arrayContaining([
        'document',
        'fullname',
        'email',
        'email_optout',
        'gdpr_agreement',
        'tags',
        'latitude',
      ]),
    );
    expect(updated).toMatchObject({ channel: 'Plataforma', user_id: t.adminId });
    const optout = details.events.find(
      (e: { consent: { field: string; from: string | null } | null }) =>
        e.consent?.field === 'email_optout' && e.consent.from === 'N',
    );
    expect(optout).toMatchObject({
      type: 'consent',
      channel: 'Plataforma',
      user_id: t.adminId,
      consent: { field: 'email_optout', from: 'N', to: 'Y' },
    });
    expect(details.events[0].created_at >= details.events.at(-1).created_at).toBe(true);

    // Search keys moved with the data; the old document is free again.
    expect(
      (await as(t, { path: '/api/web/customers', query: { q: 'carla dias p' } })).body.data,
    ).toHaveLength(1);
    expect(
      (await as(t, { path: '/api/web/customers', query: { q: 'carla@', field: 'email' } })).body.data,
    ).toHaveLength(0);
    expect((await as(t, { path: `/api/web/customer/exists/${body.document}` })).body).toEqual({ id: 0 });
    expect((await as(t, { path: `/api/web/customer/exists/${newDoc}` })).body).toEqual({ id });
    expect((await as(t, { path: '/api/web/customers/geo' })).body).toEqual([]);
    expect((await as(t, { path: '/api/web/customers/segments' })).body).toEqual([
      { segment: 'Cervejas', total: 1 },
    ]);

    // Updating onto another customer's document is refused with the spec message.
    const other = await create(t, staffCustomer());
    const clash = await as(t, {
      method: 'PUT',
      path: '/api/web/customer/update',
      body: { ...body, id, document: newDoc },
    });
    expect(clash.status).toBe(200);
    const taken = await as(t, {
      method: 'PUT',
      path: '/api/web/customer/update',
      body: { ...staffCustomer(), id: other.body.id, document: newDoc },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'Atencao: Este cliente ja possui cadastro, redirecionando para edicao dos dados',
    );
    expect(
      (await as(t, { method: 'PUT', path: '/api/web/customer/update', body: { ...body, id: 999999 } }))
        .status,
    ).toBe(404);
  });

  it('keeps consents, status and tags that an edit leaves out (no opt-in by omission)', async () => {
    const t = await createTestTenant('cus');
    const body: Record<string, unknown> = staffCustomer({
      whatsapp_optout: 'Y',
      app_optout: 'Y',
      gdpr_agreement: 'Y',
      active: 'N',
      tags: ['VIP'],
    });
    const { id } = (await create(t, body)).body;
    const {
      whatsapp_optout: _w,
      app_optout: _a,
      gdpr_agreement: _g,
      active: _s,
      tags: _t,
      contacts: _c,
      ...partial
    } = body;
    expect(
      (
        await as(t, {
          method: 'PUT',
          path: '/api/web/customer/update',
          body: { ...partial, id, fullname: 'Nome Novo' },
        })
      ).status,
    ).toBe(200);
    const details = (await as(t, { path: `/api/web/customer/${id}` })).body;
    expect(details).toMatchObject({
      whatsapp_optout: 'Y',
      app_optout: 'Y',
      gdpr_agreement: 'Y',
      active: 'N',
      tags: ['VIP'],
      fullname: 'NOME NOVO',
    });
    expect(details.contacts).toHaveLength(1);
    expect(details.events.filter((e: { type: string }) => e.type === 'consent')).toHaveLength(5);
    expect(details.events.find((e: { type: string }) => e.type === 'updated').fields).toEqual(['fullname']);
  });

  it('deletes a customer with its markers, indexes and counts', async () => {
    const t = await createTestTenant('cus');
    const body = staffCustomer({ fullname: 'Diego Alves' });
    const { id } = (await create(t, body)).body;
    await create(t, staffCustomer({ fullname: 'Elisa Ramos' }));
    expect((await as(t, { path: '/api/web/customers' })).body.pagination.total).toBe(2);

    const del = await as(t, { method: 'DELETE', path: '/api/web/customer/delete', query: { id } });
    expect(del.status).toBe(200);
    expect((await as(t, { path: `/api/web/customer/${id}` })).status).toBe(404);
    expect((await as(t, { path: '/api/web/customers' })).body.pagination.total).toBe(1);
    expect((await as(t, { path: '/api/web/customers', query: { q: 'diego' } })).body.data).toEqual([]);
    expect((await as(t, { path: '/api/web/customers', query: { q: '11987654321' } })).body.data).toHaveLength(
      1,
    );
    expect((await as(t, { path: `/api/web/customer/exists/${body.document}` })).body).toEqual({ id: 0 });
    expect((await as(t, { path: '/api/web/customers/channels' })).body).toEqual([
      { channel: 'Plataforma', total: 1 },
    ]);
    expect((await as(t, { path: '/api/web/customers/geo' })).body).toHaveLength(1);
    expect((await as(t, { method: 'DELETE', path: '/api/web/customer/delete', query: { id } })).status).toBe(
      404,
    );
    // The document can be registered again.
    expect((await create(t, body)).status).toBe(200);
  });

  it('reports channels, segments, map points and store pins', async () => {
    const t = await createTestTenant('cus');
    const store = await createStore(t.tenant, 'Loja Paulista', -23.56, -46.65);
    await createStore(t.tenant, 'Loja Sem Mapa', null as never, null as never);
    const c1 = await create(t, staffCustomer({ tags: ['Vinhos', 'Queijos'], favorite_store: store.id }));
    await create(t, staffCustomer({ tags: ['Vinhos'], latitude: null, longitude: null }));
    expect((await create(t, staffCustomer({ favorite_store: 99999 }))).body.errors).toEqual({
      favorite_store: 'Loja favorita não encontrada.',
    });

    expect((await as(t, { path: '/api/web/customers/channels' })).body).toEqual([
      { channel: 'Plataforma', total: 2 },
    ]);
    expect((await as(t, { path: '/api/web/customers/segments' })).body).toEqual([
      { segment: 'Vinhos', total: 2 },
      { segment: 'Queijos', total: 1 },
    ]);
    expect((await as(t, { path: '/api/web/customers/geo' })).body).toEqual([
      { id: c1.body.id, latitude: -23.5613, longitude: -46.6565 },
    ]);
    expect((await as(t, { path: '/api/web/stores/geolocation' })).body).toEqual([
      { id: store.id, name: 'Loja Paulista', latitude: -23.56, longitude: -46.65 },
    ]);
    const storeUser = await t.userWith([READ], { allStores: false, storeId: 424242 });
    expect(
      (await call(handler, { tenant: t.tenant, token: storeUser.token, path: '/api/web/stores/geolocation' }))
        .body,
    ).toEqual([]);
  });

  it('enforces read and write permissions', async () => {
    const reader = await a.userWith([READ]);
    const writer = await a.userWith([READ, WRITE]);
    const nobody = await a.userWith([{ action: 'read', subject: 'Products' }]);
    const { id } = (await create(a, staffCustomer())).body;
    const with_ = (token: string, req: Parameters<typeof call>[1]) =>
      call(handler, { tenant: a.tenant, token, ...req });

    for (const path of [
      '/api/web/customers',
      `/api/web/customer/${id}`,
      '/api/web/customers/channels',
      '/api/web/customers/segments',
      '/api/web/customers/geo',
      `/api/web/customer/exists/${randomCpf()}`,
    ]) {
      expect((await with_(reader.token, { path })).status).toBe(200);
      expect((await with_(nobody.token, { path })).status).toBe(403);
      expect((await call(handler, { tenant: a.tenant, path })).status).toBe(401);
      expect((await call(handler, { tenant: a.tenant, token: b.adminToken, path })).status).toBe(401);
    }
    expect(
      (await with_(reader.token, { method: 'POST', path: '/api/web/customer/new', body: staffCustomer() }))
        .status,
    ).toBe(403);
    expect(
      (
        await with_(reader.token, {
          method: 'PUT',
          path: '/api/web/customer/update',
          body: { ...staffCustomer(), id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await with_(reader.token, { method: 'DELETE', path: '/api/web/customer/delete', query: { id } }))
        .status,
    ).toBe(403);
    expect(
      (await with_(writer.token, { method: 'POST', path: '/api/web/customer/new', body: staffCustomer() }))
        .status,
    ).toBe(200);
    expect(
      (await with_(writer.token, { method: 'DELETE', path: '/api/web/customer/delete', query: { id } }))
        .status,
    ).toBe(200);
  });

  it('never shows a customer of one tenant to another', async () => {
    const body = staffCustomer({
      fullname: 'Xenia Exclusiva',
      email: 'xenia@a.com',
      cellphone: '31977776666',
    });
    const { id } = (await create(a, body)).body;
    expect((await as(b, { path: `/api/web/customer/${id}` })).status).toBe(404);
    expect((await as(b, { path: `/api/web/customer/exists/${body.document}` })).body).toEqual({ id: 0 });
    for (const q of ['xenia', body.document, 'xenia@a.com', '31977776666']) {
      expect((await as(b, { path: '/api/web/customers', query: { q } })).body.data).toEqual([]);
    }
    expect((await as(b, { method: 'DELETE', path: '/api/web/customer/delete', query: { id } })).status).toBe(
      404,
    );
    expect(
      (await as(b, { method: 'PUT', path: '/api/web/customer/update', body: { ...body, id } })).status,
    ).toBe(404);
    expect((await as(a, { path: `/api/web/customer/${id}` })).status).toBe(200);
  });
});
