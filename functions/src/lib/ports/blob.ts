import { config } from '../config';
import type { S3Client } from '@aws-sdk/client-s3'; // type only: the SDK itself loads lazily
import type * as LocalBlobModule from './local/disk-blob';

/** Files (CMS uploads, exports): S3 in AWS, a folder under .data locally. */
export interface BlobPort {
  /** `headers` are served with the object (S3 object metadata): CMS files' Content-Disposition. */
  put(key: string, body: Uint8Array, contentType: string, headers?: BlobHeaders): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Writes a stream of bytes as one object without holding it in memory (an S3 multipart upload;
   * locally a file written aside and renamed), replacing any object of that key. Answers its size.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /**
   * A short-lived link that downloads the object as `fileName` (an S3 presigned GET; locally a
   * signed, expiring `/_local/blobs/...` path served by the local server).
   */
  presign(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
  /**
   * A short-lived link the browser PUTs exactly `size` bytes to (an S3 presigned PUT whose signature
   * covers the Content-Length, so a body of any other size is refused; locally a signed
   * `/_local/blobs/...` path that checks the same). Large CMS uploads go straight to it.
   */
  presignUpload(key: string, options: { size: number; expiresInSeconds: number }): Promise<string>;
  /** The object's size and its first `bytes` bytes (a ranged read), or undefined when absent. */
  head(key: string, bytes: number): Promise<{ size: number; start: Uint8Array } | undefined>;
  /** Copies an object to `to` with the type and headers it is served with (server side, no download). */
  copy(from: string, to: string, contentType: string, headers?: BlobHeaders): Promise<void>;
}

export type BucketName = 'cms' | 'exports';

/** Response headers an object is served with. */
export interface BlobHeaders {
  contentDisposition?: string;
  cacheControl?: string;
}

/** `attachment; filename="…"; filename*=UTF-8''…`: the ASCII fallback and the exact name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

let s3: S3Client | undefined;

/** Counts the bytes that pass (the size of what was uploaded). */
async function* counted(
  body: AsyncIterable<Uint8Array>,
  total: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    total.bytes += chunk.byteLength;
    yield chunk;
  }
}

function awsBlob(bucket: BucketName): BlobPort {
  const name = () => {
    const value = process.env[`BUCKET_${bucket.toUpperCase()}`];
    if (!value) throw new Error(`bucket ${bucket} is not configured`);
    return value;
  };
  const client = async () => {
    const sdk = await import('@aws-sdk/client-s3');
    s3 ??= new sdk.S3Client({ region: config.region });
    return { sdk, s3 };
  };
  return {
    async put(key, body, contentType, headers) {
      const { sdk, s3: c } = await client();
      await c.send(
        new sdk.PutObjectCommand({
          Bucket: name(),
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentDisposition: headers?.contentDisposition,
          CacheControl: headers?.cacheControl,
        }),
      );
    },
    async get(key) {
      const { sdk, s3: c } = await client();
      try {
        const result = await c.send(new sdk.GetObjectCommand({ Bucket: name(), Key: key }));
        return {
          body: await result.Body!.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, s3: c } = await client();
      await c.send(new sdk.DeleteObjectCommand({ Bucket: name(), Key: key }));
    },
    async putStream(key, body, contentType) {
      const [{ s3: c }, { Upload }, { Readable }] = await Promise.all([
        client(),
        import('@aws-sdk/lib-storage'),
        import('node:stream'),
      ]);
      const total = { bytes: 0 };
      // Parts of 8 MB, two in flight: about 16 MB of memory whatever the file's size.
      const upload = new Upload({
        client: c,
        params: {
          Bucket: name(),
          Key: key,
          Body: Readable.from(counted(body, total)),
          ContentType: contentType,
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      await upload.done();
      return total.bytes;
    },
    async presign(key, options) {
      const [{ sdk, s3: c }, { getSignedUrl }] = await Promise.all([
        client(),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const command = new sdk.GetObjectCommand({
        Bucket: name(),
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
      });
      return getSignedUrl(c, command, { expiresIn: options.expiresInSeconds });
    },
    async presignUpload(key, options) {
      const [{ sdk, s3: c }, { getSignedUrl }] = await Promise.all([
        client(),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const command = new sdk.PutObjectCommand({ Bucket: name(), Key: key, ContentLength: options.size });
      // Content-Length signed: S3 refuses a body of any other size (SignatureDoesNotMatch).
      return getSignedUrl(c, command, {
        expiresIn: options.expiresInSeconds,
        signableHeaders: new Set(['content-length']),
      });
    },
    async head(key, bytes) {
      const { sdk, s3: c } = await client();
      try {
        const result = await c.send(
          new sdk.GetObjectCommand({ Bucket: name(), Key: key, Range: `bytes=0-${Math.max(0, bytes - 1)}` }),
        );
        const total = /\/(\d+)$/.exec(result.ContentRange ?? '')?.[1];
        const start = await result.Body!.transformToByteArray();
        return { size: total ? Number(total) : start.length, start };
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'NoSuchKey' || name === 'InvalidRange') return undefined;
        throw error;
      }
    },
    async copy(from, to, contentType, headers) {
      const { sdk, s3: c } = await client();
      await c.send(
        new sdk.CopyObjectCommand({
          Bucket: name(),
          Key: to,
          CopySource: `${name()}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          ContentDisposition: headers?.contentDisposition,
          CacheControl: headers?.cacheControl,
        }),
      );
    },
  };
}

/** The disk blobs never run in AWS: an opaque specifier keeps them out of the Lambda bundles (./queue.ts). */
const LOCAL_BLOB: string = './local/disk-blob';

export async function blobPort(bucket: BucketName): Promise<BlobPort> {
  if (config.runtime === 'local')
    return ((await import(LOCAL_BLOB)) as typeof LocalBlobModule).diskBlob(bucket);
  return awsBlob(bucket);
}
