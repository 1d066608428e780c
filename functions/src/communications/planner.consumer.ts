import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { fireCampaign, planStep } from './planner.service';
import type { FireMessage, PlanMessage } from './sending.model';

/**
 * SQS entry of the `communications` queue: schedule firings ({kind:'fire'}, from EventBridge
 * Scheduler) start a run; planner steps ({kind:'plan'}) turn one audience page into channel
 * batches. Both are idempotent; a failed message is reported alone and redelivered.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as Partial<FireMessage | PlanMessage>;
      if (typeof message.tenant !== 'string' || typeof message.campaign !== 'number') {
        logger.warn('communications: unknown message dropped', { messageId: record.messageId });
        continue;
      }
      const ctx = systemContext(message.tenant, 'communications-planner');
      if (message.kind === 'fire') await fireCampaign(ctx, message.campaign);
      else if (message.kind === 'plan' && typeof message.run === 'string' && typeof message.cursor === 'string' && typeof message.step === 'number') await planStep(ctx, message as PlanMessage);
      else logger.warn('communications: unknown message dropped', { messageId: record.messageId });
    } catch (error) {
      logger.error('communications: planner message failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
