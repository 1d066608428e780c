import { customerRecordChangeOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { applyCustomerChangesWithCityIds } from './city-backfill.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'segmentation-profiles';

/**
 * DynamoDB Streams entry of the segmentation profiles: the customers domain decodes its customer
 * and purchase records, the profiles service applies them per tenant (each purchase once, by its
 * marker) and re-evaluates the customers they touched against the tenant's segmentation leads.
 * A record with the city's name and state but no IBGE code gets the code, on the profile (the
 * 'Cidade' condition) and on the customer record. Idempotent (facts replaced, purchases marked,
 * the code written only where missing), so the retry from a failed tenant is safe.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => customerRecordChangeOf(record) ?? undefined,
  apply: (ctx, changes) => applyCustomerChangesWithCityIds(ctx, changes),
});
