import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { isProviderReport } from './provider-events.model';
import { locateProviderReport, recordProviderReport } from './provider-events.service';

/**
 * SQS entry of the `provider-events` queue: the SMS (Zenvia) and push (OneSignal) delivery reports
 * the webhook accepted, already read into one shape. Recording is idempotent (one mark per action
 * and recipient, activities by the event's instant); a message that keeps failing is retried, then
 * dead-lettered.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const report: unknown = JSON.parse(record.body);
      if (!isProviderReport(report)) {
        logger.warn('communications: unknown provider-events message dropped', { messageId: record.messageId });
        continue;
      }
      const send = await locateProviderReport(report);
      if (!send) continue; // not a message the pipeline sent
      await recordProviderReport(systemContext(send.tenant, 'communications-provider-events'), report, send);
    } catch (error) {
      logger.error('communications: provider report failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
