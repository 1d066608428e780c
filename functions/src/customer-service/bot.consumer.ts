import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { BotQueueMessage } from './bot.schema';
import { resumeTimer, sweepOutboxes } from './bot.service';

/**
 * SQS entry of `customer-service-bot`: a bot timer is due (fired by its one-off schedule), or the
 * recovery sweep (every few minutes) looks for outboxes that stopped moving.
 */
export const handler = sqsConsumer({
  name: 'customer-service-bot',
  schema: BotQueueMessage,
  handle: async (message) => {
    if ('kind' in message) await sweepOutboxes();
    else await resumeTimer(systemContext(message.tenant, 'customer-service-bot'), message);
  },
});
