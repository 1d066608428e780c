import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { attachmentDisposition } from '@freguesia/functions/lib/ports/blob';
import { LOCAL_BLOB_PATH, openLocalBlobLink } from '@freguesia/functions/lib/ports/local/disk-blob';

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
