import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../config';
import type * as LocalKeyFileModule from './local/secrets-key-file';

/**
 * Encryption at rest of the few secrets the platform must show again (the integration token):
 * AES-256-GCM with the app's data key, so a copy of the table (backup, export, a read-only
 * IAM principal) reveals nothing.
 *
 * Where the key comes from is the port: in AWS a Secrets Manager secret created by the data
 * stack (SECRETS_KEY_ARN, read once per cold start, like the JWT key); locally a key file under
 * the data folder (`.data/secrets.key`, created on first start, never committed) or, in tests,
 * FREGUESIA_SECRETS_KEY. Secrets Manager rather than KMS Encrypt/Decrypt: no extra SDK client
 * in the bundle, no KMS round trip per read, and one cipher code path that the local runtime and
 * the integration tests exercise exactly as AWS runs it.
 */
export interface SecretsCipher {
  /** Encrypts `plain`; `context` (e.g. `integration-token:<tenant>`) is bound to the result. */
  seal(plain: string, context: string): Promise<string>;
  /** Decrypts a value sealed with the same key and context; throws on any mismatch. */
  open(sealed: string, context: string): Promise<string>;
}

/**
 * A sealed value that this key cannot open: another key, another context, a damaged or
 * unknown format. Not raised when the key itself cannot be loaded (that is an outage).
 */
export class UnreadableSecretError extends Error {
  override name = 'UnreadableSecretError';
}

/** Where the key material comes from: a high-entropy string, turned into the AES key by HKDF. */
export type KeyMaterialSource = () => Promise<string>;

const VERSION = 'v1';
const INFO = 'freguesia/secrets-at-rest/v1';

interface DataKey {
  key: Buffer;
  /** First 8 hex digits of the key's SHA-256: says "another key" instead of a bare failure. */
  id: string;
}

function deriveKey(material: string): DataKey {
  if (material.trim().length < 32) throw new Error('secrets key material is too short');
  const key = Buffer.from(hkdfSync('sha256', material.trim(), Buffer.alloc(0), INFO, 32));
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 8) };
}

/** The cipher over a key source (exported for unit tests; the app uses `secretsCipher()`). */
export function cipherWith(source: KeyMaterialSource): SecretsCipher {
  let loaded: Promise<DataKey> | undefined;
  const dataKey = () => {
    loaded ??= source().then(deriveKey);
    // A failed load (network, permissions) is retried on the next call, not cached.
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  const aad = (context: string) => Buffer.from(`freguesia:${context}`, 'utf8');
  return {
    async seal(plain, context) {
      const { key, id } = await dataKey();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, id, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    async open(sealed, context) {
      const { key, id } = await dataKey();
      const [version, keyId, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new UnreadableSecretError('unknown sealed format');
      if (keyId !== id)
        throw new UnreadableSecretError(`sealed with another key (${keyId ?? '?'}, current ${id})`);
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < 16) throw new UnreadableSecretError('sealed value is truncated');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aad(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // GCM authentication failed: another context (tenant) or a modified value.
        throw new UnreadableSecretError('sealed value does not authenticate');
      }
    },
  };
}

const awsKeyMaterial: KeyMaterialSource = async () => {
  const arn = process.env.SECRETS_KEY_ARN;
  if (!arn) throw new Error('secrets key not configured (SECRETS_KEY_ARN)');
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region: config.region });
  const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error('secrets key is empty');
  return result.SecretString;
};

let cipher: SecretsCipher | undefined;

/** The local key file never serves in AWS: an opaque specifier keeps it out of the Lambda bundles (./queue.ts). */
const LOCAL_KEY_FILE: string = './local/secrets-key-file';

/** The app's secrets cipher: Secrets Manager key in AWS, key file (or test key) locally. */
export async function secretsCipher(): Promise<SecretsCipher> {
  if (cipher) return cipher;
  const source =
    config.runtime === 'local'
      ? ((await import(LOCAL_KEY_FILE)) as typeof LocalKeyFileModule).localKeyMaterial
      : awsKeyMaterial;
  cipher = cipherWith(source);
  return cipher;
}
