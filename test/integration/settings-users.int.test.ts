import { beforeAll, describe, expect, it } from 'vitest';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { UserEntity } from '@freguesia/functions/lib/identity/entities';
import { StoreEntity } from '@freguesia/functions/catalog/entities';
import { handler as auth } from '@freguesia/functions/auth/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

let seq = 0;
const newUser = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    email: `Pessoa${seq}@Loja.test`,
    fullname: `José da Silva ${seq}`,
    shortname: `José ${seq}`,
    document: `123.456.${String(seq).padStart(3, '0')}-00`,
    password: 'Senha-boa-123',
    password_confirmation: 'Senha-boa-123',
    all_stores: 'Y',
    store_id: null,
    role_id: null as number | null,
    ...overrides,
  };
};

describe('users API', () => {
  let t: TestTenant;
  const as = (token: string) => ({
    get: (path: string, query?: Record<string, string | number>) =>
      call(settings, { path, query, tenant: t.tenant, token }),
    post: (path: string, body: unknown) =>
      call(settings, { method: 'POST', path, body, tenant: t.tenant, token }),
    put: (path: string, body: unknown) =>
      call(settings, { method: 'PUT', path, body, tenant: t.tenant, token }),
    del: (path: string, id: number) =>
      call(settings, { method: 'DELETE', path, query: { id }, tenant: t.tenant, token }),
  });
  let admin: ReturnType<typeof as>;
  let adminRole: number;
  let marketing: number;

  beforeAll(async () => {
    t = await createTestTenant('usr');
    admin = as(t.adminToken);
    [adminRole, marketing] = [t.roleIds[0]!, t.roleIds[1]!];
  });

  it('answers every validation message of the form at once', async () => {
    const res = await admin.post('/api/web/user/new', { all_stores: 'N', store_id: 0, role_id: null });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: 'Digite o email',
      fullname: 'Digite o nome',
      shortname: 'Digite o nome reduzido',
      document: 'Digite um documento único',
      role_id: 'Selecione a permissão',
      password: 'Informe a senha!',
      store_id: 'Selecione a loja de trabalho',
    });
    expect(res.body.message).toBe('Digite o email');
  });

  it('checks the password policy and its confirmation', async () => {
    const short = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, password: 'curta', password_confirmation: 'curta' }),
    );
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'A senha deve ter ao menos 8 caracteres.' });
    const mismatch = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, password_confirmation: 'Outra-senha-1' }),
    );
    expect(mismatch.body.errors).toEqual({
      password_confirmation: 'As duas senhas que você digitou não coincidem!',
    });
    const empty = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, password_confirmation: '' }),
    );
    expect(empty.body.errors).toEqual({ password_confirmation: 'Confirme a senha' });
    const unknownRole = await admin.post('/api/web/user/new', newUser({ role_id: 999_999 }));
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors).toEqual({ role_id: 'Selecione a permissão' });
  });

  it('creates a user who can sign in, keeps the total and never shows the password', async () => {
    // A store of the catalogue domain, written directly: only its id and name matter here.
    await StoreEntity.create({
      tenant: t.tenant,
      id: 3,
      reference_code: '3',
      name: 'Loja Centro',
      zipcode: '01001000',
      address: 'Praça da Sé',
      business_hours: {},
    }).go();
    const noSuchStore = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, all_stores: 'N', store_id: 4 }),
    );
    expect(noSuchStore.status).toBe(400);
    expect(noSuchStore.body.errors).toEqual({ store_id: 'Selecione a loja de trabalho' });
    const before = await countersFor(t.tenant).total('user');
    const input = newUser({ role_id: marketing, all_stores: 'N', store_id: 3 });
    const res = await admin.post('/api/web/user/new', input);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      document: input.document.replace(/\D/g, ''),
      fullname: input.fullname,
      shortname: input.shortname,
      email: input.email.toLowerCase(),
      all_stores: 'N',
      store_id: 3,
      store_name: 'Loja Centro',
      role_id: marketing,
      role: 'Marketing',
      active: 'Y',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    expect(await countersFor(t.tenant).total('user')).toBe(before + 1);
    const signIn = await call(auth, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: input.email, password: input.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ role: 'Marketing', all_stores: 'N', store_id: 3 });
    const read = await admin.get(`/api/web/user/${res.body.id}`);
    expect(read.body).toEqual(res.body);
  });

  it('keeps e-mail and document unique per tenant', async () => {
    const first = newUser({ role_id: marketing });
    expect((await admin.post('/api/web/user/new', first)).status).toBe(200);
    const sameEmail = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, email: first.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Já existe um usuário com este e-mail.');
    const sameDocument = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, document: first.document.replace(/\D/g, '') }),
    );
    expect(sameDocument.status).toBe(409);
    expect(sameDocument.body.message).toBe('Já existe um usuário com este documento.');
    // The administrator's document, written by provisioning, is taken as well.
    const adminDocument = await admin.post(
      '/api/web/user/new',
      newUser({ role_id: marketing, document: '000.000.001-91' }),
    );
    expect(adminDocument.status).toBe(409);
    // Another tenant may use both.
    const other = await createTestTenant('usr');
    const there = await call(settings, {
      method: 'POST',
      path: '/api/web/user/new',
      tenant: other.tenant,
      token: other.adminToken,
      body: { ...first, role_id: other.roleIds[1] },
    });
    expect(there.status).toBe(200);
  });

  it('lets only one of several simultaneous creations with the same e-mail win', async () => {
    const before = await countersFor(t.tenant).total('user');
    const email = 'disputado@loja.test';
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin.post('/api/web/user/new', newUser({ role_id: marketing, email })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await countersFor(t.tenant).total('user')).toBe(before + 1);
  });

  it('changes the e-mail by swapping its marker, and keeps the password when none is sent', async () => {
    const created = (await admin.post('/api/web/user/new', newUser({ role_id: marketing }))).body;
    const taken = (await admin.post('/api/web/user/new', newUser({ role_id: marketing }))).body;
    const clash = await admin.put('/api/web/user/update', { ...created, email: taken.email, password: '' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Já existe um usuário com este e-mail.');
    const moved = await admin.put('/api/web/user/update', {
      ...created,
      email: 'novo.endereco@loja.test',
      password: '',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe('novo.endereco@loja.test');
    // The old address is free again; the new one works for login with the old password.
    expect(
      (await admin.post('/api/web/user/new', newUser({ role_id: marketing, email: created.email }))).status,
    ).toBe(200);
    const signIn = await call(auth, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: 'novo.endereco@loja.test', password: 'Senha-boa-123' },
    });
    expect(signIn.status).toBe(200);
    const short = await admin.put('/api/web/user/update', {
      ...created,
      email: 'novo.endereco@loja.test',
      password: 'curta',
    });
    expect(short.body.errors).toEqual({ password: 'A senha deve ter ao menos 8 caracteres.' });
  });

  it('searches by name (accents ignored), e-mail and document, with role names and pagination', async () => {
    await admin.post(
      '/api/web/user/new',
      newUser({
        role_id: marketing,
        fullname: 'Conceição Aparecida',
        shortname: 'Ceiça',
        document: '987.654.321-00',
      }),
    );
    const byName = await admin.get('/api/web/users', { q: 'conceicao' });
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((u: { fullname: string }) => u.fullname)).toEqual(['Conceição Aparecida']);
    expect(byName.body.data[0]).toMatchObject({ role: 'Marketing', store_name: null });
    expect(byName.body.pagination).toEqual({ total: 1, page: 1, per_page: 50, last_page: 1 });
    expect((await admin.get('/api/web/users', { q: '98765432100' })).body.data).toHaveLength(1);
    expect((await admin.get('/api/web/users', { q: t.adminEmail })).body.data[0].role).toBe('Administrador');
    const page = await admin.get('/api/web/users', { per_page: 2, page: 2 });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination.total).toBeGreaterThan(4);
    expect(JSON.stringify((await admin.get('/api/web/users')).body)).not.toMatch(/passwordHash|argon2/);
  });

  it('never shows or changes another tenant’s users', async () => {
    const other = await createTestTenant('usr');
    const mine = (await admin.post('/api/web/user/new', newUser({ role_id: marketing }))).body;
    const list = await call(settings, {
      path: '/api/web/users',
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual([other.adminEmail]);
    expect(
      (
        await call(settings, {
          path: `/api/web/user/${mine.id}`,
          tenant: other.tenant,
          token: other.adminToken,
        })
      ).status,
    ).toBe(404);
    const del = await call(settings, {
      method: 'DELETE',
      path: '/api/web/user/delete',
      query: { id: mine.id },
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(del.status).toBe(404);
    expect((await admin.get(`/api/web/user/${mine.id}`)).status).toBe(200);
  });

  it('protects the last administrator and the signed-in user', async () => {
    const manager = await t.userWith([
      { action: 'read', subject: 'Settings' },
      { action: 'write', subject: 'Settings' },
    ]);
    const asManager = as(manager.token);
    const adminRecord = (await admin.get(`/api/web/user/${t.adminId}`)).body;

    const removeLast = await asManager.del('/api/web/user/delete', t.adminId);
    expect(removeLast.status).toBe(409);
    expect(removeLast.body.message).toBe('Não é possível remover o último administrador.');
    const demote = await asManager.put('/api/web/user/update', { ...adminRecord, role_id: marketing });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('Não é possível alterar a permissão do último administrador.');
    const disable = await asManager.put('/api/web/user/update', { ...adminRecord, active: 'N' });
    expect(disable.status).toBe(409);
    expect(disable.body.message).toBe('Não é possível desativar o último administrador.');

    const selfRemove = await admin.del('/api/web/user/delete', t.adminId);
    expect(selfRemove.status).toBe(409);
    expect(selfRemove.body.message).toBe('Você não pode remover o seu próprio usuário.');
    const selfDisable = await admin.put('/api/web/user/update', { ...adminRecord, active: 'N' });
    expect(selfDisable.status).toBe(409);
    expect(selfDisable.body.message).toBe('Você não pode desativar o seu próprio usuário.');

    // A second administrator makes the first removable; disabling it makes the first the last again.
    const second = (await admin.post('/api/web/user/new', newUser({ role_id: adminRole }))).body;
    const off = await asManager.put('/api/web/user/update', { ...second, active: 'N' });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe('N');
    expect((await asManager.del('/api/web/user/delete', t.adminId)).status).toBe(409);
    expect((await asManager.put('/api/web/user/update', { ...second, active: 'Y' })).status).toBe(200);
    expect((await asManager.put('/api/web/user/update', { ...adminRecord, role_id: marketing })).status).toBe(
      200,
    );
    // Now `second` is the last one.
    expect((await asManager.del('/api/web/user/delete', second.id)).body.message).toBe(
      'Não é possível remover o último administrador.',
    );
    expect(await countersFor(t.tenant).total('admin')).toBe(1);
    // Back to two administrators for the tests below.
    expect((await asManager.put('/api/web/user/update', { ...adminRecord, role_id: adminRole })).status).toBe(
      200,
    );
    expect(await countersFor(t.tenant).total('admin')).toBe(2);
  });

  it('ends the sessions of a disabled user at once', async () => {
    const input = newUser({ role_id: marketing });
    const created = (await admin.post('/api/web/user/new', input)).body;
    const session = await call(auth, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: input.email, password: input.password },
    });
    const probe = () =>
      call(auth, { path: '/api/web/permissions', tenant: t.tenant, token: session.body.token });
    // Marketing cannot read Settings (403), but the session itself is valid.
    expect((await probe()).status).toBe(403);
    expect((await admin.put('/api/web/user/update', { ...created, active: 'N' })).status).toBe(200);
    expect((await probe()).status).toBe(401);
    const stored = await UserEntity.get({ tenant: t.tenant, id: created.id }).go();
    expect(stored.data?.tokenVersion).toBe(2);
    const again = await call(auth, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: input.email, password: input.password },
    });
    expect(again.status).toBe(401);
  });

  it('deletes a user, frees its e-mail and document and keeps the total', async () => {
    const input = newUser({ role_id: marketing });
    const created = (await admin.post('/api/web/user/new', input)).body;
    const before = await countersFor(t.tenant).total('user');
    const res = await admin.del('/api/web/user/delete', created.id);
    expect(res.status).toBe(200);
    expect(await countersFor(t.tenant).total('user')).toBe(before - 1);
    expect((await admin.get(`/api/web/user/${created.id}`)).status).toBe(404);
    expect((await admin.del('/api/web/user/delete', created.id)).status).toBe(404);
    expect((await admin.post('/api/web/user/new', { ...input })).status).toBe(200);
  });
});
