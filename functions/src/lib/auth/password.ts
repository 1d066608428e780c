import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * Password hashing with Argon2id at OWASP's recommended minimum (Password Storage Cheat
 * Sheet): m = 19 MiB, t = 2, p = 1, 16-byte salt, 32-byte hash, PHC string format.
 * hash-wasm is pure WebAssembly, so the same code runs locally and on Lambda ARM64.
 */
export const PASSWORD_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...PASSWORD_PARAMS, outputType: 'encoded' });
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encoded });
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when the account does not exist, so the
 * response time does not reveal whether an e-mail (or document) is registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
