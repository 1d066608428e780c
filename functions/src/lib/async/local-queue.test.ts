import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logger } from '../logger';
import { deadLetters, idle, localQueue, registerConsumer, retryDelayMs } from '../ports/local/queue-runtime';
import { sqsConsumer } from './sqs-consumer';

// Dead letters are also written to the data folder: a scratch one, set before the config loads.
vi.hoisted(() => {
  process.env.FREGUESIA_DATA_DIR = `/tmp/freguesia-unit-${process.pid}`;
});

/** The local runtime's in-process queue (npm start) driving a toolkit consumer, as SQS would. */
const Ping = z.object({ tenant: z.string(), n: z.number() });

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(process.env.FREGUESIA_DATA_DIR!, { recursive: true, force: true }));

describe('a toolkit consumer on the local queue', () => {
  it('drops a malformed message, retries a failing one up to maxReceiveCount, then dead-letters it', async () => {
    // Prepare
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    retryDelayMs.value = 1;
    const attempts = new Map<number, number>();
    const queue = `toolkit-${Date.now()}`;
    registerConsumer(
      queue,
      sqsConsumer({
        name: 'ping',
        schema: Ping,
        handle: async ({ n }) => {
          attempts.set(n, (attempts.get(n) ?? 0) + 1);
          if (n === 2) throw new Error('always fails');
        },
      }),
      3,
    );
    // Act
    await localQueue.send(queue, { tenant: 'acme', n: 1 });
    await localQueue.send(queue, { tenant: 'acme', n: 2 });
    await localQueue.send(queue, { tenant: 'acme', n: 'três' });
    await idle(60_000);
    // Assess
    expect(Object.fromEntries(attempts)).toEqual({ 1: 1, 2: 3 });
    expect(deadLetters(queue).map((r) => JSON.parse(r.body) as unknown)).toEqual([{ tenant: 'acme', n: 2 }]);
  });

  it('gathers a batch for up to its window when the queue asks for larger batches', async () => {
    const batches: number[] = [];
    const queue = `window-${Date.now()}`;
    registerConsumer(
      queue,
      async (event) => {
        batches.push(event.Records.length);
        return { batchItemFailures: [] };
      },
      3,
      { size: 25, windowSeconds: 0.3 },
    );
    const sentAt = Date.now();
    for (let n = 0; n < 60; n++) await localQueue.send(queue, { tenant: 'acme', n });
    await idle(60_000);
    // Two full batches at once, the rest after the window (never before it).
    expect(batches).toEqual([25, 25, 10]);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(300);
    await localQueue.send(queue, { tenant: 'acme', n: 61 });
    await idle(60_000);
    expect(batches).toEqual([25, 25, 10, 1]);
  });
});
