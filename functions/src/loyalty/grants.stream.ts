import { storedPurchaseOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { grantPurchases } from './grants.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'loyalty-grants';

/**
 * DynamoDB Streams entry of lucky numbers and points: every purchase stored (POS ingestion, a sale
 * finalised in the product) earns in the running lucky and points campaigns it qualifies for. Each
 * (campaign, purchase) is granted once, so a redelivered or replayed record earns nothing twice.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => storedPurchaseOf(record) ?? undefined,
  apply: (ctx, purchases) => grantPurchases(ctx, purchases),
});
