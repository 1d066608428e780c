import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { sendBatch } from './sender.service';
import type { SendMessage } from './sending.model';

/**
 * SQS entry of a channel queue (`email`; SMS and push use the same entry): each message is a batch
 * of recipients of one run. Partial batch failures: a message whose provider call failed is
 * redelivered alone (its sent recipients are found done in the ledger), then dead-lettered.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as Partial<SendMessage>;
      if (message.kind !== 'send' || typeof message.tenant !== 'string' || typeof message.campaign !== 'number' || typeof message.run !== 'string' || !Array.isArray(message.recipients)) {
        logger.warn('communications: unknown send message dropped', { messageId: record.messageId });
        continue;
      }
      await sendBatch(systemContext(message.tenant, 'communications-sender'), message as SendMessage);
    } catch (error) {
      logger.error('communications: send batch failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
