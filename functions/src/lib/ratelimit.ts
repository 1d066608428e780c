import { createHash } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from './ddb/client';
import { key } from './ddb/indexes';
import { rateLimited } from './errors';

/**
 * Fixed-window request counters for public endpoints (customer portal, existence checks).
 * One item per (tenant, bucket, window start); a request is one atomic UpdateItem (ADD 1,
 * ALL_NEW), so concurrent Lambdas share the count without a read-then-write. Items expire
 * through the table's TTL (`expiresAt`, epoch seconds) shortly after their window ends.
 * The bucket key is stored as a SHA-256, so no IP or document sits in the table in clear.
 */
export const RateLimitEntity = new Entity(
  {
    model: { entity: 'rateLimit', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      bucket: { type: 'string', required: true, readOnly: true },
      /** Epoch seconds of the window start. */
      window: { type: 'number', required: true, readOnly: true },
      hits: { type: 'number', required: true, default: 0 },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byWindow: key('primary', ['tenant', 'bucket', 'window'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

/**
 * Counts one hit of `bucketKey` (e.g. `portal:ip:10.0.0.1`) in the current window of
 * `windowSeconds` and throws 429 with a Retry-After header once more than `max` hits
 * happened in it. Returns the hits counted so far.
 */
export async function limit(
  tenant: string,
  bucketKey: string,
  max: number,
  windowSeconds: number,
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % windowSeconds);
  const { data } = await RateLimitEntity.update({ tenant, bucket: digest(bucketKey), window })
    .add({ hits: 1 })
    .set({ expiresAt: window + windowSeconds * 2 })
    .go({ response: 'all_new' });
  const hits = data.hits ?? 1;
  if (hits > max) throw rateLimited(RATE_LIMIT_MESSAGE, Math.max(1, window + windowSeconds - now));
  return hits;
}

/**
 * Takes up to `wanted` units from a budget of `max` per window of `windowSeconds` (a send rate):
 * one atomic ADD, answering how many were granted (0 when the window is spent). Units asked for
 * beyond the budget are not given back: the window ends soon and the caller waits for the next.
 */
export async function take(
  tenant: string,
  bucketKey: string,
  max: number,
  windowSeconds: number,
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % windowSeconds);
  const { data } = await RateLimitEntity.update({ tenant, bucket: digest(bucketKey), window })
    .add({ hits: wanted })
    .set({ expiresAt: window + windowSeconds * 2 })
    .go({ response: 'all_new' });
  const before = (data.hits ?? wanted) - wanted;
  return Math.max(0, Math.min(wanted, max - before));
}
