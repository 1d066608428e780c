import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { config } from '../../config';
import type { BlobPort, BucketName } from '../blob';

/** Blob store on disk: .data/blobs/<bucket>/<key>, content type in a side file. */
export function diskBlob(bucket: BucketName, root = join(config.dataDir, 'blobs')): BlobPort {
  const base = join(root, bucket);
  const pathOf = (key: string) => {
    const path = normalize(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('invalid blob key');
    return path;
  };
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(path), readFile(`${path}.meta.json`, 'utf8')]);
        return { body: new Uint8Array(body), contentType: (JSON.parse(meta) as { contentType: string }).contentType };
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
  };
}
