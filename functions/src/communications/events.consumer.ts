import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { eventTenant, recordEmailEvent } from './analytics.service';
import { EmailEventMessage } from './email-events.schema';

/**
 * SQS entry of the `email-events` queue: SES configuration-set events (delivery, open, click,
 * bounce, complaint, reject) routed by EventBridge or SNS. Recording is idempotent (one mark per
 * action and recipient).
 */
export const handler = sqsConsumer({
  name: 'communications-events',
  schema: EmailEventMessage,
  handle: async (event) => {
    const tenant = eventTenant(event);
    if (!tenant) return; // not a campaign message (a test send, a system e-mail)
    await recordEmailEvent(systemContext(tenant, 'communications-events'), event);
  },
});
