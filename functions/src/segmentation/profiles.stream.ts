import { customerRecordChangeOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { changeWithCityId } from './city-ids.model';
import { applyCustomerRecordChanges } from './profiles.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'segmentation-profiles';

/**
 * DynamoDB Streams entry of the segmentation profiles: the customers domain decodes its customer
 * and purchase records, the profiles service applies them per tenant (each purchase once, by its
 * marker) and re-evaluates the customers they touched against the tenant's segmentation leads.
 * Idempotent (facts replaced, purchases marked), so the retry from a failed tenant is safe.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => customerRecordChangeOf(record) ?? undefined,
  // A record with the city's name and state but no IBGE code gets the code (the 'Cidade' condition).
  apply: (ctx, changes) => applyCustomerRecordChanges(ctx, changes.map(changeWithCityId)),
});
