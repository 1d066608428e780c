import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { mapLimited } from './concurrency';

/**
 * BatchGetItem and BatchWriteItem with DynamoDB's unprocessed-items contract: what a request
 * leaves unprocessed (throttling, the 16 MB answer limit) is sent again after a jittered,
 * doubling pause, at most `maxAttempts` times per chunk; then a clear error names what is left.
 * Chunks are DynamoDB's limits: 100 keys per BatchGet, 25 requests per BatchWrite.
 */

export interface BatchOptions {
  /** What the items are, for the error message ('products', 'tag members'). */
  what: string;
  /** Requests per chunk before giving up (default 8). */
  maxAttempts?: number;
  /** First pause between attempts, doubled each time (default 20 ms). */
  baseDelayMs?: number;
}

export const BATCH_GET_LIMIT = 100;
export const BATCH_WRITE_LIMIT = 25;
const DEFAULT_ATTEMPTS = 8;
const DEFAULT_DELAY_MS = 20;

/** Raised when items are still unprocessed after the last attempt. */
export class UnprocessedItemsError extends Error {
  override readonly name = 'UnprocessedItemsError';
  constructor(
    readonly what: string,
    readonly left: number,
    readonly attempts: number,
  ) {
    super(`${what}: ${left} item(s) left unprocessed after ${attempts} attempts`);
  }
}

const pause = (attempt: number, baseMs: number) =>
  new Promise((resolve) => setTimeout(resolve, baseMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2)));

/**
 * Sends `items` with `attempt` (one request, or one ElectroDB batch call) until nothing is left
 * unprocessed: the core of every helper below, usable with any batch API that answers what it
 * left.
 */
export async function retryUnprocessed<T>(
  items: readonly T[],
  attempt: (pending: T[]) => Promise<readonly T[]>,
  options: BatchOptions,
): Promise<void> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  let pending = [...items];
  for (let n = 1; pending.length > 0; n++) {
    pending = [...(await attempt(pending))];
    if (pending.length === 0) return;
    if (n >= maxAttempts) throw new UnprocessedItemsError(options.what, pending.length, n);
    await pause(n, options.baseDelayMs ?? DEFAULT_DELAY_MS);
  }
}

/**
 * An ElectroDB batch get (`Entity.get([...keys]).go()`, which chunks by 100 itself) retried until
 * no key is left unprocessed; answers every item found, in no particular order.
 *
 * ```ts
 * await batchGetEntities((keys) => ProductEntity.get(keys).go({ concurrency: 10 }), ids.map((id) => ({ tenant, id })), { what: 'products' });
 * ```
 */
export async function batchGetEntities<K, T>(
  get: (keys: K[]) => Promise<{ data: T[]; unprocessed: readonly unknown[] }>,
  keys: readonly K[],
  options: BatchOptions,
): Promise<T[]> {
  const found: T[] = [];
  await retryUnprocessed(
    keys,
    async (pending) => {
      const { data, unprocessed } = await get(pending);
      found.push(...data);
      // ElectroDB answers the unprocessed keys as the composite attributes it was given.
      return unprocessed as K[];
    },
    options,
  );
  return found;
}

/** An ElectroDB batch put or delete (`Entity.put([...]).go()`) retried until nothing is left unprocessed. */
export async function batchWriteEntities<T>(
  write: (items: T[]) => Promise<{ unprocessed: readonly unknown[] }>,
  items: readonly T[],
  options: BatchOptions,
): Promise<void> {
  await retryUnprocessed(items, async (pending) => (await write(pending)).unprocessed as T[], options);
}

/** One BatchWriteItem request: a put or a delete (DocumentClient shapes). */
export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Writes and deletes items of the table with BatchWriteItem, 25 per request, `concurrency` requests
 * at once (default 1: in order), each chunk retried until nothing is left unprocessed.
 */
export async function batchWrite(
  requests: readonly WriteRequest[],
  options: BatchOptions & { concurrency?: number; table?: string },
): Promise<void> {
  const table = options.table ?? tableName();
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT)
    chunks.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  await mapLimited(chunks, options.concurrency ?? 1, (chunk) =>
    retryUnprocessed(
      chunk,
      async (pending) => {
        const answer = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        return (answer.UnprocessedItems?.[table] ?? []) as WriteRequest[];
      },
      options,
    ),
  );
}

/**
 * Reads items of the table by key with BatchGetItem, 100 keys per request, `concurrency` requests
 * at once (default 4), each chunk retried until no key is left unprocessed. Answers the items
 * found, in no particular order (missing keys are left out).
 */
export async function batchGet(
  keys: readonly Record<string, unknown>[],
  options: BatchOptions & { concurrency?: number; table?: string; consistent?: boolean },
): Promise<Record<string, unknown>[]> {
  const table = options.table ?? tableName();
  const found: Record<string, unknown>[] = [];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_LIMIT) chunks.push(keys.slice(i, i + BATCH_GET_LIMIT));
  await mapLimited(chunks, options.concurrency ?? 4, (chunk) =>
    retryUnprocessed(
      chunk,
      async (pending) => {
        const answer = await documentClient.send(
          new BatchGetCommand({
            RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent } },
          }),
        );
        found.push(...(answer.Responses?.[table] ?? []));
        return (answer.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
      },
      options,
    ),
  );
  return found;
}
