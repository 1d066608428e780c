import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../context';
import { logger } from '../logger';
import { compareSequenceNumbers, tenantStreamProcessor } from './stream-processor';

interface Change {
  tenant: string;
  n: number;
}

/** A stream record carrying a change of `tenant` (or nothing of ours when tenant is undefined). */
const record = (sequence: string, tenant: string | undefined, n = Number(sequence)): DynamoDBRecord => ({
  eventID: `e${sequence}`,
  dynamodb: {
    SequenceNumber: sequence,
    NewImage: tenant ? { tenant: { S: tenant }, n: { N: String(n) } } : { other: { S: 'x' } },
  },
});
const select = (r: DynamoDBRecord): Change | undefined => {
  const image = r.dynamodb?.NewImage;
  if (!image?.tenant?.S) return undefined;
  if (image.n?.N === 'NaN') throw new Error('undecodable');
  return { tenant: image.tenant.S, n: Number(image.n!.N) };
};

afterEach(() => vi.restoreAllMocks());

describe('tenantStreamProcessor', () => {
  it('applies each tenant once with its items in stream order, skipping records not selected', async () => {
    // Prepare
    const calls: { tenant: string; actor: string; items: number[] }[] = [];
    const handler = tenantStreamProcessor({
      name: 'test-processor',
      select,
      apply: async (ctx: ServiceContext, items: Change[]) =>
        void calls.push({
          tenant: ctx.tenant,
          actor: ctx.actor.kind === 'system' ? ctx.actor.name : '',
          items: items.map((i) => i.n),
        }),
    });
    // Act
    const answer = await handler({
      Records: [
        record('1', 'a'),
        record('2', 'b'),
        record('3', undefined),
        record('4', 'a'),
        record('5', 'b'),
      ],
    });
    // Assess
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(calls).toEqual([
      { tenant: 'a', actor: 'test-processor', items: [1, 4] },
      { tenant: 'b', actor: 'test-processor', items: [2, 5] },
    ]);
  });

  it('answers only the earliest record of the tenants that failed', async () => {
    // Prepare: tenants b and c fail; a (first in the batch) succeeds
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = tenantStreamProcessor({
      name: 'test-processor',
      select,
      apply: async (ctx: ServiceContext) => {
        if (ctx.tenant !== 'a') throw new Error(`${ctx.tenant} down`);
      },
    });
    // Act
    const answer = await handler({
      Records: [
        record('100', 'a'),
        record('101', 'c'),
        record('102', 'b'),
        record('103', 'a'),
        record('104', 'c'),
      ],
    });
    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '101' }] });
    expect(error).toHaveBeenCalledWith(
      'test-processor: tenant failed',
      expect.objectContaining({ tenant: 'c', records: 2 }),
    );
    expect(error).toHaveBeenCalledWith(
      'test-processor: tenant failed',
      expect.objectContaining({ tenant: 'b', records: 1 }),
    );
  });

  it('compares sequence numbers as numbers (9 before 10)', async () => {
    // Prepare
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = tenantStreamProcessor({
      name: 'p',
      select,
      apply: async (ctx: ServiceContext) => Promise.reject(new Error(ctx.tenant)),
    });
    // Act
    const answer = await handler({ Records: [record('10', 'a'), record('9', 'b')] });
    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '9' }] });
    expect(['10', '9', '100', '11'].sort(compareSequenceNumbers)).toEqual(['9', '10', '11', '100']);
  });

  it('fails a record that cannot be decoded, and still applies the others', async () => {
    // Prepare
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const applied: number[] = [];
    const handler = tenantStreamProcessor({
      name: 'p',
      select,
      apply: async (_ctx: ServiceContext, items: Change[]) => void applied.push(...items.map((i) => i.n)),
    });
    // Act
    const answer = await handler({
      Records: [record('1', 'a'), record('2', 'a', Number.NaN), record('3', 'b')],
    });
    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(applied).toEqual([1, 3]);
  });

  it('ends in the same state when the batch is redelivered from the earliest failure', async () => {
    // Prepare: an idempotent apply (a set per tenant) whose tenant b fails once
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const state = new Map<string, Set<number>>();
    let failOnce = true;
    const handler = tenantStreamProcessor({
      name: 'p',
      select,
      apply: async (ctx: ServiceContext, items: Change[]) => {
        if (ctx.tenant === 'b' && failOnce) {
          failOnce = false;
          throw new Error('throttled');
        }
        const applied = state.get(ctx.tenant) ?? new Set<number>();
        for (const item of items) applied.add(item.n);
        state.set(ctx.tenant, applied);
      },
    });
    const batch = [record('1', 'a'), record('2', 'b'), record('3', 'a'), record('4', 'b')];
    // Act: what Lambda and the local poller do, retry from the answered record
    const first = await handler({ Records: batch });
    const from = batch.findIndex(
      (r) => r.dynamodb?.SequenceNumber === first.batchItemFailures[0]?.itemIdentifier,
    );
    const second = await handler({ Records: batch.slice(from) });
    // Assess
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(second).toEqual({ batchItemFailures: [] });
    expect(Object.fromEntries([...state].map(([t, s]) => [t, [...s].sort()]))).toEqual({
      a: [1, 3],
      b: [2, 4],
    });
  });
});
