import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { releaseExpiredSessions } from './checkout.service';
import { runCampaignsMigration } from './data-migrations.service';
import { HoldsMessage } from './holds.schema';

/**
 * SQS entry of the `campaigns` queue: the scheduled sweep that gives budgets back from checkout
 * sessions never settled by a purchase (releasing is conditioned on the session still being open,
 * so a redelivered message changes nothing), and the data migrations this queue runs.
 */
export const handler = sqsConsumer({
  name: 'campaign-holds',
  schema: HoldsMessage,
  handle: (message) =>
    message.type === 'migrate'
      ? runCampaignsMigration(message)
      : releaseExpiredSessions(systemContext(message.tenant, 'campaign-holds')),
});
