import { describe, expect, it, beforeAll } from 'vitest';
import { z } from 'zod';
import { createDomainHandler } from '@freguesia/functions/lib/http/handler';
import { route } from '@freguesia/functions/lib/http/route';
import { invalid } from '@freguesia/functions/lib/errors';
import { signToken } from '@freguesia/functions/lib/auth/jwt';
import { UserEntity } from '@freguesia/functions/lib/identity/entities';
import { handler as platform } from '@freguesia/functions/platform/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

const handler = createDomainHandler([
  route({
    method: 'GET',
    path: '/api/web/things/{id}',
    permission: { action: 'read', subject: 'Customers' },
    params: z.object({ id: z.coerce.number().int().positive('Id inválido.') }),
    handler: async ({ params, principal, tenant }) => ({ id: params.id, user: principal.userId, tenant: tenant.id }),
  }),
  route({
    method: 'POST',
    path: '/api/web/things',
    permission: { action: 'write', subject: 'Customers' },
    body: z.object({ name: z.string({ error: 'Digite o nome.' }).min(1, 'Digite o nome.') }),
    maxBodyBytes: 1024,
    handler: async ({ body }) => ({ created: body.name }),
  }),
  route({
    method: 'GET',
    path: '/api/web/things/boom',
    permission: null,
    handler: async () => {
      throw new Error('secret internal detail: connection string xyz');
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/things/bad',
    auth: 'public',
    handler: async () => {
      throw invalid('Mensagem clara.');
    },
  }),
]);

describe('domain handler framework', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
  });

  it('answers health without a tenant, with the version', async () => {
    const res = await call(platform, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it('serves a signed-in admin with path params parsed', async () => {
    const res = await call(handler, { path: '/api/web/things/7', tenant: a.tenant, token: a.adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 7, user: a.adminId, tenant: a.tenant });
  });

  it('refuses an unknown tenant with 404 and a clear message', async () => {
    const res = await call(handler, { path: '/api/web/things/7', tenant: 'naoexiste', token: a.adminToken });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Ambiente não encontrado/);
  });

  it('answers 401 without a token, with a forged token and with a token of another tenant', async () => {
    expect((await call(handler, { path: '/api/web/things/7', tenant: a.tenant })).status).toBe(401);
    const forged = a.adminToken.slice(0, -4) + 'AAAA';
    expect((await call(handler, { path: '/api/web/things/7', tenant: a.tenant, token: forged })).status).toBe(401);
    const res = await call(handler, { path: '/api/web/things/7', tenant: b.tenant, token: a.adminToken });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sessão inválida ou expirada. Faça login novamente.');
  });

  it('stops accepting the token of a disabled user and of an expired token', async () => {
    const user = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    expect((await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: user.token })).status).toBe(200);
    await UserEntity.patch({ tenant: a.tenant, id: user.id }).set({ active: false }).go();
    expect((await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: user.token })).status).toBe(401);
    const expired = await signToken({ sub: String(a.adminId), tnt: a.tenant, typ: 'staff', ver: 1 }, -10);
    expect((await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: expired })).status).toBe(401);
  });

  it('answers 403 when the role lacks the route permission', async () => {
    const reader = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    const res = await call(handler, { method: 'POST', path: '/api/web/things', tenant: a.tenant, token: reader.token, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Você não tem permissão para realizar esta ação.');
  });

  it('validates with Portuguese messages per field', async () => {
    const res = await call(handler, { method: 'POST', path: '/api/web/things', tenant: a.tenant, token: a.adminToken, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Digite o nome.' });
    const badId = await call(handler, { path: '/api/web/things/-3', tenant: a.tenant, token: a.adminToken });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.id).toBe('Id inválido.');
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const malformed = await call(handler, { method: 'POST', path: '/api/web/things', tenant: a.tenant, token: a.adminToken, rawBody: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('O corpo da requisição não é um JSON válido.');
    const big = await call(handler, { method: 'POST', path: '/api/web/things', tenant: a.tenant, token: a.adminToken, body: { name: 'x'.repeat(2000) } });
    expect(big.status).toBe(413);
  });

  it('answers 404 JSON for an unknown route and 405 with Allow for a wrong method', async () => {
    const missing = await call(handler, { path: '/api/web/nothing', tenant: a.tenant, token: a.adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Rota não encontrada.' });
    const wrong = await call(handler, { method: 'DELETE', path: '/api/web/things', tenant: a.tenant, token: a.adminToken });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
  });

  it('hides internal errors behind a generic 500 and maps domain errors', async () => {
    const res = await call(handler, { path: '/api/web/things/boom', tenant: a.tenant, token: a.adminToken });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/secret|connection|stack|Error/);
    expect(res.body.message).toBe('Ocorreu um erro inesperado. Tente novamente em instantes.');
    const bad = await call(handler, { path: '/api/web/things/bad', tenant: a.tenant });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Mensagem clara.' } });
  });

  it('resolves the tenant from the host header and maps localhost to the default tenant', async () => {
    const res = await call(platform, { path: '/api/web/tenant', headers: { host: `${b.tenant}.localhost:3000` } });
    expect(res.body).toMatchObject({ tenant: b.tenant });
  });
});
