/**
 * The short-link visits consumer on its own thread (shortlink-redirect bench): in AWS the count is
 * another Lambda, not the redirect's process. The bench's queue hands each batch over here; the
 * answer is the consumer's own (partial batch failures included). Counts its DynamoDB requests.
 *   messages in:  { id, event } (an SQS event) | { id, counts: true }
 *   messages out: { id, result } | { id, counts: Record<command, number> }
 */
import { parentPort } from 'node:worker_threads';
import type { SQSEvent } from 'aws-lambda';

const { documentClient } = await import('@freguesia/functions/lib/ddb/client');
const { handler } = await import('@freguesia/functions/shortlinks/visits.consumer');

const counts: Record<string, number> = {};
documentClient.middlewareStack.add(
  (next, context) => async (args) => {
    const name = (context as { commandName?: string }).commandName ?? 'unknown';
    counts[name] = (counts[name] ?? 0) + 1;
    return next(args);
  },
  { step: 'initialize', name: 'benchWorkerCounter' },
);

parentPort!.on('message', (message: { id: number; event?: SQSEvent; counts?: true }) => {
  if (message.counts) {
    parentPort!.postMessage({ id: message.id, counts: { ...counts } });
    for (const name of Object.keys(counts)) delete counts[name];
    return;
  }
  void handler(message.event!).then(
    (result) => parentPort!.postMessage({ id: message.id, result: result ?? undefined }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
parentPort!.postMessage({ ready: true });
