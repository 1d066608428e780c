import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CMS_MAX_BYTES, CMS_MESSAGES } from '@freguesia/shared/schemas/cms';
import { handler as cms } from '@freguesia/functions/cms/handler';
import { handler as cmsStream } from '@freguesia/functions/cms/files.stream';
import { uploadCmsFile } from '@freguesia/functions/cms/files.service';
import { startLocalServer } from '../../infra/local/server';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';

/**
 * CMS files (spec part 3 §2, §3, §5, §7, §8) through the real handler against DynamoDB Local and
 * the local server's `/files/` (the twin of CloudFront's behaviour): the spec's messages, the type
 * read from the bytes (HTML renamed .png, SVG with a script, a polyglot GIF, an executable), the
 * size limit, the tenant's own origin, the expiry, the delete, and the stream's removal.
 */

const dataDir = await vi.hoisted(async () => {
  // The local blob store reads its folder at load: a throw-away one, set before any import.
  const [fs, os, path] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freguesia-cms-'));
  process.env.FREGUESIA_DATA_DIR = dir;
  return dir;
});

const b64 = (...parts: Array<string | number[]>) =>
  Buffer.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : p))).toString('base64');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];

let server: Server;
let port = 0;

describe('CMS files', () => {
  let t: TestTenant;
  const req = (method: string, path: string, body?: unknown, token?: string) =>
    call(cms, { method, path, tenant: t.tenant, token: token ?? t.adminToken, body });
  const upload = (file: string, filename: string, extra: Record<string, unknown> = {}) =>
    req('POST', '/api/web/cms/new', {
      description: `Arquivo ${filename}`,
      file,
      filename,
      days: 15,
      ...extra,
    });
  /** GET of a file's address on the local server, as a browser on `tenant`'s host. */
  const fetchFile = (url: string, tenant = t.tenant) => {
    const { pathname } = new URL(url);
    return fetch(`http://127.0.0.1:${port}${pathname}`, {
      headers: { 'x-forwarded-host': `${tenant}.localhost:${port}` },
    });
  };

  beforeAll(async () => {
    t = await createTestTenant('cms');
    server = await startLocalServer({ port: 0, webDir: join(dataDir, 'no-web') });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('requires a description and a file with the spec’s messages', async () => {
    const res = await req('POST', '/api/web/cms/new', { description: ' ', file: '', filename: 'a.png' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      description: 'Digite algo para identificar o arquivo',
      file: 'Arquivo pendente',
    });
  });

  it('stores an image under the tenant and serves it inline from the site’s own origin', async () => {
    const res = await upload(b64(PNG), 'Promoção de Natal.png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      content_type: 'image/png',
      inline: true,
      filename: 'Promocao-de-Natal.png',
    });
    expect(res.body.url).toMatch(
      new RegExp(`^https://${t.tenant}\\.freguesia\\.test/files/\\d+/[^/]+/Promocao-de-Natal\\.png$`),
    );
    const days = (Date.parse(res.body.deleted_at) - Date.parse(res.body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(15, 3);

    const file = await fetchFile(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('inline');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PNG));

    const list = await req('GET', '/api/web/cms');
    expect(list.body.data.map((f: { id: number }) => f.id)).toContain(res.body.id);

    // Another tenant's host does not reach it.
    const other = await createTestTenant('cms');
    expect((await fetchFile(res.body.url, other.tenant)).status).toBe(404);
  });

  it('serves HTML renamed .png as a download of HTML, never as a page', async () => {
    const res = await upload(b64('<!doctype html><script>alert(document.cookie)</script>'), 'banner.png');
    expect(res.body).toMatchObject({ content_type: 'text/html', inline: false, filename: 'banner.html' });
    const file = await fetchFile(res.body.url);
    expect(file.headers.get('content-type')).toBe('text/html');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="banner.html"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves an SVG with a script as a download', async () => {
    const res = await upload(
      b64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      'logo.svg',
    );
    expect(res.body).toMatchObject({ content_type: 'image/svg+xml', inline: false });
    expect((await fetchFile(res.body.url)).headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('takes a polyglot GIF as the image it is', async () => {
    const res = await upload(b64('GIF89a/*', [1, 0, 1, 0], '*/=1;<script>alert(1)</script>'), 'x.html');
    expect(res.body).toMatchObject({ content_type: 'image/gif', inline: true, filename: 'x.gif' });
  });

  it('refuses executables, bad base64 and files over 7 MB', async () => {
    const exe = await upload(b64('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 'setup.pdf');
    expect(exe.status).toBe(400);
    expect(exe.body.errors).toEqual({ file: CMS_MESSAGES.type });
    expect((await upload('não é base64!', 'a.txt')).body.errors).toEqual({ file: CMS_MESSAGES.base64 });
    const big = Buffer.alloc(CMS_MAX_BYTES + 1, 0x20);
    Buffer.from(PNG).copy(big);
    const tooLarge = await upload(big.toString('base64'), 'grande.png');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors).toEqual({ file: CMS_MESSAGES.tooLarge });
    const limit = Buffer.alloc(CMS_MAX_BYTES, 0x20);
    Buffer.from(PNG).copy(limit);
    expect((await upload(limit.toString('base64'), 'limite.png')).status).toBe(200);
  }, 60_000);

  it('serves nothing past its date, and lists it no more', async () => {
    const past = staffContext(t, { now: () => new Date(Date.now() - 3 * 86_400_000) });
    const file = await uploadCmsFile(
      past,
      { description: 'Antigo', file: b64(PNG), filename: 'a.png', days: 1 },
      'https://x',
    );
    expect((await fetchFile(file.url)).status).toBe(404);
    const list = await req('GET', '/api/web/cms');
    expect(list.body.data.map((f: { id: number }) => f.id)).not.toContain(file.id);
  });

  it('deletes a file (write CMS), and the stream removes the object of a record the TTL took', async () => {
    const res = await upload(b64(PNG), 'apagar.png');
    const reader = await t.userWith([{ action: 'read', subject: 'CMS' }]);
    expect((await req('DELETE', `/api/web/cms/${res.body.id}`, undefined, reader.token)).status).toBe(403);
    expect((await req('DELETE', `/api/web/cms/${res.body.id}`)).status).toBe(200);
    expect((await fetchFile(res.body.url)).status).toBe(404);
    expect((await req('DELETE', `/api/web/cms/${res.body.id}`)).status).toBe(404);

    const kept = await upload(b64(PNG), 'ttl.png');
    const objectKey = `${t.tenant}${new URL(kept.body.url).pathname.slice('/files'.length)}`;
    expect(existsSync(join(dataDir, 'blobs', 'cms', objectKey))).toBe(true);
    await cmsStream({
      Records: [
        {
          eventID: '1',
          eventName: 'REMOVE',
          dynamodb: {
            SequenceNumber: '1',
            OldImage: { __edb_e__: { S: 'cms-file' }, tenant: { S: t.tenant }, objectKey: { S: objectKey } },
          },
        },
      ],
    } as never);
    expect(existsSync(join(dataDir, 'blobs', 'cms', objectKey))).toBe(false);
    expect((await fetchFile(kept.body.url)).status).toBe(404);
  });
});
