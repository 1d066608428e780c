import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as whatsapp } from '@freguesia/functions/whatsapp/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The media check of the WhatsApp message builder (spec part 3 §5: a HEAD on blur; over 7,340,032
 * bytes 'Arquivo muito grande!'): `GET /api/web/whatsapp/media?url=` answers through the safe
 * agent, which refuses private addresses not explicitly allowed.
 */
describe('whatsapp media check', () => {
  let t: TestTenant;
  let server: Server;
  let origin = '';
  const heads: string[] = [];
  const saved = process.env.SAFE_FETCH_ALLOW;
  const check = (url: string) =>
    call(whatsapp, {
      tenant: t.tenant,
      token: t.adminToken,
      method: 'GET',
      path: '/api/web/whatsapp/media',
      query: { url },
    });

  beforeAll(async () => {
    t = await createTestTenant('wmedia');
    server = createServer((req, res) => {
      heads.push(`${req.method} ${req.url}`);
      const size = req.url?.startsWith('/big') ? 7_340_033 : req.url?.startsWith('/small') ? 7_340_032 : -1;
      if (size < 0) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(size) }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    if (saved === undefined) delete process.env.SAFE_FETCH_ALLOW;
    else process.env.SAFE_FETCH_ALLOW = saved;
    await new Promise((r) => server.close(r));
  });

  it('refuses a private address that is not allowed, without calling it', async () => {
    process.env.SAFE_FETCH_ALLOW = '';
    const res = await check(`http://${origin}/small.jpg`);
    expect(res.status).toBe(400);
    expect(res.body.errors.url).toBe('Endereço da mídia recusado.');
    expect(heads).toEqual([]);
  });

  it('answers the size up to 7,340,032 bytes and "Arquivo muito grande!" above, with one HEAD each', async () => {
    process.env.SAFE_FETCH_ALLOW = origin;
    const small = await check(`http://${origin}/small.jpg`);
    expect(small.status, small.text).toBe(200);
    expect(small.body).toEqual({ size: 7_340_032, content_type: 'image/jpeg' });
    const big = await check(`http://${origin}/big.mp4`);
    expect(big.status).toBe(400);
    expect(big.body.errors.url).toBe('Arquivo muito grande!');
    const missing = await check(`http://${origin}/missing.pdf`);
    expect(missing.body.errors.url).toBe('Mídia não encontrada (HTTP 404).');
    expect(heads).toEqual(['HEAD /small.jpg', 'HEAD /big.mp4', 'HEAD /missing.pdf']);
  });

  it('refuses what is not an http(s) URL before any call', async () => {
    const res = await check('file:///etc/passwd');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Use uma URL http(s) para a mídia.');
  });
});
