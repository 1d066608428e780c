import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { queues } from '../queues';
import { runExport } from './export-runs.service';
import { EXPORTS_QUEUE, ExportMessage } from './exports.service';

const MAX_RECEIVES = queues.find((q) => q.name === EXPORTS_QUEUE)?.maxReceiveCount ?? 3;

/**
 * SQS entry of the `exports` queue (src/queues.ts): each message writes one export's file. The
 * jobs of a batch run side by side (each holds one page in memory); a run that should be retried
 * is reported alone. A message that is no export job is logged and dropped.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  const one = async (record: SQSRecord) => {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const parsed = ExportMessage.safeParse(body);
    if (!parsed.success) {
      logger.warn('exports: malformed message dropped', { messageId: record.messageId });
      return;
    }
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    await runExport(systemContext(parsed.data.tenant, 'export'), parsed.data, { receiveCount, maxReceiveCount: MAX_RECEIVES });
  };
  await Promise.all(
    event.Records.map((record) =>
      one(record).catch((error: unknown) => {
        logger.error('exports: message failed', { messageId: record.messageId, error });
        failures.push({ itemIdentifier: record.messageId });
      }),
    ),
  );
  return { batchItemFailures: failures };
}
