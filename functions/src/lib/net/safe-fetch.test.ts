import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress, safeFetch, UnsafeUrlError } from './safe-fetch';

let server: Server;
let origin: string;
let allow: string[];
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok')
      return void res.end(JSON.stringify({ ok: true, auth: req.headers.authorization }));
    if (url.pathname === '/to-metadata')
      return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-loopback')
      return void res.writeHead(302, { location: 'http://[::1]:1/' }).end();
    if (url.pathname === '/to-ok') return void res.writeHead(302, { location: '/ok' }).end();
    if (url.pathname === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big') return void res.end(Buffer.alloc(64 * 1024, 'a'));
    if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 30_000).unref();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allow = [`127.0.0.1:${port}`];
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const refused = (url: string, options: Parameters<typeof safeFetch>[1] = {}) =>
  expect(safeFetch(url, { allow: [], ...options })).rejects.toBeInstanceOf(UnsafeUrlError);

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    'not-an-ip',
  ])('refuses %s', (ip) => expect(isForbiddenAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '200.147.67.142', '2800:3f0:4001:80e::200e', '::ffff:8.8.8.8', '172.32.0.1'])(
    'accepts the public %s',
    (ip) => expect(isForbiddenAddress(ip)).toBe(false),
  );
});

describe('safeFetch', () => {
  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://2130706433/', // decimal 127.0.0.1
    'http://0x7f000001/', // hex
    'http://0177.0.0.1/', // octal
    'http://127.1/', // short form
    'http://0xa9.0xfe.0xa9.0xfe/', // hex metadata
    'http://localhost/',
    'http://metadata.google.internal/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'http://user:pass@example.com/',
  ])('refuses %s before any connection', async (url) => {
    const before = hits;
    await refused(url);
    expect(hits).toBe(before);
  });

  it('refuses a name whose DNS answers include a private address (every answer checked)', async () => {
    await refused('http://rebind.example.com/', { resolve: async () => ['93.184.216.34', '10.0.0.1'] });
    await refused('http://v6.example.com/', { resolve: async () => ['::ffff:127.0.0.1'] });
  });

  it('connects to the address it checked (a public answer is used as is)', async () => {
    const { port } = server.address() as AddressInfo;
    // The name resolves to the allowed stand-in: the socket goes where the check looked.
    const answer = await safeFetch(`http://stand-in.test:${port}/ok`, {
      allow: [`stand-in.test:${port}`],
      resolve: async () => ['127.0.0.1'],
    });
    expect(answer.json()).toEqual({ ok: true });
  });

  it('follows a redirect inside the allowed origin, refuses one to a private address', async () => {
    expect((await safeFetch(`${origin}/to-ok`, { allow })).json()).toEqual({ ok: true });
    await expect(safeFetch(`${origin}/to-metadata`, { allow })).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(safeFetch(`${origin}/to-loopback`, { allow })).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('stops following redirects after the limit', async () => {
    const answer = await safeFetch(`${origin}/loop`, { allow, maxRedirects: 2 });
    expect(answer.status).toBe(302);
  });

  it('cuts a response over the size limit', async () => {
    await expect(safeFetch(`${origin}/big`, { allow, maxBytes: 1024 })).rejects.toThrow(
      'Resposta grande demais.',
    );
    expect((await safeFetch(`${origin}/big`, { allow })).body.length).toBe(64 * 1024);
  });

  it('gives up at the timeout', async () => {
    // The answer would come after 30 s; giving up at 200 ms ends far sooner, even on a loaded host.
    const started = Date.now();
    await expect(safeFetch(`${origin}/slow`, { allow, timeoutMs: 200 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the deployment allow-list (SAFE_FETCH_ALLOW) is the only way to a private address', async () => {
    const previous = process.env.SAFE_FETCH_ALLOW;
    try {
      delete process.env.SAFE_FETCH_ALLOW;
      await expect(safeFetch(`${origin}/ok`)).rejects.toBeInstanceOf(UnsafeUrlError);
      process.env.SAFE_FETCH_ALLOW = allow[0];
      expect((await safeFetch(`${origin}/ok`)).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.SAFE_FETCH_ALLOW;
      else process.env.SAFE_FETCH_ALLOW = previous;
    }
  });
});
