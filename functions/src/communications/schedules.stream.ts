import { isSendable } from '@freguesia/shared/domain/communication';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { campaignChangeOf } from './campaign-state.service';
import { syncSchedule } from './schedules.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'communications-schedules';

/**
 * DynamoDB Streams entry: every change of an e-mail, SMS or push campaign puts its schedule in
 * step (created, moved, replaced or cancelled). Syncing reads the campaign as it is now, so each
 * campaign is synced once per batch, and records delivered twice or out of order end the same way.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => {
    const change = campaignChangeOf(record);
    return change && isSendable(change.type) ? { tenant: change.tenant, id: change.id } : undefined;
  },
  apply: async (ctx, changes) => {
    for (const id of new Set(changes.map((c) => c.id))) await syncSchedule(ctx, id);
  },
});
