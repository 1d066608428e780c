import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freguesia/shared/domain/permissions';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { verifyToken } from '@freguesia/functions/lib/auth/jwt';
import { UserEntity } from '@freguesia/functions/lib/identity/entities';
import { handler as auth } from '@freguesia/functions/auth/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { call } from '../support/api';
import { ADMIN_PASSWORD, createTestTenant, type TestTenant } from '../support/tenant';

let ipSeq = 0;
/** A fresh caller address per test, so the per-address limit of one test never leaks into another. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const login = (tenant: string, email: string, password: string, sourceIp = '203.0.113.7') =>
  call(auth, { method: 'POST', path: '/api/web/login', tenant, body: { email, password }, sourceIp });

describe('POST /api/web/login', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('auth'), createTestTenant('auth')]);
  });

  it('signs in the administrator with the session the web stores', async () => {
    const ip = freshIp();
    const res = await login(a.tenant, `  ${a.adminEmail.toUpperCase()} `, ADMIN_PASSWORD, ip);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      ability: expect.any(Array),
      shortname: 'Admin',
      fullname: 'Admin Teste',
      id: a.adminId,
      email: a.adminEmail,
      role: 'Administrador',
      role_id: a.roleIds[0],
      all_stores: 'Y',
      store_id: null,
    });
    expect(res.body.ability).toHaveLength(PERMISSIONS.length);
    expect(res.body.ability).toContainEqual({ action: 'write', subject: 'Settings' });
    expect(res.body).not.toHaveProperty('passwordHash');
    const claims = await verifyToken(res.body.token, a.tenant);
    expect(claims).toMatchObject({ sub: String(a.adminId), tnt: a.tenant, typ: 'staff', ver: 1 });
    const { exp, iat } = claims as unknown as { exp: number; iat: number };
    expect(exp - iat).toBe(12 * 3600);
    // The token opens a staff route of this tenant.
    const perms = await call(auth, { path: '/api/web/permissions', tenant: a.tenant, token: res.body.token });
    expect(perms.status).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a disabled user', async () => {
    const ip = freshIp();
    const someone = await a.userWith([]);
    const wrong = await login(a.tenant, someone.email, 'nao-e-esta', ip);
    const unknown = await login(a.tenant, 'ninguem@nada.test', 'nao-e-esta', ip);
    const user = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    await UserEntity.patch({ tenant: a.tenant, id: user.id }).set({ active: false }).go();
    const disabled = await login(a.tenant, user.email, ADMIN_PASSWORD, ip);
    for (const res of [wrong, unknown, disabled]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: LOGIN_FAILED_MESSAGE });
    }
  });

  it('spends about the same time whether or not the e-mail exists', async () => {
    const user = await a.userWith([]);
    // Each try from an address of its own: the lock after 5 failures at one address stays out of it.
    const time = async (email: string) => {
      const ip = freshIp();
      const started = performance.now();
      await login(a.tenant, email, 'senha-errada-123', ip);
      return performance.now() - started;
    };
    await time('aquecimento@nada.test'); // warm the decoy hash
    const known: number[] = [];
    const unknown: number[] = [];
    // Five of each, interleaved: a load spike on a busy host lands in both and the medians skip it.
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`ninguem${i}@nada.test`));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
    // No fast path for unknown e-mails: the decoy verification costs a real Argon2id run.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('requires e-mail and password', async () => {
    const res = await call(auth, { method: 'POST', path: '/api/web/login', tenant: a.tenant, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: 'Digite o email', password: 'Digite a senha' });
  });

  it('locks an e-mail at one address after 5 failures, even for the right password, and leaves other e-mails alone', async () => {
    const ip = freshIp();
    const victim = await a.userWith([]);
    const other = await a.userWith([]);
    for (let i = 0; i < 5; i++)
      expect((await login(a.tenant, victim.email, `errada-${i}`, ip)).status).toBe(401);
    const locked = await login(a.tenant, victim.email, ADMIN_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Not from another address: the lock is on the (e-mail, address) pair, so the owner still signs in.
    expect((await login(a.tenant, victim.email, ADMIN_PASSWORD, freshIp())).status).toBe(200);
    expect((await login(a.tenant, other.email, ADMIN_PASSWORD, ip)).status).toBe(200);
    // The same e-mail on another tenant is another account.
    expect((await login(b.tenant, b.adminEmail, ADMIN_PASSWORD, ip)).status).toBe(200);
  });

  it('locks unknown e-mails the same way (no hint that the account does not exist)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await login(a.tenant, 'fantasma@nada.test', 'x', ip)).status).toBe(401);
    expect((await login(a.tenant, 'fantasma@nada.test', 'x', ip)).status).toBe(429);
  });

  it('forgets the failures of an e-mail after a successful login', async () => {
    const ip = freshIp();
    const user = await a.userWith([]);
    for (let i = 0; i < 4; i++) await login(a.tenant, user.email, 'errada', ip);
    expect((await login(a.tenant, user.email, ADMIN_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(a.tenant, user.email, 'errada', ip)).status).toBe(401);
    expect((await login(a.tenant, user.email, ADMIN_PASSWORD, ip)).status).toBe(200);
  });

  it('locks an address after 20 failures across e-mails, other addresses still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await login(a.tenant, `varredura${i}@nada.test`, 'x', ip)).status).toBe(401);
    const res = await login(a.tenant, a.adminEmail, ADMIN_PASSWORD, ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(LOGIN_THROTTLED_MESSAGE);
    expect((await login(a.tenant, a.adminEmail, ADMIN_PASSWORD, freshIp())).status).toBe(200);
  });

  it('refuses a token on another tenant', async () => {
    const res = await login(a.tenant, a.adminEmail, ADMIN_PASSWORD, freshIp());
    const other = await call(auth, { path: '/api/web/permissions', tenant: b.tenant, token: res.body.token });
    expect(other.status).toBe(401);
  });

  it('ends the sessions of a deleted user and of a user whose password changed', async () => {
    const ip = freshIp();
    const reader = await a.userWith([{ action: 'read', subject: 'Settings' }]);
    const first = await login(a.tenant, reader.email, ADMIN_PASSWORD, ip);
    const token = first.body.token as string;
    expect((await call(auth, { path: '/api/web/permissions', tenant: a.tenant, token })).status).toBe(200);

    const current = await call(settings, {
      path: `/api/web/user/${reader.id}`,
      tenant: a.tenant,
      token: a.adminToken,
    });
    const update = await call(settings, {
      method: 'PUT',
      path: '/api/web/user/update',
      tenant: a.tenant,
      token: a.adminToken,
      body: { ...current.body, password: 'Nova-senha-456', password_confirmation: 'Nova-senha-456' },
    });
    expect(update.status).toBe(200);
    expect((await call(auth, { path: '/api/web/permissions', tenant: a.tenant, token })).status).toBe(401);
    expect((await login(a.tenant, reader.email, ADMIN_PASSWORD, ip)).status).toBe(401);
    const second = await login(a.tenant, reader.email, 'Nova-senha-456', ip);
    expect(second.status).toBe(200);

    const removed = await call(settings, {
      method: 'DELETE',
      path: '/api/web/user/delete',
      query: { id: reader.id },
      tenant: a.tenant,
      token: a.adminToken,
    });
    expect(removed.status).toBe(200);
    expect(
      (await call(auth, { path: '/api/web/permissions', tenant: a.tenant, token: second.body.token })).status,
    ).toBe(401);
    expect((await login(a.tenant, reader.email, 'Nova-senha-456', ip)).status).toBe(401);
  });
});

describe('GET /api/web/permissions', () => {
  it('lists the catalogue with labels for the role editor', async () => {
    const t = await createTestTenant('auth');
    const res = await call(auth, { path: '/api/web/permissions', tenant: t.tenant, token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(PERMISSIONS.length);
    expect(res.body).toContainEqual({
      id: 24,
      action: 'read',
      subject: 'Settings',
      label: 'Visualizar',
      subject_label: 'Ajustes',
    });
    const outsider = await t.userWith([{ action: 'write', subject: 'Settings' }]);
    expect(
      (await call(auth, { path: '/api/web/permissions', tenant: t.tenant, token: outsider.token })).status,
    ).toBe(403);
  });
});
