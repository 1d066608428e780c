import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { dropLocalQueues, idle, localQueue, registerConsumer, useDurableQueues } from './queue-runtime';

/** The local queue of `npm start` keeps its messages on disk: a kill -9 loses none (issue 20 item 23). */
const dir = mkdtempSync(join(tmpdir(), 'freguesia-queue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bodies = (event: SQSEvent) => event.Records.map((r) => JSON.parse(r.body) as { n: number });
const files = (queue: string) =>
  existsSync(join(dir, queue)) ? readdirSync(join(dir, queue)).filter((n) => n.endsWith('.json')) : [];

describe('the durable local queue', () => {
  it('delivers after a restart what was sent and not handled, and what was being handled at the kill', async () => {
    // Prepare: three messages, one of them taken by a consumer that never finishes (the process dies).
    useDurableQueues(dir);
    await localQueue.send('work', { n: 1 });
    await localQueue.send('work', { n: 2 });
    registerConsumer('work', () => new Promise(() => undefined));
    await localQueue.send('work', { n: 3 });
    expect(files('work')).toHaveLength(3);

    // Act: the kill (memory gone), then the next start reads the folder back.
    dropLocalQueues();
    expect(useDurableQueues(dir)).toBe(3);
    const seen: number[] = [];
    registerConsumer('work', async (event) => {
      seen.push(...bodies(event).map((b) => b.n));
    });
    await idle(60_000);

    // Assess: every message once, and nothing left on disk.
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(files('work')).toEqual([]);
  });

  it('keeps a message that failed until it is handled or dead-lettered', async () => {
    dropLocalQueues();
    useDurableQueues(dir);
    let calls = 0;
    registerConsumer(
      'flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('first try fails');
      },
      3,
    );
    await localQueue.send('flaky', { n: 9 });
    await idle(60_000);
    expect(calls).toBe(2);
    expect(files('flaky')).toEqual([]);
  });
});
