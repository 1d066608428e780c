import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { tenantLabelFromHost } from '@freguesia/functions/lib/http/middleware/tenant';
import { CMS_FILES_CONTENT_SECURITY_POLICY } from '../lib/security-headers';

/** CMS files on the site's own origin, as CloudFront serves them (infra/lib/constructs/edge-functions.ts, cmsFilesCode). */
export const FILES_PATH = '/files/';
const PATH = /^\/files\/(\d{9,11})\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9._-]{1,120})$/;

/**
 * `GET|HEAD /files/{expiry}/{id-token}/{name}`: the tenant's object from the local cms bucket
 * (`.data/blobs/cms/{tenant}/…`) with the headers it was stored with (type by its bytes,
 * `attachment` for what a browser could run), `nosniff` and a CSP that runs nothing; refused once
 * past the expiry the address carries.
 */
export async function serveCmsFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  dataDir: string,
  baseHeaders: Record<string, string>,
): Promise<void> {
  const missing = (status = 404, text = 'Arquivo não encontrado.') => {
    res.writeHead(status, {
      ...baseHeaders,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return missing(405, 'Método não permitido.');
  const match = PATH.exec(path);
  const tenant = tenantLabelFromHost(req.headers['x-forwarded-host']?.toString() ?? req.headers.host);
  if (!match || !tenant || Number(match[1]) * 1000 <= Date.now()) return missing();
  const base = join(dataDir, 'blobs', 'cms');
  const file = normalize(join(base, tenant, match[1]!, match[2]!, match[3]!));
  if (!file.startsWith(base + sep)) return missing();
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return missing();
  const meta = await readFile(`${file}.meta.json`, 'utf8')
    .then(
      (text) =>
        JSON.parse(text) as { contentType?: string; contentDisposition?: string; cacheControl?: string },
    )
    .catch(() => ({}) as { contentType?: string; contentDisposition?: string; cacheControl?: string });
  res.writeHead(200, {
    ...baseHeaders,
    'content-security-policy': CMS_FILES_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'content-type': meta.contentType ?? 'application/octet-stream',
    'content-disposition': meta.contentDisposition ?? 'attachment',
    'cache-control': meta.cacheControl ?? 'no-store',
    'content-length': info.size,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}
