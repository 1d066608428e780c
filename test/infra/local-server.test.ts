import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '@freguesia/infra/local/server';
import { webContentSecurityPolicy } from '@freguesia/infra/lib/security-headers';

/**
 * The local server answers web requests as CloudFront does (compression, caching, security
 * headers) and never a 500 for a path the browser could not have meant.
 */
let server: Server;
let base = '';
let webDir = '';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'linha ${i}'`).join(', ')}];\n`;
const index = `<!doctype html><html lang="pt-BR"><head><title>Freguesia</title></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'freguesia-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), index);
  writeFileSync(
    join(webDir, 'login.html'),
    '<!doctype html><div id="root"><form data-testid="login-form"></form></div>',
  );
  writeFileSync(
    join(webDir, 'cadastro.html'),
    '<!doctype html><div id="root"><main data-testid="portal-page"></main></div>',
  );
  writeFileSync(join(webDir, 'nps.html'), '<!doctype html><main data-testid="nps-survey-page"></main>');
  writeFileSync(join(webDir, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(webDir, 'assets', 'logo-AbC123.png'), Buffer.alloc(4000, 7));
  server = await startLocalServer({ port: 0, webDir });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(webDir, { recursive: true, force: true });
});

/** Raw GET (fetch would decompress and hide what went over the wire). */
async function get(path: string, acceptEncoding?: string) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((done, fail) => {
    const req = request(
      `${base}${path}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('local server: paths', () => {
  it('answers 400 with a Portuguese message for a malformed percent-encoding, on the web and the API', async () => {
    for (const path of ['/%E0%A4%A', '/api/web/customers/%E0%A4%A', '/link/%ZZ']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body.toString()), path).toEqual({
        message: 'Endereço inválido: o caminho contém uma codificação malformada.',
      });
    }
  });
});

describe('local server: prerendered pages, as CloudFront', () => {
  it('serves /login and /cadastro from their prerendered files, every other route from index.html', async () => {
    for (const [path, marker] of [
      ['/login', 'data-testid="login-form"'],
      ['/login/', 'data-testid="login-form"'],
      ['/cadastro', 'data-testid="portal-page"'],
      ['/cadastro/', 'data-testid="portal-page"'],
      ['/cadastro/termos', '<div id="root"></div>'],
      ['/customers', '<div id="root"></div>'],
      // The public survey with its hash; the staff's /nps is an app route.
      ['/nps?hash=1%3B2%3Babc', 'data-testid="nps-survey-page"'],
      ['/nps/?hash=x', 'data-testid="nps-survey-page"'],
      ['/nps', '<div id="root"></div>'],
      ['/nps?days=30', '<div id="root"></div>'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.body.toString(), path).toContain(marker);
    }
  });
});

describe('local server: compression and caching, as CloudFront', () => {
  it('sends hashed assets brotli-compressed when accepted, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 3);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves images alone and revalidates index.html (SPA routes included) on every load', async () => {
    const image = await get('/assets/logo-AbC123.png', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4000);
    const page = await get('/customers', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(page.body).toString()).toBe(index);
  });
});

describe('local server: security headers, as CloudFront', () => {
  it('sends the same Content-Security-Policy and security headers as the distribution on web answers', async () => {
    const page = await get('/login');
    expect(page.headers['content-security-policy']).toBe(
      webContentSecurityPolicy(process.env.VITE_MAP_TILE_URL),
    );
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const asset = await get('/assets/index-AbC123.js');
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});
