import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { logger } from '../lib/logger';
import { handleSegmentationMessage, SEGMENT_BUDGET_MS, type SegmentationMessage } from './recompute.service';

/** Leaves this long of the Lambda's time for the continuation message and the answer. */
const MARGIN_MS = 30_000;

/**
 * SQS entry of the `segmentation` queue (functions/src/queues.ts): recompute plans, segments,
 * auto-refresh and daily-pass messages. Records of a batch run side by side; a failed record is
 * reported alone (ReportBatchItemFailures) and redelivered, and every step is idempotent.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const remaining = context?.getRemainingTimeInMillis?.();
  const budgetMs =
    remaining !== undefined
      ? Math.max(5_000, Math.min(SEGMENT_BUDGET_MS, remaining - MARGIN_MS))
      : SEGMENT_BUDGET_MS;
  const failures: { itemIdentifier: string }[] = [];
  await mapLimited(event.Records, 10, async (record) => {
    try {
      const message = JSON.parse(record.body) as SegmentationMessage;
      await handleSegmentationMessage(systemContext(message.tenant, 'segmentation-recompute'), message, {
        budgetMs,
      });
    } catch (error) {
      logger.error('segmentation message failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  });
  return { batchItemFailures: failures };
}
