import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { queues } from '@freguesia/functions/queues';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { config } from '@freguesia/functions/lib/config';
import { registerConsumer, type SqsConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { restoreSchedules } from '@freguesia/functions/lib/ports/local/scheduler-runtime';
import {
  LocalStreamPoller,
  localStreamFiles,
  type LocalStreamProcessor,
  type StreamHandler,
} from '@freguesia/functions/lib/ports/local/stream-poller';

const functionsDir = resolve(import.meta.dirname, '../../functions/src');

/** The stream processors of the registry (functions/src/streams.ts) whose entry exists. */
export async function localStreamProcessors(): Promise<LocalStreamProcessor[]> {
  const processors: LocalStreamProcessor[] = [];
  for (const definition of streamProcessors) {
    const file = join(functionsDir, definition.domain, definition.entry);
    if (!existsSync(file)) continue;
    const { handler } = (await import(file)) as { handler: StreamHandler };
    processors.push({
      name: definition.name,
      handler,
      accepts: (record) => wantsRecord(definition, record),
      batchSize: definition.batchSize,
      maxAttempts: definition.retryAttempts + 1,
    });
  }
  return processors;
}

/**
 * Wires each queue's real consumer Lambda to the in-process queue, re-arms schedules and starts
 * the poller that feeds the table's stream to the stream processors (the event-source
 * mappings of AWS). Answers the poller so the caller can stop it.
 */
export async function startLocalWorkers(
  log: (line: string) => void,
  /** Processors that must not receive what the stream holds now (the seed wrote their items). */
  options: { skipSeeded?: readonly string[] } = {},
): Promise<LocalStreamPoller | undefined> {
  for (const queue of queues) {
    if (!queue.consumer) continue;
    const file = join(functionsDir, queue.consumer, queue.entry ?? 'consumer.ts');
    if (!existsSync(file)) continue;
    const { handler } = (await import(file)) as { handler: SqsConsumer };
    registerConsumer(queue.name, handler, queue.maxReceiveCount);
  }
  const restored = restoreSchedules();
  if (restored > 0) log(`• ${restored} agendamento(s) restaurado(s)`);

  const processors = await localStreamProcessors();
  if (processors.length === 0 || !config.dynamoEndpoint) return undefined;
  const poller = new LocalStreamPoller({
    endpoint: config.dynamoEndpoint,
    tableName: config.tableName,
    processors,
    ...localStreamFiles(config.dataDir),
    log,
  });
  if (options.skipSeeded?.length) await poller.skipToEnd(options.skipSeeded);
  poller.start();
  return poller;
}
