import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { storedInboundOf } from '../whatsapp/inbound-changes.service';
import { receiveInbound } from './bot.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'customer-service-inbound';

/** DynamoDB Streams entry: every inbound message stored by a channel opens or continues a conversation. */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => storedInboundOf(record),
  apply: (ctx, messages) => receiveInbound(ctx, messages),
});
