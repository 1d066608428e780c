import { beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_SETTING_KEYS, SETTING_KEYS } from '@freguesia/shared/schemas/settings';
import { verifyIntegrationToken } from '@freguesia/functions/lib/auth/integration';
import { createDomainHandler } from '@freguesia/functions/lib/http/handler';
import { route } from '@freguesia/functions/lib/http/route';
import { handler as platform } from '@freguesia/functions/platform/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/** Stand-in integration route: no domain registers one yet, the auth middleware is the real one. */
const integration = createDomainHandler([
  route({ method: 'GET', path: '/api/integration/ping', auth: 'integration', handler: async () => ({ ok: true }) }),
]);

describe('key/value settings', () => {
  let t: TestTenant;
  const put = (body: unknown, method = 'PUT', token = t.adminToken) =>
    call(settings, { method, path: '/api/web/settings', tenant: t.tenant, token, body });
  const get = (path: string, token = t.adminToken) => call(settings, { path, tenant: t.tenant, token });

  beforeAll(async () => {
    t = await createTestTenant('set');
  });

  it('upserts idempotently through PUT and POST', async () => {
    const first = await put({ key: 'average_baskets_days', value: '60' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ key: 'average_baskets_days', value: '60', secret: false, updated_at: expect.any(String) });
    const again = await put({ key: 'average_baskets_days', value: '60' });
    expect(again.body.value).toBe('60');
    const viaPost = await put({ key: 'average_baskets_days', value: 45 }, 'POST');
    expect(viaPost.status).toBe(200);
    expect(viaPost.body.value).toBe('45');
    const read = await get('/api/web/settings/average_baskets_days');
    expect(read.body).toMatchObject({ key: 'average_baskets_days', value: '45' });
    const list = await get('/api/web/settings');
    expect(list.body.map((s: { key: string }) => s.key)).toEqual([...SETTING_KEYS]);
    expect(list.body.filter((s: { key: string }) => s.key === 'average_baskets_days')).toHaveLength(1);
  });

  it('refuses unknown keys, the token key and bad values', async () => {
    const unknown = await put({ key: 'nao_existe', value: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ key: 'Configuração desconhecida: nao_existe.' });
    expect((await put({ key: 'token', value: 'x' })).status).toBe(400);
    expect((await get('/api/web/settings/nao_existe')).status).toBe(400);
    expect((await put({ key: 'portal_primary_color', value: 'vermelho' })).body.errors).toEqual({
      value: 'Cor inválida: use o formato #RRGGBB.',
    });
    expect((await put({ key: 'portal_style_bg', value: 'stretch' })).status).toBe(400);
    expect((await put({ key: 'average_baskets_days', value: '0' })).status).toBe(400);
    const big = await put({ key: 'program_term', value: 'a'.repeat(100 * 1024 + 1) });
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual({ value: 'O valor excede o limite de 100 KB.' });
    expect((await put({ key: 'program_term', value: 'a'.repeat(100 * 1024) })).status).toBe(200);
    expect((await put({ value: 'x' })).body.errors).toEqual({ key: 'Informe a chave da configuração.' });
  });

  it('never answers a secret in clear, while the server can read it', async () => {
    const write = await put({ key: 'sendgrid_apikey', value: 'SG.segredo-muito-secreto-1234' });
    expect(write.status).toBe(200);
    expect(write.body).toMatchObject({ value: '••••••••1234', secret: true });
    const list = await get('/api/web/settings');
    expect(list.body.find((s: { key: string }) => s.key === 'sendgrid_apikey').value).toBe('••••••••1234');
    expect((await get('/api/web/settings/sendgrid_apikey')).body.value).toBe('••••••••1234');
    expect(JSON.stringify(list.body)).not.toContain('segredo');
    expect(await settingsRepository(t.tenant).value('sendgrid_apikey')).toBe('SG.segredo-muito-secreto-1234');
  });

  it('lets any signed-in staff read one key, the list needs read Settings', async () => {
    const clerk = await t.userWith([{ action: 'read', subject: 'Customers' }]);
    const one = await get('/api/web/settings/portal_style_bg', clerk.token);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ key: 'portal_style_bg', value: 'cover', secret: false, updated_at: null });
    expect((await get('/api/web/settings', clerk.token)).status).toBe(403);
    expect((await put({ key: 'portal_style_bg', value: 'repeat' }, 'PUT', clerk.token)).status).toBe(403);
    expect((await call(settings, { path: '/api/web/settings/portal_style_bg', tenant: t.tenant })).status).toBe(401);
  });

  it('applies primary_color to the tenant theme', async () => {
    expect((await get('/api/web/settings/primary_color')).body.value).toBe('#c62828');
    expect((await put({ key: 'primary_color', value: '#2e7d32' })).status).toBe(200);
    const theme = await call(platform, { path: '/api/web/tenant', tenant: t.tenant });
    expect(theme.body.primary_color).toBe('#2e7d32');
  });

  it('serves the portal keys publicly, and nothing else', async () => {
    await put({ key: 'program_description', value: 'Ganhe pontos a cada compra' });
    await put({ key: 'portal_tags', value: 'Vinhos,Queijos' });
    const res = await call(settings, { path: '/api/customer/settings', tenant: t.tenant });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { key: string }) => s.key)).toEqual([...PORTAL_SETTING_KEYS]);
    expect(res.body).toContainEqual({ key: 'program_description', value: 'Ganhe pontos a cada compra' });
    expect(res.body).toContainEqual({ key: 'portal_style_bg', value: 'cover' });
    expect(JSON.stringify(res.body)).not.toMatch(/sendgrid|segredo|average/);
  });

  it('keeps each tenant’s settings apart', async () => {
    const other = await createTestTenant('set');
    await put({ key: 'shortlink_domain', value: 'l.daqui.test' });
    const there = await call(settings, { path: '/api/web/settings/shortlink_domain', tenant: other.tenant, token: other.adminToken });
    expect(there.body.value).toBeNull();
    const portal = await call(settings, { path: '/api/customer/settings', tenant: other.tenant });
    expect(portal.body).toContainEqual({ key: 'program_description', value: null });
  });
});

