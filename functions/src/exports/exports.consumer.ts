import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { queues } from '../queues';
import { runExport } from './export-runs.service';
import { EXPORTS_QUEUE, ExportMessage } from './exports.service';

const MAX_RECEIVES = queues.find((q) => q.name === EXPORTS_QUEUE)?.maxReceiveCount ?? 3;

/**
 * SQS entry of the `exports` queue (src/queues.ts): each message writes one export's file. The
 * jobs of a batch run side by side (each holds one page in memory); a run that should be retried
 * is reported alone. A message that is no export job is logged and dropped by the toolkit.
 */
export const handler = sqsConsumer({
  name: 'exports',
  schema: ExportMessage,
  parallel: true,
  handle: (message, { record }) =>
    runExport(systemContext(message.tenant, 'export'), message, {
      receiveCount: Number(record.attributes.ApproximateReceiveCount) || 1,
      maxReceiveCount: MAX_RECEIVES,
    }),
});
