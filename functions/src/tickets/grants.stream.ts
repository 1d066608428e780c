import { identifiedPurchaseOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { grantTickets } from './issuance.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'tickets-grants';

/**
 * DynamoDB Streams entry of ticket issuance: every purchase that becomes identified (POS
 * ingestion, a sale finalised in the product, a purchase associated with a customer later) earns
 * the tickets (and instant prizes) of the ticket campaigns it qualifies for. Idempotent per
 * (campaign, purchase): a redelivered or replayed record earns nothing twice.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => identifiedPurchaseOf(record) ?? undefined,
  apply: (ctx, purchases) => grantTickets(ctx, purchases),
});
