import { config } from '../config';
import type { S3Client } from '@aws-sdk/client-s3'; // type only: the SDK itself loads lazily

/** Files (CMS uploads, exports): S3 in AWS, a folder under .data locally. */
export interface BlobPort {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

export type BucketName = 'cms' | 'exports';

let s3: S3Client | undefined;

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
    async put(key, body, contentType) {
      const { sdk, s3: c } = await client();
      await c.send(new sdk.PutObjectCommand({ Bucket: name(), Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      const { sdk, s3: c } = await client();
      try {
        const result = await c.send(new sdk.GetObjectCommand({ Bucket: name(), Key: key }));
        return { body: await result.Body!.transformToByteArray(), contentType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, s3: c } = await client();
      await c.send(new sdk.DeleteObjectCommand({ Bucket: name(), Key: key }));
    },
  };
}

export async function blobPort(bucket: BucketName): Promise<BlobPort> {
  if (config.runtime === 'local') return (await import('./local/disk-blob')).diskBlob(bucket);
  return awsBlob(bucket);
}
