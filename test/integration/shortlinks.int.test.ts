import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { SHORTLINK_MESSAGES } from '@freguesia/shared/schemas/shortlink';
import { handler as shortlinks } from '@freguesia/functions/shortlinks/handler';
import { FRESH_MS, STALE_MS, handler as redirect } from '@freguesia/functions/shortlinks/redirect';
import { handler as visitsConsumer } from '@freguesia/functions/shortlinks/visits.consumer';
import { handler as settings } from '@freguesia/functions/settings/handler';
import { registerConsumer, toRecord } from '@freguesia/functions/lib/ports/local/queue-runtime';
import type { SqsConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { drained } from '../support/wait';

/**
 * Short links (spec part 3 §2, §3, §5, §7, §8) through the real handlers against DynamoDB Local:
 * the screen's calls with errors in `data.error`, and the `/link/{slug}` redirect with its count
 * kept by the visits consumer on the in-process queue — every message delivered twice, counted once.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The redirect never answers from a read older than STALE_MS: an edit reaches every visitor after it. */
const pastCache = () => wait(STALE_MS + 50);

let delivered = 0;
/** Delivers every batch twice, as SQS may: the count must not move twice. */
const twice: SqsConsumer = async (event: SQSEvent) => {
  delivered += event.Records.length;
  await visitsConsumer(event);
  return visitsConsumer(event);
};

describe('short links', () => {
  let t: TestTenant;
  const req = (
    method: string,
    path: string,
    extra: { body?: unknown; query?: Record<string, string | number>; token?: string } = {},
  ) => call(shortlinks, { method, path, tenant: t.tenant, token: extra.token ?? t.adminToken, ...extra });
  const visit = (
    slug: string,
    extra: { method?: string; agent?: string; headers?: Record<string, string>; tenant?: string } = {},
  ) =>
    call(redirect as never, {
      method: extra.method ?? 'GET',
      path: `/link/${slug}`,
      tenant: extra.tenant ?? t.tenant,
      headers: { 'user-agent': extra.agent ?? CHROME, ...extra.headers },
    });
  const link = (slug: string, extra: Record<string, unknown> = {}) => ({
    description: `Promoção ${slug}`,
    active: true,
    url: `https://loja.com.br/ofertas?c=${slug}`,
    slug,
    ...extra,
  });
  const listed = async (slug: string) =>
    (await req('GET', '/api/web/shortlinks', { query: { per_page: 9999 } })).body.data.find(
      (l: { slug: string }) => l.slug === slug,
    );

  beforeAll(async () => {
    t = await createTestTenant('lnk');
    registerConsumer('shortlink-visits', twice, 5);
  });
  afterAll(async () => {
    await drained();
  });

  it('requires description, destination and slug with the spec’s messages, in data.error too', async () => {
    const res = await req('POST', '/api/web/shortlinks', { body: { description: ' ', url: '', slug: null } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      description: 'Digite uma descrição para o Link',
      url: 'Digite um URL para o Link direcionar',
      slug: 'Link encurtado não definido',
    });
    expect(res.body.error).toBe(res.body.message);
  });

  it('refuses destinations that are not http(s) and slugs with other characters', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://loja.com.br/a',
      'loja.com.br',
    ]) {
      const res = await req('POST', '/api/web/shortlinks', { body: link('Ok123', { url }) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ url: SHORTLINK_MESSAGES.urlScheme });
    }
    const slash = await req('POST', '/api/web/shortlinks', { body: link('a/b') });
    expect(slash.body.errors).toEqual({ slug: SHORTLINK_MESSAGES.slugChars });
  });

  it('creates a link with its full address and refuses a taken slug: "Link ja existe"', async () => {
    const res = await req('POST', '/api/web/shortlinks', { body: link('Natal1') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      slug: 'Natal1',
      active: true,
      access_count: 0,
      shortlink: `https://${t.tenant}.freguesia.test/link/Natal1`,
    });
    expect(res.body.id).toBeGreaterThan(0);
    const again = await req('POST', '/api/web/shortlinks', {
      body: link('Natal1', { description: 'Outro' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Link ja existe');
    // Case matters: 'natal1' is another link.
    expect((await req('POST', '/api/web/shortlinks', { body: link('natal1') })).status).toBe(200);
  });

  it('prefixes with the short-link domain once it is set', async () => {
    const set = await call(settings, {
      method: 'PUT',
      path: '/api/web/settings',
      tenant: t.tenant,
      token: t.adminToken,
      body: { key: 'shortlink_domain', value: 'lnk.com.br' },
    });
    expect(set.status).toBeLessThan(300);
    const list = await req('GET', '/api/web/shortlinks', { query: { active: 'true', per_page: 9999 } });
    expect(list.body.prefix).toBe(`https://${t.tenant}.lnk.com.br/link/`);
    expect(list.body.data[0].shortlink).toMatch(new RegExp(`^https://${t.tenant}\\.lnk\\.com\\.br/link/`));
    await call(settings, {
      method: 'PUT',
      path: '/api/web/settings',
      tenant: t.tenant,
      token: t.adminToken,
      body: { key: 'shortlink_domain', value: '' },
    });
  });

  it('redirects a visit with 302 and counts people once, not HEAD, bots, previews or scanners', async () => {
    await req('POST', '/api/web/shortlinks', { body: link('Conta1') });
    const first = await visit('Conta1');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://loja.com.br/ofertas?c=Conta1');
    expect(first.headers['cache-control']).toContain('no-store');
    await visit('Conta1', {
      agent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    expect((await visit('Conta1', { method: 'HEAD' })).status).toBe(302);
    expect((await visit('Conta1', { agent: 'WhatsApp/2.23.20.0 A' })).status).toBe(302);
    await visit('Conta1', {
      agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await visit('Conta1', { agent: 'Microsoft Office Existence Discovery' });
    await visit('Conta1', { headers: { 'sec-purpose': 'prefetch' } });
    await drained();
    const row = await listed('Conta1');
    expect(row.access_count).toBe(2);
    const days = await req('GET', `/api/web/shortlinks/${row.id}/visits`, { query: { days: 7 } });
    expect(days.body.data).toHaveLength(7);
    expect(days.body.total).toBe(2);
    expect(days.body.data.at(-1).visits).toBe(2);
    expect(delivered).toBeGreaterThanOrEqual(2);
  });

  it('counts a burst of visits exactly, every batch delivered twice', async () => {
    await req('POST', '/api/web/shortlinks', { body: link('Rajada') });
    await Promise.all(Array.from({ length: 57 }, () => visit('Rajada')));
    // A loaded machine (DynamoDB Local runs transactions one at a time) may take seconds.
    await drained();
    expect((await listed('Rajada')).access_count).toBe(57);
  });

  it('counts a visit redelivered in another batch once, beside new visits of its second, however many a second has', async () => {
    await req('POST', '/api/web/shortlinks', { body: link('Lote01') });
    const { id } = await listed('Lote01');
    const at = new Date().toISOString();
    const batch = (from: number, to: number): SQSEvent => ({
      Records: Array.from({ length: to - from }, (_, i) =>
        toRecord('shortlink-visits', {
          tenant: t.tenant,
          slug: 'Lote01',
          id,
          visit: `lote-${from + i}-visita`,
          at,
        }),
      ),
    });
    // 200 people in one second: more than one write holds (several transactions on one second).
    expect((await visitsConsumer(batch(0, 200))).batchItemFailures).toEqual([]);
    expect((await listed('Lote01')).access_count).toBe(200);
    // A later batch redelivers 50 of them beside 50 new visits of the same second.
    expect((await visitsConsumer(batch(150, 250))).batchItemFailures).toEqual([]);
    expect((await listed('Lote01')).access_count).toBe(250);
    // Everything again: nothing moves.
    expect((await visitsConsumer(batch(0, 250))).batchItemFailures).toEqual([]);
    expect((await listed('Lote01')).access_count).toBe(250);
    const days = await req('GET', `/api/web/shortlinks/${id}/visits`, { query: { days: 1 } });
    expect(days.body.total).toBe(250);
  });

  it('answers the 404 page for unknown, inactive, expired and exhausted links and for another tenant', async () => {
    const unknown = await visit('Nada99');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.text).toContain('Link não encontrado');

    await req('POST', '/api/web/shortlinks', { body: link('Inativo', { active: false }) });
    expect((await visit('Inativo')).status).toBe(404);

    await req('POST', '/api/web/shortlinks', { body: link('Velho1', { expires_at: '2020-01-31' }) });
    expect((await visit('Velho1')).status).toBe(404);
    await req('POST', '/api/web/shortlinks', { body: link('Futuro', { expires_at: '2099-12-31' }) });
    expect((await visit('Futuro')).status).toBe(302);

    await req('POST', '/api/web/shortlinks', { body: link('Limite', { max_visits: 1 }) });
    expect((await visit('Limite')).status).toBe(302);
    await drained();
    await pastCache();
    expect((await visit('Limite')).status).toBe(404);

    const other = await createTestTenant('lnk');
    expect((await visit('Futuro', { tenant: other.tenant })).status).toBe(404);
  });

  it('edits a link, its slug too (the count goes along), and deletes it', async () => {
    const created = (await req('POST', '/api/web/shortlinks', { body: link('Edit01') })).body;
    await visit('Edit01');
    await drained();
    const renamed = await req('PUT', `/api/web/shortlinks/${created.id}`, {
      body: link('Edit02', { description: 'Renomeado', url: 'https://loja.com.br/novo' }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: created.id,
      slug: 'Edit02',
      access_count: 1,
      description: 'Renomeado',
    });
    await pastCache();
    expect((await visit('Edit01')).status).toBe(404);
    expect((await visit('Edit02')).headers.location).toBe('https://loja.com.br/novo');
    await drained();
    expect((await listed('Edit02')).access_count).toBe(2);

    await req('POST', '/api/web/shortlinks', { body: link('Ocupa1') });
    const taken = await req('PUT', `/api/web/shortlinks/${created.id}`, { body: link('Ocupa1') });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Link ja existe');

    const off = await req('PUT', `/api/web/shortlinks/${created.id}`, {
      body: link('Edit02', { active: 'N' }),
    });
    expect(off.body, JSON.stringify(off.body)).toMatchObject({ active: false });
    const actives = await req('GET', '/api/web/shortlinks', { query: { active: 'true' } });
    expect(actives.body.data.some((l: { slug: string }) => l.slug === 'Edit02')).toBe(false);
    const search = await req('GET', '/api/web/shortlinks', { query: { filter: 'promocao EDIT02' } });
    expect(search.body.data.map((l: { slug: string }) => l.slug)).toEqual(['Edit02']);

    expect((await req('DELETE', `/api/web/shortlinks/${created.id}`)).status).toBe(200);
    const gone = await req('DELETE', `/api/web/shortlinks/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Link não encontrado.');
    await pastCache();
    expect((await visit('Edit02')).status).toBe(404);
  });

  it('answers a busy link from memory and lets an edit reach its visitors about a second later', async () => {
    const created = (await req('POST', '/api/web/shortlinks', { body: link('Busy01') })).body;
    expect((await visit('Busy01')).status).toBe(302);
    await req('PUT', `/api/web/shortlinks/${created.id}`, { body: link('Busy01', { active: false }) });
    // Within FRESH_MS the instance answers what it read.
    expect((await visit('Busy01')).status).toBe(302);
    await wait(FRESH_MS + 50);
    // The first visit past it may still go (answered at once, it starts the refresh) …
    expect([302, 404]).toContain((await visit('Busy01')).status);
    // … and once that read is back, the deactivation holds for everyone.
    await expect.poll(async () => (await visit('Busy01')).status, { timeout: 10_000 }).toBe(404);
    await drained();
  });

  it('needs read Shortlink to list and write Shortlink to change', async () => {
    const reader = await t.userWith([{ action: 'read', subject: 'Shortlink' }]);
    expect((await req('GET', '/api/web/shortlinks', { token: reader.token })).status).toBe(200);
    const denied = await req('POST', '/api/web/shortlinks', { token: reader.token, body: link('Nope12') });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(denied.body.message);
  });
});
