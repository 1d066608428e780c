import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { sendBatch } from './sender.service';
import { SendMessage } from './sending.schema';

/**
 * SQS entry of a channel queue (`email`; SMS and push use the same entry): each message is a batch
 * of recipients of one run. A message whose pipeline failed is redelivered alone (its sent
 * recipients are found done in the ledger), then dead-lettered.
 */
export const handler = sqsConsumer({
  name: 'communications-sender',
  schema: SendMessage,
  handle: (message) => sendBatch(systemContext(message.tenant, 'communications-sender'), message),
});
