import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { releaseExpiredSessions, type HoldsMessage } from './checkout.service';

/**
 * SQS entry of the `campaigns` queue: the scheduled sweep that gives budgets back from checkout
 * sessions never settled by a purchase. Releasing is conditioned on the session still being open,
 * so a redelivered message changes nothing; a failed record is reported alone.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as HoldsMessage;
      if (message.type === 'sweep') await releaseExpiredSessions(systemContext(message.tenant, 'campaign-holds'));
    } catch (error) {
      logger.error('campaign holds sweep failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
