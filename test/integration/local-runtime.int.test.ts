import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@freguesia/functions/lib/config';
import { outbox, outboxDir } from '@freguesia/functions/lib/ports/local/outbox';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { invokeHttp, lambdaContext } from '../../infra/local/lambda-adapter';
import { startLocalServer } from '../../infra/local/server';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { drained } from '../support/wait';

/**
 * The local runtime's own surfaces (issue 20 items 26 and 27): the server listens on loopback
 * unless told otherwise; the outbox is the tenant's, behind a staff session, records opens and
 * clicks only for a signed-in person and redirects only to the message's own links; every
 * function gets its configured timeout.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

describe('local runtime', () => {
  let server: Server;
  let port: number;
  let a: TestTenant;
  let b: TestTenant;
  const events: { type: string; link?: string }[] = [];
  const ids: Record<string, string> = {};

  const get = (
    tenant: string,
    path: string,
    options: { cookie?: string; method?: string; body?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: options.method ?? 'GET',
          headers: {
            host: `${tenant}.localhost:${port}`,
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...(options.body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  const signIn = async (t: TestTenant): Promise<string> => {
    const res = await get(t.tenant, '/_local/outbox/session', {
      method: 'POST',
      body: JSON.stringify({ token: t.adminToken }),
    });
    expect(res.status).toBe(204);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    return cookie;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant('boxa'), createTestTenant('boxb')]);
    registerConsumer('email-events', async (event: SQSEvent) => {
      for (const r of event.Records) {
        const detail = JSON.parse(r.body) as { eventType: string; click?: { link: string } };
        events.push({ type: detail.eventType, ...(detail.click ? { link: detail.click.link } : {}) });
      }
    });
    const mail = outbox();
    for (const t of [a, b]) {
      ids[t.tenant] = await mail.send({
        from: 'loja@exemplo.com.br',
        to: [`cliente@${t.tenant}.com.br`],
        subject: `Oferta de ${t.tenant}`,
        html: '<p>Olá</p><a href="https://loja.exemplo.com.br/oferta?a=1&amp;b=2">Ver oferta</a>',
        tenant: t.tenant,
        tags: { tenant: t.tenant, campaign: '9', run: 'once', recipient: 'c1' },
        idempotencyKey: `${t.tenant}:9:once:c1`,
      });
    }
    await drained();
    events.length = 0;
    server = await startLocalServer({ port: 0, webDir: join(config.dataDir, 'no-web') });
    port = (server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('listens on loopback only by default', async () => {
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (outside) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(port, outside);
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', () => resolve('refused'));
      });
      expect(outcome).toBe('refused');
    }
  });

  it('shows nothing without a session, and records no open or click', async () => {
    const list = await get(a.tenant, '/_local/outbox');
    expect(list.status).toBe(401);
    expect(list.text).not.toContain(`Oferta de ${a.tenant}`);
    const view = await get(a.tenant, `/_local/outbox/${ids[a.tenant]}`);
    expect(view.status).toBe(401);
    const link = encodeURIComponent('https://loja.exemplo.com.br/oferta?a=1&b=2');
    expect((await get(a.tenant, `/_local/outbox/${ids[a.tenant]}/click?u=${link}`)).status).toBe(401);
    expect((await get(a.tenant, `/_local/outbox/${ids[a.tenant]}/raw`)).status).toBe(401);
    // Another tenant's token is no session here.
    const foreign = await get(a.tenant, '/_local/outbox/session', {
      method: 'POST',
      body: JSON.stringify({ token: b.adminToken }),
    });
    expect(foreign.status).toBe(401);
    await drained();
    expect(events).toEqual([]);
  });

  it('lists only the tenant’s messages and never opens another tenant’s', async () => {
    const cookie = await signIn(a);
    const list = await get(a.tenant, '/_local/outbox', { cookie });
    expect(list.status).toBe(200);
    expect(list.text).toContain(`Oferta de ${a.tenant}`);
    expect(list.text).not.toContain(`Oferta de ${b.tenant}`);
    expect((await get(a.tenant, `/_local/outbox/${ids[b.tenant]}`, { cookie })).status).toBe(404);
    // The cookie of one tenant's host is no session on another's.
    expect((await get(b.tenant, '/_local/outbox', { cookie })).status).toBe(401);
  });

  it('records a signed-in view and click, and redirects only to the message’s links', async () => {
    const cookie = await signIn(a);
    const view = await get(a.tenant, `/_local/outbox/${ids[a.tenant]}`, { cookie });
    expect(view.status).toBe(200);
    const evil = await get(
      a.tenant,
      `/_local/outbox/${ids[a.tenant]}/click?u=${encodeURIComponent('https://evil.example/')}`,
      { cookie },
    );
    expect(evil.status).toBe(400);
    const own = 'https://loja.exemplo.com.br/oferta?a=1&b=2';
    const click = await get(a.tenant, `/_local/outbox/${ids[a.tenant]}/click?u=${encodeURIComponent(own)}`, {
      cookie,
    });
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe(own);
    await drained();
    expect(events).toEqual([{ type: 'Open' }, { type: 'Click', link: own }]);
  });

  it('answers the list when the outbox holds a zero-byte or torn file', async () => {
    mkdirSync(outboxDir(), { recursive: true });
    writeFileSync(join(outboxDir(), '2020-01-01T00-00-00-000Z-00000000-torn.json'), '');
    writeFileSync(join(outboxDir(), '2020-01-01T00-00-01-000Z-00000000-half.json'), '{"id":"x","to":[');
    const cookie = await signIn(a);
    const list = await get(a.tenant, '/_local/outbox', { cookie });
    expect(list.status).toBe(200);
    expect(list.text).toContain(`Oferta de ${a.tenant}`);
  });

  it('gives each function its configured timeout, counting down', async () => {
    const context = lambdaContext('cms', 'r-1', 29);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(28_000);
    await new Promise((r) => setTimeout(r, 60));
    expect(context.getRemainingTimeInMillis()).toBeLessThan(29_000 - 40);
    // Through the adapter, as the server invokes a domain with its timeoutSeconds.
    let seen = 0;
    const fake = startLocalServerlessProbe(async (_event, ctx) => {
      seen = ctx.getRemainingTimeInMillis();
      return { statusCode: 204 };
    });
    const probe = await fake;
    await fetch(`http://127.0.0.1:${probe.port}/api/x`);
    probe.server.close();
    expect(seen).toBeGreaterThan(20_000);
  });
});

/** A bare HTTP server that hands each request to `handler` through the adapter with a 29 s timeout. */
async function startLocalServerlessProbe(
  handler: Parameters<typeof invokeHttp>[0],
): Promise<{ server: Server; port: number }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => void invokeHttp(handler, 'probe', req, res, 29));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}
