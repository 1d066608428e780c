import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { attachmentDisposition } from '@freguesia/functions/lib/ports/blob';
import {
  LOCAL_BLOB_PATH,
  openLocalBlobLink,
  openLocalUploadLink,
} from '@freguesia/functions/lib/ports/local/disk-blob';

export { LOCAL_BLOB_PATH };

/**
 * Serves the local blob store's signed links (`/_local/blobs/<bucket>/<key>?name&expires&signature`,
 * made by `presign` of lib/ports/local/disk-blob.ts), as S3 serves a presigned GET: a wrong
 * signature is 403, an expired link 403 too (S3 says 'Request has expired'), a missing file 404.
 */
export async function serveBlobLink(
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  const link = openLocalBlobLink(url);
  const refuse = (status: number, text: string) => {
    res.writeHead(status, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };
  if (req.method === 'PUT' || req.method === 'OPTIONS') return receiveUpload(req, res, url, securityHeaders);
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, 'Método não permitido.');
  if (link === 'invalid') return refuse(403, 'Link inválido.');
  if (link === 'expired') return refuse(403, 'Link expirado.');
  const info = await stat(link.path).catch(() => undefined);
  if (!info?.isFile()) return refuse(404, 'Arquivo não encontrado.');
  const meta = await readFile(link.contentTypeFile, 'utf8')
    .then((text) => JSON.parse(text) as { contentType?: string })
    .catch(() => ({}) as { contentType?: string });
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': meta.contentType ?? 'application/octet-stream',
    'content-length': info.size,
    'content-disposition': attachmentDisposition(link.fileName),
    'cache-control': 'private, no-store',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(link.path).pipe(res);
}

/**
 * `PUT /_local/blobs/<bucket>/<key>?upload=1&size&expires&signature` (made by `presignUpload`), as
 * S3 takes a presigned PUT: a wrong signature or expired link is 403, a body whose Content-Length
 * is not the signed size is 403 too (S3's SignatureDoesNotMatch), and the bytes are counted as they
 * arrive, so a body longer than announced is cut off and nothing is kept. Written aside and renamed.
 */
async function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  securityHeaders: Record<string, string>,
): Promise<void> {
  const answer = (status: number, text: string) => {
    res.writeHead(status, {
      ...securityHeaders,
      'content-type': 'text/plain; charset=utf-8',
      connection: 'close',
    });
    res.end(text);
  };
  if (req.method === 'OPTIONS') return answer(204, '');
  const link = openLocalUploadLink(url);
  if (link === 'invalid') return answer(403, 'Link inválido.');
  if (link === 'expired') return answer(403, 'Link expirado.');
  const declared = Number(req.headers['content-length']);
  if (!Number.isInteger(declared) || declared !== link.size)
    return answer(403, 'Tamanho diferente do autorizado.');
  await mkdir(dirname(link.path), { recursive: true });
  const partial = `${link.path}.${randomUUID()}.part`;
  let received = 0;
  const ok = await new Promise<boolean>((resolve) => {
    const out = createWriteStream(partial);
    req.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > link.size) {
        req.destroy();
        out.destroy();
        resolve(false);
      }
    });
    req.pipe(out);
    out.on('finish', () => resolve(received === link.size));
    out.on('error', () => resolve(false));
    req.on('error', () => resolve(false));
  });
  if (!ok) {
    await rm(partial, { force: true });
    if (!res.headersSent && !res.writableEnded) answer(403, 'Tamanho diferente do autorizado.');
    return;
  }
  await writeFile(`${link.path}.meta.json`, JSON.stringify({ contentType: 'application/octet-stream' }));
  await rename(partial, link.path);
  answer(200, '');
}
