import { config } from '../config';

let cached: Uint8Array | undefined;

/**
 * The HMAC key for JWTs. Locally it comes from JWT_SECRET (generated into .data by
 * `npm start`); in AWS the function reads the Secrets Manager secret named by
 * JWT_SECRET_ARN once per cold start. Never logged.
 */
export async function getJwtSecret(): Promise<Uint8Array> {
  if (cached) return cached;
  const fromEnv = process.env.JWT_SECRET;
  if (fromEnv) {
    cached = new TextEncoder().encode(fromEnv);
    return cached;
  }
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('JWT secret not configured (JWT_SECRET or JWT_SECRET_ARN)');
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region: config.region });
  const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error('JWT secret is empty');
  cached = new TextEncoder().encode(result.SecretString);
  return cached;
}

/** Test hook: forget the cached key (tests switch secrets between suites). */
export function resetJwtSecretCache(): void {
  cached = undefined;
}
