import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../config';
import type { KeyMaterialSource } from '../secrets-key';

/**
 * The local twin of the Secrets Manager data key: FREGUESIA_SECRETS_KEY when set (the test
 * setup fixes one), else `<data dir>/secrets.key`, created with random bytes on first start
 * (owner-only permissions; `.data/` is git-ignored). Deleting the file makes the stored
 * integration tokens unreadable: they keep working for the points of sale, and 'Gerar novo
 * token' issues a readable one.
 */
export const localKeyMaterial: KeyMaterialSource = async () => {
  const fromEnv = process.env.FREGUESIA_SECRETS_KEY;
  if (fromEnv) return fromEnv;
  const file = join(config.dataDir, 'secrets.key');
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once keep the first key, never overwrite it.
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(file, 'utf8');
};
