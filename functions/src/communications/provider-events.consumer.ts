import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { ProviderReport } from './provider-events.schema';
import { locateProviderReport, recordProviderReport } from './provider-events.service';

/**
 * SQS entry of the `provider-events` queue: the SMS (Zenvia) and push (OneSignal) delivery reports
 * the webhook accepted, already read into one shape. Recording is idempotent (one mark per action
 * and recipient, activities by the event's instant); a message that keeps failing is retried, then
 * dead-lettered.
 */
export const handler = sqsConsumer({
  name: 'communications-provider-events',
  schema: ProviderReport,
  handle: async (report) => {
    const send = await locateProviderReport(report);
    if (!send) return; // not a message the pipeline sent
    await recordProviderReport(systemContext(send.tenant, 'communications-provider-events'), report, send);
  },
});
