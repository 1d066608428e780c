import { customersChangeOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { applyTagChanges } from './tags.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'segmentation-tags';

/**
 * DynamoDB Streams entry of the tag member index: the customers domain decodes its customer
 * records, the tags service applies them per tenant (idempotent puts and deletes).
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => {
    const change = customersChangeOf(record);
    return change?.kind === 'customer' ? change : undefined;
  },
  apply: (ctx, changes) => applyTagChanges(ctx, changes),
});
