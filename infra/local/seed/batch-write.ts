import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '@freguesia/functions/lib/ddb/client';
import { tableDefinition } from '@freguesia/functions/lib/ddb/table-definition';

/** Items per BatchWriteItem (DynamoDB's limit). */
const BATCH = 25;
/** Requests in flight: DynamoDB Local's CPU, not the round trip, is the limit on 2 cores. */
const IN_FLIGHT = 8;
/** Attempts of a batch that keeps leaving items unprocessed. */
const ATTEMPTS = 10;

const { partitionKey, sortKey } = tableDefinition;
const keyOf = (item: Record<string, unknown>) =>
  `${String(item[partitionKey])}\u0000${String(item[sortKey])}`;

type Putter = { put(item: never): { params(): { Item: Record<string, unknown> } } };

/**
 * The stored item of an ElectroDB entity, with its keys, exactly as `entity.put(item).go()`
 * would write it.
 */
export const storedItem = (entity: unknown, item: object): Record<string, unknown> =>
  (entity as Putter).put(item as never).params().Item;

/**
 * Writes the seed's items with BatchWriteItem (25 a request, `IN_FLIGHT` at once), writing
 * again what DynamoDB leaves unprocessed after a short back-off. Seed items are plain puts of
 * new keys, so nothing needs a transaction: a BatchWrite costs DynamoDB Local about two thirds
 * of the CPU of the same items in TransactWriteItems and runs without its locks.
 *
 * Takes `[entity, items]` groups (ElectroDB entities: keys and attributes come from the entity)
 * or ready items (`raw`).
 */
export async function batchWrite(
  groups: [entity: unknown, items: readonly object[]][],
  raw: readonly Record<string, unknown>[] = [],
): Promise<number> {
  // One request must not name a key twice; as with puts in sequence, the last one stays.
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of [...groups.flatMap(([entity, list]) => list.map((i) => storedItem(entity, i))), ...raw])
    byKey.set(keyOf(item), item);
  const items = [...byKey.values()];
  const table = tableName();
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending = chunks[next++]!.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 1; pending.length > 0; attempt++) {
        const answer = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        pending = (answer.UnprocessedItems?.[table] ?? []) as typeof pending;
        if (pending.length === 0) break;
        if (attempt >= ATTEMPTS)
          throw new Error(`semente: ${pending.length} itens não gravados após ${ATTEMPTS} tentativas`);
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, chunks.length) }, worker));
  return items.length;
}
