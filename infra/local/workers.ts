import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { queues } from '@freguesia/functions/queues';
import { registerConsumer, type SqsConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { restoreSchedules } from '@freguesia/functions/lib/ports/local/scheduler-runtime';

const functionsDir = resolve(import.meta.dirname, '../../functions/src');

/** Wires each queue's real consumer Lambda to the in-process queue and re-arms schedules. */
export async function startLocalWorkers(log: (line: string) => void): Promise<void> {
  for (const queue of queues) {
    if (!queue.consumer) continue;
    const file = join(functionsDir, queue.consumer, 'consumer.ts');
    if (!existsSync(file)) continue;
    const { handler } = (await import(file)) as { handler: SqsConsumer };
    registerConsumer(queue.name, handler, queue.maxReceiveCount);
  }
  const restored = restoreSchedules();
  if (restored > 0) log(`• ${restored} agendamento(s) restaurado(s)`);
}
