import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { queues } from '@freguesia/functions/queues';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { config } from '@freguesia/functions/lib/config';
import { SWEEPS, sweepOptions } from '@freguesia/functions/lib/async/in-flight';
import {
  localQueue,
  registerConsumer,
  useDurableQueues,
  type SqsConsumer,
} from '@freguesia/functions/lib/ports/local/queue-runtime';
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
  options: {
    /** Processors that must not receive what the stream holds now (the seed wrote their items). */
    skipSeeded?: readonly string[];
    /** Keep queue messages on disk (.data/queue) and take back those a killed runtime left. */
    durable?: boolean;
  } = {},
): Promise<LocalStreamPoller | undefined> {
  if (options.durable) {
    const restored = useDurableQueues(join(config.dataDir, 'queue'));
    if (restored > 0) log(`• ${restored} mensagem(ns) da fila retomada(s) do último encerramento`);
  }
  startSweeps();
  for (const queue of queues) {
    if (!queue.consumer) continue;
    const file = join(functionsDir, queue.consumer, queue.entry ?? 'consumer.ts');
    if (!existsSync(file)) continue;
    const { handler } = (await import(file)) as { handler: SqsConsumer };
    registerConsumer(queue.name, handler, queue.maxReceiveCount, queue.batch);
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

/** Local sweeps: a run or lead whose state has not moved for a minute is resumed (AWS: every 5 min, 3 min lease). */
const LOCAL_SWEEP_EVERY_MS = 20_000;
const LOCAL_SWEEP_LEASE_MS = 60_000;

/** The timer twin of the sweep schedules (functions/src/lib/async/in-flight.ts, SWEEPS). */
function startSweeps(): void {
  if (!process.env.SWEEP_LEASE_MS) sweepOptions.leaseMs = LOCAL_SWEEP_LEASE_MS;
  const timer = setInterval(() => {
    for (const sweep of SWEEPS) void localQueue.send(sweep.queue, sweep.message).catch(() => undefined);
  }, LOCAL_SWEEP_EVERY_MS);
  timer.unref();
}
