import { describe, expect, it, beforeAll } from 'vitest';
import { z } from 'zod';
import { createDomainHandler } from '@freguesia/functions/lib/http/handler';
import { route } from '@freguesia/functions/lib/http/route';
import { invalid, rateLimited } from '@freguesia/functions/lib/errors';
import { json } from '@freguesia/functions/lib/http/response';
import { signToken } from '@freguesia/functions/lib/auth/jwt';
import { UserEntity } from '@freguesia/functions/lib/identity/entities';
import { handler as platform } from '@freguesia/functions/platform/handler';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { toApiGatewayEvent } from '../../infra/local/lambda-adapter';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

const handler = createDomainHandler([
  route({
    method: 'GET',
    path: '/api/web/things/{id}',
    permission: { action: 'read', subject: 'Customers' },
    params: z.object({ id: z.coerce.number().int().positive('Id inválido.') }),
    handler: async ({ params, principal, tenant }) => ({
      id: params.id,
      user: principal.userId,
      tenant: tenant.id,
    }),
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
    method: 'PUT',
    path: '/api/web/things/{id}',
    permission: { action: 'write', subject: 'Customers' },
    params: z.object({ id: z.coerce.number().int().positive('Id inválido.') }),
    query: z.object({ q: z.string().optional() }),
    // Like the forms' cross-field rules: a refinement that reads the object it is given.
    body: z
      .object({
        name: z.string().optional(),
        amount: z.number().optional(),
        items: z.array(z.object({ qty: z.number() })).optional(),
        rows: z.array(z.unknown()).optional(),
      })
      .superRefine((value, ctx) => {
        if ((value as { name?: string }).name === 'x')
          ctx.addIssue({ code: 'custom', path: ['name'], message: 'Nome inválido.' });
      }),
    handler: async ({ body, query }) => ({ body, q: query.q ?? null }),
  }),
  route({
    method: 'GET',
    path: '/api/web/things/cached',
    auth: 'public',
    handler: async () => json(200, { ok: true }, { 'cache-control': 'public, max-age=60' }),
  }),
  route({
    method: 'GET',
    path: '/api/web/things/throttled',
    auth: 'public',
    handler: async () => {
      throw rateLimited('Muitas tentativas. Aguarde um minuto.', 60);
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
    expect((await call(handler, { path: '/api/web/things/7', tenant: a.tenant, token: forged })).status).toBe(
      401,
    );
    const res = await call(handler, { path: '/api/web/things/7', tenant: b.tenant, token: a.adminToken });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sessão inválida ou expirada. Faça login novamente.');
  });

  it('stops accepting the token of a disabled user and of an expired token', async () => {
    const user = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    expect(
      (await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: user.token })).status,
    ).toBe(200);
    await UserEntity.patch({ tenant: a.tenant, id: user.id }).set({ active: false }).go();
    expect(
      (await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: user.token })).status,
    ).toBe(401);
    const expired = await signToken({ sub: String(a.adminId), tnt: a.tenant, typ: 'staff', ver: 1 }, -10);
    expect(
      (await call(handler, { path: '/api/web/things/1', tenant: a.tenant, token: expired })).status,
    ).toBe(401);
  });

  it('answers 403 when the role lacks the route permission', async () => {
    const reader = await a.userWith([{ action: 'read', subject: 'Customers' }]);
    const res = await call(handler, {
      method: 'POST',
      path: '/api/web/things',
      tenant: a.tenant,
      token: reader.token,
      body: { name: 'x' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Você não tem permissão para realizar esta ação.');
  });

  it('validates with Portuguese messages per field', async () => {
    const res = await call(handler, {
      method: 'POST',
      path: '/api/web/things',
      tenant: a.tenant,
      token: a.adminToken,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Digite o nome.' });
    const badId = await call(handler, { path: '/api/web/things/-3', tenant: a.tenant, token: a.adminToken });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.id).toBe('Id inválido.');
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const malformed = await call(handler, {
      method: 'POST',
      path: '/api/web/things',
      tenant: a.tenant,
      token: a.adminToken,
      rawBody: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('O corpo da requisição não é um JSON válido.');
    const big = await call(handler, {
      method: 'POST',
      path: '/api/web/things',
      tenant: a.tenant,
      token: a.adminToken,
      body: { name: 'x'.repeat(2000) },
    });
    expect(big.status).toBe(413);
  });

  it('answers 404 JSON for an unknown route and 405 with Allow for a wrong method', async () => {
    const missing = await call(handler, { path: '/api/web/nothing', tenant: a.tenant, token: a.adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Rota não encontrada.' });
    const wrong = await call(handler, {
      method: 'DELETE',
      path: '/api/web/things',
      tenant: a.tenant,
      token: a.adminToken,
    });
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
    const res = await call(platform, {
      path: '/api/web/tenant',
      headers: { host: `${b.tenant}.localhost:3000` },
    });
    expect(res.body).toMatchObject({ tenant: b.tenant });
  });

  describe('bad input answers 400 with a Portuguese message, never 500', () => {
    const put = (request: {
      rawBody?: string;
      body?: unknown;
      path?: string;
      query?: Record<string, string>;
      rawQuery?: string;
    }) =>
      call(handler, {
        method: 'PUT',
        path: '/api/web/things/7',
        tenant: a.tenant,
        token: a.adminToken,
        ...request,
      });

    it('refuses a missing, empty, null or non-object body where an object is expected', async () => {
      for (const rawBody of [undefined, '', 'null', '[]', '"texto"', '42', 'true']) {
        const res = await put({ rawBody });
        expect({ rawBody, status: res.status, body: res.body }).toEqual({
          rawBody,
          status: 400,
          body: { message: 'O corpo da requisição deve ser um objeto JSON.' },
        });
      }
      expect((await put({ body: { name: 'Ana' } })).body).toEqual({ body: { name: 'Ana' }, q: null });
    });

    it('refuses numbers beyond ±2^53 or infinite, naming the field', async () => {
      const huge = await put({ rawBody: '{"amount":1e308}' });
      expect(huge).toMatchObject({
        status: 400,
        body: {
          message: 'Número fora do intervalo permitido.',
          errors: { amount: 'Número fora do intervalo permitido.' },
        },
      });
      const beyond = await put({ rawBody: '{"items":[{"qty":1},{"qty":-9007199254740993}]}' });
      expect(beyond).toMatchObject({
        status: 400,
        body: { errors: { 'items.1.qty': 'Número fora do intervalo permitido.' } },
      });
      const infinite = await put({ rawBody: '{"amount":1e400}' });
      expect(infinite.status).toBe(400);
      // The largest exact integer still goes through.
      expect((await put({ rawBody: '{"amount":9007199254740991}' })).body.body).toEqual({
        amount: 9007199254740991,
      });
    });

    it('leaves rows the route hands to its service (z.unknown) to the service', async () => {
      // ERP and POS batches validate row by row: one bad row must not fail the whole batch here.
      const res = await put({ rawBody: '{"rows":[{"stock":-9007199254740993},{"stock":1}]}' });
      expect(res.status).toBe(200);
    });

    it('refuses a malformed percent-encoding in the path and in the query', async () => {
      const path = await call(handler, {
        path: '/api/web/things/%E0%A4%A',
        tenant: a.tenant,
        token: a.adminToken,
      });
      expect(path).toMatchObject({
        status: 400,
        body: { message: 'Endereço inválido: o caminho contém uma codificação malformada.' },
      });
      const unknown = await call(handler, {
        path: '/api/web/%E0%A4%A',
        tenant: a.tenant,
        token: a.adminToken,
      });
      expect(unknown.status).toBe(400);
      const query = await put({ body: {}, query: { q: '%E0%A4%A' }, rawQuery: 'q=%E0%A4%A' });
      expect(query).toMatchObject({
        status: 400,
        body: { message: 'Endereço inválido: os parâmetros da consulta contêm uma codificação malformada.' },
      });
      const fine = await put({ body: {}, query: { q: 'feijão preto' }, rawQuery: 'q=feij%C3%A3o+preto' });
      expect(fine.body).toEqual({ body: {}, q: 'feijão preto' });
    });
  });

  it('hands a path that does not decode from the local server to the handler, which answers 400', async () => {
    const req = Object.assign(Readable.from([]), {
      url: '/api/web/things/%E0%A4%A?q=%E0%A4%A',
      method: 'GET',
      httpVersion: '1.1',
      headers: { host: `${a.tenant}.localhost:3000`, authorization: `Bearer ${a.adminToken}` },
      socket: { remoteAddress: '127.0.0.1' },
    }) as unknown as IncomingMessage;
    const event = await toApiGatewayEvent(req);
    if (event === 'too-large') throw new Error('unexpected');
    expect(event.rawPath).toBe('/api/web/things/%E0%A4%A');
    const res = await handler(event, { awsRequestId: 'local', functionName: 'test' } as never);
    expect(res.statusCode).toBe(400);
  });

  describe('security headers on every API answer', () => {
    const SECURITY = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    };

    it('sends nosniff, no-store, no-referrer and a CSP that loads and frames nothing, errors included', async () => {
      const answers = {
        ok: await call(handler, { path: '/api/web/things/7', tenant: a.tenant, token: a.adminToken }),
        '400': await call(handler, {
          method: 'POST',
          path: '/api/web/things',
          tenant: a.tenant,
          token: a.adminToken,
          body: {},
        }),
        '401': await call(handler, { path: '/api/web/things/7', tenant: a.tenant }),
        '403': await call(handler, {
          method: 'POST',
          path: '/api/web/things',
          tenant: a.tenant,
          token: (await a.userWith([])).token,
          body: {},
        }),
        '404 route': await call(handler, { path: '/api/web/nothing', tenant: a.tenant, token: a.adminToken }),
        '404 tenant': await call(handler, {
          path: '/api/web/things/7',
          tenant: 'naoexiste',
          token: a.adminToken,
        }),
        '405': await call(handler, {
          method: 'DELETE',
          path: '/api/web/things',
          tenant: a.tenant,
          token: a.adminToken,
        }),
        '413': await call(handler, {
          method: 'POST',
          path: '/api/web/things',
          tenant: a.tenant,
          token: a.adminToken,
          body: { name: 'x'.repeat(2000) },
        }),
        '429': await call(handler, { path: '/api/web/things/throttled', tenant: a.tenant }),
        '500': await call(handler, { path: '/api/web/things/boom', tenant: a.tenant, token: a.adminToken }),
        health: await call(platform, { path: '/api/health' }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect({ name, headers: res.headers }).toMatchObject({
          name,
          headers: { ...SECURITY, 'cache-control': 'no-store' },
        });
      }
      expect(answers['429'].headers['retry-after']).toBe('60');
      expect(answers['405'].headers.allow).toBe('POST');
    });

    it('keeps a caching header a route sets deliberately', async () => {
      const res = await call(handler, { path: '/api/web/things/cached', tenant: a.tenant });
      expect(res.headers).toMatchObject({ ...SECURITY, 'cache-control': 'public, max-age=60' });
    });
  });
});