describe('integration token', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTestTenant('tok');
  });
  const ping = (token: string, tenant = t.tenant) =>
    call(integration, { path: '/api/integration/ping', tenant, headers: { 'x-api-key': token } });

  it('rotates on every request, shows the new token once and revokes the old one', async () => {
    const none = await call(settings, { path: '/api/web/settings/token/info', tenant: t.tenant, token: t.adminToken });
    expect(none.body).toEqual({ hint: null, created_at: null });

    const first = await call(settings, { path: '/api/web/settings/token', tenant: t.tenant, token: t.adminToken });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ token: expect.stringMatching(/^frg_/), hint: first.body.token.slice(-4), created_at: expect.any(String) });
    expect((await ping(first.body.token)).status).toBe(200);

    const info = await call(settings, { path: '/api/web/settings/token/info', tenant: t.tenant, token: t.adminToken });
    expect(info.body).toEqual({ hint: first.body.hint, created_at: first.body.created_at });
    expect((await ping(first.body.token)).status).toBe(200); // info does not rotate

    const second = await call(settings, { path: '/api/web/settings/token', tenant: t.tenant, token: t.adminToken });
    expect(second.body.token).not.toBe(first.body.token);
    expect((await ping(first.body.token)).status).toBe(401);
    expect(await verifyIntegrationToken(t.tenant, first.body.token)).toBe(false);
    expect((await ping(second.body.token)).status).toBe(200);
    expect(await verifyIntegrationToken(t.tenant, second.body.token)).toBe(true);
  });

  it('is tied to its tenant and needs write Settings to rotate', async () => {
    const other = await createTestTenant('tok');
    const token = (await call(settings, { path: '/api/web/settings/token', tenant: t.tenant, token: t.adminToken })).body.token;
    expect((await ping(token, other.tenant)).status).toBe(401);
    const reader = await t.userWith([{ action: 'read', subject: 'Settings' }]);
    expect((await call(settings, { path: '/api/web/settings/token', tenant: t.tenant, token: reader.token })).status).toBe(403);
    expect((await call(settings, { path: '/api/web/settings/token/info', tenant: t.tenant, token: reader.token })).status).toBe(200);
    expect((await ping(token)).status).toBe(200);
  });
});
