import { customersChangeOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { applyCustomersChanges } from './dashboard.service';

/** The processor's name in `functions/src/streams.ts` (also the prefix of its markers). */
export const PROCESSOR = 'dashboard-aggregates';

/**
 * DynamoDB Streams entry of the dashboard: the customers domain decodes its purchase and
 * customer records, the dashboard service applies them per tenant, exactly once per record (a
 * marker per record), so the retry from a failed tenant's first record skips what was applied.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record, i) => {
    const change = customersChangeOf(record);
    return change
      ? {
          tenant: change.tenant,
          eventId: record.eventID ?? `${record.dynamodb?.SequenceNumber ?? i}`,
          change,
        }
      : undefined;
  },
  apply: (ctx, changes) => applyCustomersChanges(ctx, PROCESSOR, changes),
});
