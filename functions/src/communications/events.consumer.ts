import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { eventTenant, recordEmailEvent, type SesEvent } from './analytics.service';

/**
 * SQS entry of the `email-events` queue: SES configuration-set events (delivery, open, click,
 * bounce, complaint, reject) routed by EventBridge (the `detail` of the event) or SNS (the
 * `Message` of the notification). Recording is idempotent (one mark per action and recipient).
 */
export function sesEventOf(body: string): SesEvent | undefined {
  const parsed = JSON.parse(body) as { detail?: SesEvent; Message?: string } & SesEvent;
  if (parsed.detail) return parsed.detail;
  if (typeof parsed.Message === 'string') return JSON.parse(parsed.Message) as SesEvent;
  return parsed.eventType || parsed.notificationType ? parsed : undefined;
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const ses = sesEventOf(record.body);
      const tenant = ses && eventTenant(ses);
      if (!ses || !tenant) continue; // not a campaign message (a test send, a system e-mail)
      await recordEmailEvent(systemContext(tenant, 'communications-events'), ses);
    } catch (error) {
      logger.error('communications: e-mail event failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
