import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { WhatsappEventsMessage } from './events.schema';
import { applyEvents } from './events.service';

/** SQS entry of `whatsapp-events`: the partners' statuses and inbound messages (events.service.ts). */
export const handler = sqsConsumer({
  name: 'whatsapp-events',
  schema: WhatsappEventsMessage,
  handle: (message) => applyEvents(systemContext(message.tenant, 'whatsapp-events'), message),
});
