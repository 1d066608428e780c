import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { releaseExpiredSessions } from './checkout.service';
import { HoldsMessage } from './holds.schema';

/**
 * SQS entry of the `campaigns` queue: the scheduled sweep that gives budgets back from checkout
 * sessions never settled by a purchase. Releasing is conditioned on the session still being open,
 * so a redelivered message changes nothing.
 */
export const handler = sqsConsumer({
  name: 'campaign-holds',
  schema: HoldsMessage,
  handle: (message) => releaseExpiredSessions(systemContext(message.tenant, 'campaign-holds')),
});
