import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queues } from '../../queues';
import { streamProcessors } from '../../streams';

/** The toolkit stays the one way: no async entry point or batch loop written by hand outside lib/. */
const SRC = resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
const HAND_WRITTEN =
  /\bbatchItemFailures\b|\bBatchWriteCommand\b|\bBatchGetCommand\b|\bBatchGetItemCommand\b|\bBatchWriteItemCommand\b|\bUnprocessedItems\b|\bUnprocessedKeys\b/;

/** Files of domains (not lib/) that use a hand-written batch loop or batch response. */
export const handWritten = (paths: readonly string[], read: (path: string) => string): string[] =>
  paths
    .filter((path) => !relative(SRC, path).startsWith('lib') && HAND_WRITTEN.test(read(path)))
    .map((path) => relative(SRC, path));

describe('async toolkit usage', () => {
  it('leaves batch loops and batch responses to lib/ (lib/async, lib/ddb/batch)', () => {
    expect(handWritten(files(SRC), (path) => readFileSync(path, 'utf8'))).toEqual([]);
    // The rule is not vacuous.
    expect(
      handWritten(
        [join(SRC, 'x', 'a.consumer.ts'), join(SRC, 'lib', 'b.ts')],
        () => 'return { batchItemFailures: failures };',
      ),
    ).toEqual([join('x', 'a.consumer.ts')]);
  });

  it('builds every queue consumer with sqsConsumer and every stream processor with tenantStreamProcessor', () => {
    const consumers = queues
      .filter((q) => q.consumer)
      .map((q) => join(SRC, q.consumer!, q.entry ?? 'consumer.ts'));
    const processors = streamProcessors.map((p) => join(SRC, p.domain, p.entry));
    expect(
      consumers
        .filter((path) => !/export const handler = sqsConsumer\(/.test(readFileSync(path, 'utf8')))
        .map((p) => relative(SRC, p)),
    ).toEqual([]);
    expect(
      processors
        .filter((path) => !/export const handler = tenantStreamProcessor\(/.test(readFileSync(path, 'utf8')))
        .map((p) => relative(SRC, p)),
    ).toEqual([]);
  });
});
