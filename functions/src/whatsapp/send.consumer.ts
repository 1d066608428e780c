import { channelSenders } from '../communications/channel-senders.service';
import { SendMessage, sendBatch } from '../communications/sender.service';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { whatsappSender } from './sender.service';

/**
 * SQS entry of the `whatsapp` queue: the communications pipeline's ledger loop (sender.service.ts
 * there) with the WhatsApp channel (sender.service.ts here) plugged in. The communications domain
 * never imports this one: the dependency goes one way.
 */
channelSenders.WPPM = whatsappSender;
channelSenders.WPPG = whatsappSender;
channelSenders.WPPC = whatsappSender;

export const handler = sqsConsumer({
  name: 'whatsapp-sender',
  schema: SendMessage,
  handle: (message) => sendBatch(systemContext(message.tenant, 'whatsapp-sender'), message),
});
