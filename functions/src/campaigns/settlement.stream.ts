import { storedPurchaseOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { settlePurchases } from './settlement.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'campaigns-settlement';

/**
 * DynamoDB Streams entry of the checkout settlement: every purchase stored by POS ingestion settles
 * the checkout sessions that priced it (store, checkout, coupon), per tenant. Settling is
 * conditioned on the session still being open, so a redelivered record changes nothing.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => storedPurchaseOf(record) ?? undefined,
  apply: (ctx, purchases) => settlePurchases(ctx, purchases),
});
