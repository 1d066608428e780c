import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { replyStatusOf } from '../whatsapp/inbound-changes.service';
import { recordMessageStatuses } from './conversations.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'customer-service-statuses';

/** DynamoDB Streams entry: a partner's status of a sent message (the whatsapp domain's reply record) marks it. */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => replyStatusOf(record),
  apply: (ctx, changes) => recordMessageStatuses(ctx, changes),
});
