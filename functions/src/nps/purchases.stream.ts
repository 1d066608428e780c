import { storedPurchaseOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { surveyAfterPurchases } from './send.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'nps-purchases';

/** DynamoDB Streams entry of the NPS send rule: identified purchases open surveys (send.service.ts). */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => {
    const p = storedPurchaseOf(record);
    return p && p.customerId
      ? { tenant: p.tenant, id: p.id, store: p.store, customerId: p.customerId }
      : undefined;
  },
  apply: (ctx, purchases) => surveyAfterPurchases(ctx, purchases),
});
