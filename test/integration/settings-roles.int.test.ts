import { beforeAll, describe, expect, it } from 'vitest';
import { permissionId } from '@freguesia/shared/domain/permissions';
import { handler as auth } from '@freguesia/functions/auth/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { rolesRepository } from '@freguesia/functions/settings/roles.repository';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

const READ_SETTINGS = permissionId('read', 'Settings')!;
const WRITE_SETTINGS = permissionId('write', 'Settings')!;
const READ_CUSTOMERS = permissionId('read', 'Customers')!;

describe('roles API', () => {
  let t: TestTenant;
  const req = (
    method: string,
    path: string,
    extra: { body?: unknown; query?: Record<string, string | number>; token?: string } = {},
  ) =>
    call(settings, {
      method,
      path,
      tenant: t.tenant,
      token: extra.token ?? t.adminToken,
      body: extra.body,
      query: extra.query,
    });

  beforeAll(async () => {
    t = await createTestTenant('role');
  });

  it('validates name, description and permission ids', async () => {
    const empty = await req('POST', '/api/web/role/new', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      role: 'Digite o nome da permissão',
      description: 'Digite a descrição',
    });
    const unknown = await req('POST', '/api/web/role/new', {
      body: { role: 'Caixa', description: 'Frente de loja', permissions: [{ id: 1 }, { id: 999 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ permissions: 'Permissão desconhecida: 999.' });
  });

  it('creates, reads and lists roles with their users count', async () => {
    const res = await req('POST', '/api/web/role/new', {
      body: {
        role: 'Caixa',
        description: 'Frente de loja',
        permissions: [{ id: READ_CUSTOMERS }, { id: READ_CUSTOMERS }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      role: 'Caixa',
      description: 'Frente de loja',
      can_remove: true,
      permissions: [{ id: READ_CUSTOMERS }],
      users_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await req('GET', `/api/web/role/${res.body.id}`)).body).toEqual(res.body);
    expect((await req('GET', '/api/web/role/999999')).status).toBe(404);

    const list = await req('GET', '/api/web/roles');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { role: string }) => r.role)).toEqual([
      'Administrador',
      'Caixa',
      'Loja',
      'Marketing',
      'Vendedor',
    ]);
    expect(list.body.pagination.total).toBe(5);
    const administrador = list.body.data.find((r: { role: string }) => r.role === 'Administrador');
    expect(administrador).toMatchObject({ can_remove: false, users_count: 1 });
    // Accent- and case-insensitive search over name and description.
    const search = await req('GET', '/api/web/roles', { query: { q: 'SEGMENTACAO' } });
    expect(search.body.data.map((r: { role: string }) => r.role)).toEqual(['Marketing']);
  });

  it('keeps role names unique regardless of case and accents', async () => {
    const dup = await req('POST', '/api/web/role/new', { body: { role: 'márketing', description: 'x' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma permissão com este nome.');
    const created = (await req('POST', '/api/web/role/new', { body: { role: 'Estoque', description: 'x' } }))
      .body;
    const renamed = await req('PUT', '/api/web/role/update', { body: { ...created, role: 'Depósito' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.role).toBe('Depósito');
    // The old name is free again, the new one is taken.
    expect(
      (await req('POST', '/api/web/role/new', { body: { role: 'ESTOQUE', description: 'x' } })).status,
    ).toBe(200);
    expect(
      (await req('POST', '/api/web/role/new', { body: { role: 'deposito', description: 'x' } })).status,
    ).toBe(409);
    const clash = await req('PUT', '/api/web/role/update', { body: { ...renamed.body, role: 'Vendedor' } });
    expect(clash.status).toBe(409);
    // Only the letter case changes: same marker, allowed.
    expect(
      (await req('PUT', '/api/web/role/update', { body: { ...renamed.body, role: 'DEPÓSITO' } })).status,
    ).toBe(200);
  });

  it('applies a permission change to signed-in users at their next request', async () => {
    const role = (
      await req('POST', '/api/web/role/new', { body: { role: 'Auditor', description: 'x', permissions: [] } })
    ).body;
    const user = (
      await req('POST', '/api/web/user/new', {
        body: {
          email: 'auditor@loja.test',
          fullname: 'Auditor',
          shortname: 'Aud',
          document: '111',
          password: 'Senha-boa-123',
          all_stores: 'Y',
          role_id: role.id,
        },
      })
    ).body;
    const session = await call(auth, {
      method: 'POST',
      path: '/api/web/login',
      tenant: t.tenant,
      body: { email: user.email, password: 'Senha-boa-123' },
    });
    const probe = () =>
      call(auth, { path: '/api/web/permissions', tenant: t.tenant, token: session.body.token });
    expect((await probe()).status).toBe(403);
    const update = await req('PUT', '/api/web/role/update', {
      body: { ...role, permissions: [{ id: READ_SETTINGS }] },
    });
    expect(update.status).toBe(200);
    expect(update.body.users_count).toBe(1);
    expect((await probe()).status).toBe(200);
  });

  it('refuses to delete a role in use, then deletes it once free', async () => {
    const role = (await req('POST', '/api/web/role/new', { body: { role: 'Temporário', description: 'x' } }))
      .body;
    const user = (
      await req('POST', '/api/web/user/new', {
        body: {
          email: 'temp@loja.test',
          fullname: 'Temp',
          shortname: 'T',
          document: '222',
          password: 'Senha-boa-123',
          all_stores: 'Y',
          role_id: role.id,
        },
      })
    ).body;
    const inUse = await req('DELETE', '/api/web/role', { query: { id: role.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('Esta permissão está em uso por usuários e não pode ser removida.');
    // Even past the index check (a user assigned at the same moment), the transaction's
    // condition on the role's user counter refuses the delete.
    const record = await rolesRepository(t.tenant).get(role.id);
    await expect(rolesRepository(t.tenant).remove(record!)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Esta permissão está em uso por usuários e não pode ser removida.',
    });
    expect(
      (await req('PUT', '/api/web/user/update', { body: { ...user, role_id: t.roleIds[2] } })).status,
    ).toBe(200);
    const removed = await req('DELETE', '/api/web/role', { query: { id: role.id } });
    expect(removed.status).toBe(200);
    expect((await req('GET', `/api/web/role/${role.id}`)).status).toBe(404);
    expect((await req('DELETE', '/api/web/role', { query: { id: role.id } })).status).toBe(404);
    // Its name can be used again.
    expect(
      (await req('POST', '/api/web/role/new', { body: { role: 'temporario', description: 'x' } })).status,
    ).toBe(200);
    // A user can no longer be given the removed role.
    const orphan = await req('PUT', '/api/web/user/update', { body: { ...user, role_id: role.id } });
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors).toEqual({ role_id: 'Selecione a permissão' });
  });

  it('protects the Administrador role', async () => {
    const adminRole = (await req('GET', `/api/web/role/${t.roleIds[0]}`)).body;
    const remove = await req('DELETE', '/api/web/role', { query: { id: adminRole.id } });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('A permissão Administrador não pode ser removida.');
    const strip = await req('PUT', '/api/web/role/update', {
      body: { ...adminRole, permissions: [{ id: READ_SETTINGS }] },
    });
    expect(strip.status).toBe(409);
    expect(strip.body.message).toMatch(/^A permissão Administrador deve manter Ajustes/);
    const keep = await req('PUT', '/api/web/role/update', {
      body: {
        ...adminRole,
        description: 'Tudo',
        permissions: [{ id: READ_SETTINGS }, { id: WRITE_SETTINGS }],
      },
    });
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ can_remove: false, description: 'Tudo' });
  });

  it('never shows or changes another tenant’s roles', async () => {
    const other = await createTestTenant('role');
    const mine = (await req('POST', '/api/web/role/new', { body: { role: 'Só daqui', description: 'x' } }))
      .body;
    const list = await call(settings, {
      path: '/api/web/roles',
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(list.body.data.map((r: { role: string }) => r.role)).not.toContain('Só daqui');
    expect(
      (
        await call(settings, {
          path: `/api/web/role/${mine.id}`,
          tenant: other.tenant,
          token: other.adminToken,
        })
      ).status,
    ).toBe(404);
    const del = await call(settings, {
      method: 'DELETE',
      path: '/api/web/role',
      query: { id: mine.id },
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(del.status).toBe(404);
    // The same name is free on the other tenant.
    const there = await call(settings, {
      method: 'POST',
      path: '/api/web/role/new',
      tenant: other.tenant,
      token: other.adminToken,
      body: { role: 'Só daqui', description: 'x' },
    });
    expect(there.status).toBe(200);
  });
});
