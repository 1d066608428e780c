import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeUrlError } from '../lib/net/safe-fetch';
import { BotEngine } from './bot-engine.model';
import { REQUEST_LIMITS, botRuntime } from './bot.service';

/**
 * SSRF attempts through a bot Request node (issue 24 item 6): every private, loopback and
 * link-local target is refused — literal, encoded, through a redirect or a DNS answer — and no
 * connection reaches the stand-in server except the allowed one.
 */

let server: Server;
let origin: string;
let hits = 0;
const env = process.env.SAFE_FETCH_ALLOW;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/to-private') return void res.writeHead(302, { location: 'http://10.1.2.3/' }).end();
    if (req.url === '/to-metadata')
      return void res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/big') return void res.end(Buffer.alloc(REQUEST_LIMITS.maxBytes + 1, 'a'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  // The stand-in is the one private origin the deployment allows (as the local runtime does).
  process.env.SAFE_FETCH_ALLOW = `127.0.0.1:${port}`;
});
afterAll(async () => {
  if (env === undefined) delete process.env.SAFE_FETCH_ALLOW;
  else process.env.SAFE_FETCH_ALLOW = env;
  REQUEST_LIMITS.resolve = undefined;
  await new Promise<void>((r) => server.close(() => r()));
});

const call = (url: string) => botRuntime.request({ method: 'GET', url, authorization: '', body: '' });

describe('bot Request node: the safe agent', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/admin',
    'http://10.0.0.1/',
    'http://10.255.255.254/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://167772161/',
    'http://0/',
    'http://localhost/',
    'http://metadata.google.internal/',
    'file:///etc/passwd',
  ])('refuses %s', async (url) => {
    const before = hits;
    await expect(call(url)).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(hits).toBe(before);
  });

  it('refuses a redirect to a private or metadata address', async () => {
    await expect(call(`${origin}/to-private`)).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(call(`${origin}/to-metadata`)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('refuses a DNS name resolving to a private address (any of its answers)', async () => {
    REQUEST_LIMITS.resolve = async () => ['93.184.216.34', '192.168.1.10'];
    try {
      await expect(call('http://intranet.exemplo.com.br/')).rejects.toBeInstanceOf(UnsafeUrlError);
      REQUEST_LIMITS.resolve = async () => ['::ffff:10.0.0.1'];
      await expect(call('http://v6.exemplo.com.br/')).rejects.toBeInstanceOf(UnsafeUrlError);
    } finally {
      REQUEST_LIMITS.resolve = undefined;
    }
  });

  it('cuts an answer over the size limit; an allowed call answers', async () => {
    await expect(call(`${origin}/big`)).rejects.toThrow('Resposta grande demais.');
    expect(await call(`${origin}/ok`)).toEqual({ status: 200, body: '{"ok":true}' });
  });

  it('a flow calling the metadata address gets the refusal in a variable, nothing reaches the network', async () => {
    const engine = new BotEngine({
      nodes: [
        { id: 's', type: 'Start', data: {} },
        { id: 'r', type: 'Request', data: { url: 'http://169.254.169.254/latest/meta-data/iam' } },
      ],
      edges: [{ id: 'e', source: 's', target: 'r' }],
    });
    const before = hits;
    const result = await engine.handle(
      {},
      {},
      { kind: 'message', text: 'oi' },
      {
        now: () => Date.now(),
        token: () => 't',
        request: (c) => botRuntime.request(c),
        javascript: async (_c, variables) => ({ variables, result: '' }),
      },
    );
    expect(result.variables.request_status).toBe('0');
    expect(result.variables.request_erro).toBe('Endereço não permitido.');
    expect(hits).toBe(before);
  });
});
