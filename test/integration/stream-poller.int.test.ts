import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '@freguesia/functions/lib/ddb/client';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';

/**
 * The local twin of the stream's event-source mappings, against DynamoDB Local's real stream:
 * a processor told to skip what the stream holds (the local seed wrote its items in bulk) never
 * sees those records and sees everything written after; another processor sees both.
 */
describe('local stream poller', () => {
  const marker = `poller-${randomUUID()}`;
  const ours = (r: DynamoDBRecord) => r.dynamodb?.Keys?.pk?.S === marker;
  const seen: Record<string, string[]> = { bulk: [], live: [] };
  const processor = (name: 'bulk' | 'live') => ({
    name,
    accepts: ours,
    handler: async (event: { Records: DynamoDBRecord[] }) => {
      seen[name]!.push(...event.Records.map((r) => r.dynamodb!.Keys!.sk!.S!));
    },
    batchSize: 100,
    maxAttempts: 1,
  });
  const put = (sk: string) =>
    documentClient.send(
      new PutCommand({ TableName: tableName(), Item: { pk: marker, sk, note: 'poller test' } }),
    );
  let poller: LocalStreamPoller | undefined;

  afterAll(() => poller?.stop());

  it('skips what the stream holds for the named processors and delivers what comes after', async () => {
    // Prepare: the poller has read up to 'before' when the "seed" is written.
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: tableName(),
      startAt: 'LATEST',
      processors: [processor('bulk'), processor('live')],
    });
    await poller.pollOnce();
    await put('before');
    await poller.drain();
    await put('seeded-1');
    await put('seeded-2');

    // Act
    await poller.skipToEnd(['bulk']);
    await put('after');
    await poller.drain();

    // Assert
    expect(seen.bulk).toEqual(['before', 'after']);
    expect(seen.live).toEqual(['before', 'seeded-1', 'seeded-2', 'after']);
  });
});
