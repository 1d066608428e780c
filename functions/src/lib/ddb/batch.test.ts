import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  batchGet,
  batchGetEntities,
  batchWrite,
  batchWriteEntities,
  UnprocessedItemsError,
  type WriteRequest,
} from './batch';

const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

const TABLE = 't';
const put = (n: number): WriteRequest => ({ PutRequest: { Item: { pk: `p${n}`, sk: 's' } } });
const key = (n: number) => ({ pk: `p${n}`, sk: 's' });
const fast = { what: 'things', baseDelayMs: 1, table: TABLE };

describe('batchWrite', () => {
  it('writes in requests of 25 and sends again what a request left unprocessed', async () => {
    // Prepare: the first request leaves two of its puts unprocessed
    const requests = Array.from({ length: 60 }, (_, n) => put(n));
    ddb
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [TABLE]: [put(3), put(7)] } })
      .resolves({});
    // Act
    await batchWrite(requests, fast);
    // Assess
    const sent = ddb.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems![TABLE]!);
    expect(sent.map((r) => r.length)).toEqual([25, 2, 25, 10]);
    expect(sent[1]).toEqual([put(3), put(7)]);
  });

  it('gives up with a clear error after the last attempt', async () => {
    // Prepare: a table that never takes one of the puts
    ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: { [TABLE]: [put(1)] } });
    // Act
    const attempt = batchWrite([put(1), put(2)], { ...fast, maxAttempts: 3 });
    // Assess
    await expect(attempt).rejects.toThrow(new UnprocessedItemsError('things', 1, 3));
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });
});

describe('batchGet', () => {
  it('reads in requests of 100 keys, retries the unprocessed keys and answers every item', async () => {
    // Prepare
    const keys = Array.from({ length: 150 }, (_, n) => key(n));
    ddb
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { Keys: { pk: string }[] }> }) => {
        const asked = input.RequestItems[TABLE]!.Keys;
        // The first 100-key request reads all but its last key.
        const left = asked.length === 100 ? asked.slice(-1) : [];
        const read = asked.slice(0, asked.length - left.length).map((k) => ({ ...k, value: 1 }));
        return Promise.resolve({
          Responses: { [TABLE]: read },
          UnprocessedKeys: left.length ? { [TABLE]: { Keys: left } } : {},
        });
      });
    // Act
    const items = await batchGet(keys, { ...fast, concurrency: 1, consistent: true });
    // Assess
    expect(items.map((i) => i.pk).sort()).toEqual(keys.map((k) => k.pk).sort());
    const calls = ddb.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems![TABLE]!);
    expect(calls.map((c) => c.Keys!.length)).toEqual([100, 1, 50]);
    expect(calls.every((c) => c.ConsistentRead === true)).toBe(true);
  });
});

describe('batchGetEntities / batchWriteEntities', () => {
  it('calls the entity again with the keys it left unprocessed', async () => {
    // Prepare: an entity batch get that leaves key 2 once
    const asked: number[][] = [];
    const get = async (keys: { id: number }[]) => {
      asked.push(keys.map((k) => k.id));
      const left = asked.length === 1 ? keys.filter((k) => k.id === 2) : [];
      return {
        data: keys.filter((k) => !left.includes(k)).map((k) => ({ id: k.id, name: `n${k.id}` })),
        unprocessed: left,
      };
    };
    // Act
    const items = await batchGetEntities(get, [{ id: 1 }, { id: 2 }, { id: 3 }], {
      what: 'things',
      baseDelayMs: 1,
    });
    // Assess
    expect(asked).toEqual([[1, 2, 3], [2]]);
    expect(items.map((i) => i.id).sort()).toEqual([1, 2, 3]);
  });

  it('fails a write whose items stay unprocessed', async () => {
    const write = async (items: number[]) => ({ unprocessed: items.slice(0, 1) });
    await expect(
      batchWriteEntities(write, [1, 2], { what: 'tag members', baseDelayMs: 1, maxAttempts: 2 }),
    ).rejects.toThrow('tag members: 1 item(s) left unprocessed after 2 attempts');
  });
});
