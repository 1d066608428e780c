import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '../../config';
import type { BlobPort, BucketName } from '../blob';

/** Path under which the local server (infra/local/server.ts) serves signed blob links. */
export const LOCAL_BLOB_PATH = '/_local/blobs/';

/**
 * Key of the local links' signatures: derived from the local JWT secret when `npm start` set one
 * (links survive a reload of the handlers), else random for this process (tests).
 */
const signingKey = process.env.JWT_SECRET
  ? createHash('sha256').update(`local-blob-links:${process.env.JWT_SECRET}`).digest()
  : randomBytes(32);

const signature = (bucket: string, key: string, expires: number, fileName: string) =>
  createHmac('sha256', signingKey).update(`${bucket}\n${key}\n${expires}\n${fileName}`).digest('hex');

/** The signature of an upload link: bucket, key, expiry and the exact size (like S3's signed Content-Length). */
const uploadSignature = (bucket: string, key: string, expires: number, size: number) =>
  createHmac('sha256', signingKey).update(`PUT\n${bucket}\n${key}\n${expires}\n${size}`).digest('hex');

function blobPath(root: string, bucket: string, key: string): string {
  const base = join(root, bucket);
  const path = normalize(join(base, key));
  if (!path.startsWith(base + sep)) throw new Error('invalid blob key');
  return path;
}

/** Blob store on disk: .data/blobs/<bucket>/<key>, content type in a side file. */
export function diskBlob(bucket: BucketName, root = join(config.dataDir, 'blobs')): BlobPort {
  const pathOf = (key: string) => blobPath(root, bucket, key);
  return {
    async put(key, body, contentType, headers) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType, ...headers }));
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(path), readFile(`${path}.meta.json`, 'utf8')]);
        return {
          body: new Uint8Array(body),
          contentType: (JSON.parse(meta) as { contentType: string }).contentType,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },
    async putStream(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and two writers of one key end
      // with one whole file (the last rename), like S3's last-writer-wins.
      const partial = `${path}.${randomUUID()}.part`;
      let bytes = 0;
      const counting = async function* () {
        for await (const chunk of body) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      };
      try {
        await pipeline(Readable.from(counting()), createWriteStream(partial));
        await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return bytes;
    },
    async presign(key, options) {
      pathOf(key); // refuses keys outside the bucket
      const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
      const query = new URLSearchParams({
        name: options.fileName,
        expires: String(expires),
        signature: signature(bucket, key, expires, options.fileName),
      });
      return `${LOCAL_BLOB_PATH}${bucket}/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
    async presignUpload(key, options) {
      pathOf(key);
      const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
      const query = new URLSearchParams({
        upload: '1',
        size: String(options.size),
        expires: String(expires),
        signature: uploadSignature(bucket, key, expires, options.size),
      });
      return `${LOCAL_BLOB_PATH}${bucket}/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
    async head(key, bytes) {
      const path = pathOf(key);
      const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!handle) return undefined;
      try {
        const { size } = await handle.stat();
        const start = new Uint8Array(Math.min(bytes, size));
        await handle.read(start, 0, start.length, 0);
        return { size, start };
      } finally {
        await handle.close();
      }
    },
    async copy(from, to, contentType, headers) {
      const source = pathOf(from);
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(source, target);
      await writeFile(`${target}.meta.json`, JSON.stringify({ contentType, ...headers }));
    },
  };
}

/**
 * Checks a local upload link (`presignUpload` above): signature, expiry, the key inside its bucket.
 * Answers where to write and the exact size the body must have.
 */
export function openLocalUploadLink(
  url: URL,
  root = join(config.dataDir, 'blobs'),
  now = Date.now(),
): { path: string; size: number } | 'expired' | 'invalid' {
  if (!url.pathname.startsWith(LOCAL_BLOB_PATH) || url.searchParams.get('upload') !== '1') return 'invalid';
  let bucket: string;
  let key: string;
  try {
    const [first, ...rest] = url.pathname.slice(LOCAL_BLOB_PATH.length).split('/').map(decodeURIComponent);
    bucket = first ?? '';
    key = rest.join('/');
  } catch {
    return 'invalid';
  }
  const size = Number(url.searchParams.get('size'));
  const expires = Number(url.searchParams.get('expires'));
  if (!bucket || !key || !Number.isInteger(expires) || !Number.isInteger(size) || size < 0) return 'invalid';
  const given = Buffer.from(url.searchParams.get('signature') ?? '', 'hex');
  const wanted = Buffer.from(uploadSignature(bucket, key, expires, size), 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'invalid';
  if (expires * 1000 < now) return 'expired';
  try {
    return { path: blobPath(root, bucket, key), size };
  } catch {
    return 'invalid';
  }
}

/**
 * Checks a local blob link (`presign` above): the signature, the expiry, and that the key stays in
 * its bucket. Answers the file to serve, or why not ('expired' → 410, 'invalid' → 403).
 */
export function openLocalBlobLink(
  url: URL,
  root = join(config.dataDir, 'blobs'),
  now = Date.now(),
): { path: string; fileName: string; contentTypeFile: string } | 'expired' | 'invalid' {
  if (!url.pathname.startsWith(LOCAL_BLOB_PATH)) return 'invalid';
  let bucket: string;
  let key: string;
  try {
    const [first, ...rest] = url.pathname.slice(LOCAL_BLOB_PATH.length).split('/').map(decodeURIComponent);
    bucket = first ?? '';
    key = rest.join('/');
  } catch {
    return 'invalid';
  }
  const fileName = url.searchParams.get('name') ?? '';
  const expires = Number(url.searchParams.get('expires'));
  const given = Buffer.from(url.searchParams.get('signature') ?? '', 'hex');
  const wanted = Buffer.from(signature(bucket, key, expires, fileName), 'hex');
  if (
    !bucket ||
    !key ||
    !Number.isInteger(expires) ||
    given.length !== wanted.length ||
    !timingSafeEqual(given, wanted)
  )
    return 'invalid';
  if (expires * 1000 < now) return 'expired';
  try {
    const path = blobPath(root, bucket, key);
    return { path, fileName, contentTypeFile: `${path}.meta.json` };
  } catch {
    return 'invalid';
  }
}
