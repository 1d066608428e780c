import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { BotTimerMessage } from './bot.schema';
import { resumeTimer } from './bot.service';

/** SQS entry of `customer-service-bot`: a bot timer is due (fired by its one-off schedule). */
export const handler = sqsConsumer({
  name: 'customer-service-bot',
  schema: BotTimerMessage,
  handle: (message) => resumeTimer(systemContext(message.tenant, 'customer-service-bot'), message),
});
