import { beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_SETTING_KEYS, SETTING_KEYS } from '@freguesia/shared/schemas/settings';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  IntegrationTokenCurrentEntity,
  IntegrationTokenEntity,
  hashToken,
  integrationTokenContext,
  verifyIntegrationToken,
} from '@freguesia/functions/lib/auth/integration';
import { cipherWith } from '@freguesia/functions/lib/ports/secrets-key';
import { createDomainHandler } from '@freguesia/functions/lib/http/handler';
import { route } from '@freguesia/functions/lib/http/route';
import { handler as platform } from '@freguesia/functions/platform/handler';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/** Stand-in integration route: no domain registers one yet, the auth middleware is the real one. */
const integration = createDomainHandler([
  route({
    method: 'GET',
    path: '/api/integration/ping',
    auth: 'integration',
    handler: async () => ({ ok: true }),
  }),
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
    expect(first.body).toEqual({
      key: 'average_baskets_days',
      value: '60',
      secret: false,
      updated_at: expect.any(String),
    });
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
    expect(
      (await call(settings, { path: '/api/web/settings/portal_style_bg', tenant: t.tenant })).status,
    ).toBe(401);
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
    const there = await call(settings, {
      path: '/api/web/settings/shortlink_domain',
      tenant: other.tenant,
      token: other.adminToken,
    });
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
  const read = (token = t.adminToken, tenant = t.tenant) =>
    call(settings, { path: '/api/web/settings/token', tenant, token });
  const rotate = (token = t.adminToken, tenant = t.tenant) =>
    call(settings, { method: 'POST', path: '/api/web/settings/token/rotate', tenant, token });
  const info = (token = t.adminToken) =>
    call(settings, { path: '/api/web/settings/token/info', tenant: t.tenant, token });

  /** Every stored item of a tenant, raw (a Scan: test only, never on a request path). */
  async function storedItems(tenant: string): Promise<string> {
    const { documentClient, tableName } = await import('@freguesia/functions/lib/ddb/client');
    const items: unknown[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'contains(pk, :tenant)',
          ExpressionAttributeValues: { ':tenant': `tenant_${tenant}` },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return JSON.stringify(items);
  }

  it('reads as "none" until a token is issued, and reading issues nothing', async () => {
    const fresh = await createTestTenant('tok');
    const first = await read(fresh.adminToken, fresh.tenant);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'none', token: null, hint: null, created_at: null });
    expect((await read(fresh.adminToken, fresh.tenant)).body.status).toBe('none');
    const none = await call(settings, {
      path: '/api/web/settings/token/info',
      tenant: fresh.tenant,
      token: fresh.adminToken,
    });
    expect(none.body).toEqual({ hint: null, created_at: null });
  });

  it('shows the same token on every read, and the points of sale keep working', async () => {
    const issued = await rotate();
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({
      status: 'active',
      token: expect.stringMatching(/^frg_/),
      hint: issued.body.token.slice(-4),
      created_at: expect.any(String),
    });
    const first = await read();
    const second = await read();
    expect(first.status).toBe(200);
    expect(first.body).toEqual(issued.body);
    expect(second.body).toEqual(issued.body);
    expect((await ping(issued.body.token)).status).toBe(200);
    expect(await verifyIntegrationToken(t.tenant, issued.body.token)).toBe(true);
    expect((await info()).body).toEqual({ hint: issued.body.hint, created_at: issued.body.created_at });
  });

  it('rotates only on the explicit POST, which revokes the old token at once', async () => {
    const old = (await read()).body.token as string;
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(old);
    expect((await ping(old)).status).toBe(401);
    expect(await verifyIntegrationToken(t.tenant, old)).toBe(false);
    expect((await ping(rotated.body.token)).status).toBe(200);
    // Right after the rotation (no index lag): the new token, never the revoked one.
    expect((await read()).body.token).toBe(rotated.body.token);
    expect((await info()).body.hint).toBe(rotated.body.hint);
  });

  it('stores the token encrypted: no item holds it in clear', async () => {
    const { token } = (await rotate()).body as { token: string };
    const raw = await storedItems(t.tenant);
    expect(raw).toContain(hashToken(token)); // the lookup key is there…
    expect(raw).not.toContain(token); // …the token itself is not
    expect(raw).not.toContain(token.slice(4)); // nor its random part
    const current = await IntegrationTokenCurrentEntity.get({ tenant: t.tenant }).go({ consistent: true });
    expect(current.data?.sealed).toMatch(/^v1\./);
  });

  it('shows the token and rotates it only for those who may write Settings', async () => {
    const token = (await read()).body.token as string;
    const reader = await t.userWith([{ action: 'read', subject: 'Settings' }]);
    const read403 = await read(reader.token);
    expect(read403.status).toBe(403);
    expect(read403.text).not.toContain(token);
    expect((await rotate(reader.token)).status).toBe(403);
    expect((await info(reader.token)).status).toBe(200);
    expect((await call(settings, { path: '/api/web/settings/token', tenant: t.tenant })).status).toBe(401);
    // Refused attempts changed nothing.
    expect((await read()).body.token).toBe(token);
    expect((await ping(token)).status).toBe(200);
  });

  it('is tied to its tenant', async () => {
    const other = await createTestTenant('tok');
    const token = (await read()).body.token as string;
    expect((await ping(token, other.tenant)).status).toBe(401);
    expect((await read(other.adminToken, other.tenant)).body.status).toBe('none');
  });

  it('lets one of two simultaneous rotations win, leaving exactly one valid token', async () => {
    const answers = await Promise.all([rotate(), rotate()]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const refused = answers.find((a) => a.status === 409);
    if (refused)
      expect(refused.body.message).toBe(
        'O token de integração acabou de ser trocado por outra pessoa. Recarregue a página para ver o token atual.',
      );
    const issued = answers.filter((a) => a.status === 200).map((a) => a.body.token as string);
    const valid: string[] = [];
    for (const token of issued) if ((await ping(token)).status === 200) valid.push(token);
    expect(valid).toHaveLength(1);
    expect((await read()).body.token).toBe(valid[0]);
  });

  it('keeps a token issued before encryption working until rotated, shown as unreadable', async () => {
    const legacy = await createTestTenant('tok');
    const token = 'frg_legado_somente_hash_1234';
    await IntegrationTokenEntity.create({
      tenant: legacy.tenant,
      tokenHash: hashToken(token),
      hint: token.slice(-4),
    }).go();
    const shown = await read(legacy.adminToken, legacy.tenant);
    expect(shown.body).toEqual({
      status: 'unreadable',
      token: null,
      hint: '1234',
      created_at: expect.any(String),
    });
    expect((await ping(token, legacy.tenant)).status).toBe(200);
    const rotated = await rotate(legacy.adminToken, legacy.tenant);
    expect((await ping(token, legacy.tenant)).status).toBe(401);
    expect((await read(legacy.adminToken, legacy.tenant)).body).toEqual(rotated.body);
  });

  it('answers "unreadable" (not an error) for a token sealed with another key', async () => {
    const moved = await createTestTenant('tok');
    const issued = (await rotate(moved.adminToken, moved.tenant)).body as { token: string; hint: string };
    const otherKey = cipherWith(async () => 'another-data-key-that-is-long-enough-0123456789');
    await IntegrationTokenCurrentEntity.patch({ tenant: moved.tenant })
      .set({ sealed: await otherKey.seal(issued.token, integrationTokenContext(moved.tenant)) })
      .go();
    const shown = await read(moved.adminToken, moved.tenant);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'unreadable', token: null, hint: issued.hint });
    expect((await ping(issued.token, moved.tenant)).status).toBe(200);
  });
});
