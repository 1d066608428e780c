import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { backfillCityIds } from './city-backfill.service';
import { runSegmentationMigration, sweepDataMigrations } from './data-migrations.service';
import { SegmentationMessage } from './recompute.schema';
import { handleSegmentationMessage, SEGMENT_BUDGET_MS } from './recompute.service';

/** Leaves this long of the Lambda's time for the continuation message and the answer. */
const MARGIN_MS = 30_000;

/**
 * SQS entry of the `segmentation` queue (functions/src/queues.ts): recompute plans, segments,
 * auto-refresh and daily-pass messages, the data migrations' sweep and runs, side by side (a batch holds at most 10); every step is
 * idempotent. A segment hands over to its continuation before the Lambda's time runs out.
 */
export const handler = sqsConsumer({
  name: 'segmentation-recompute',
  schema: SegmentationMessage,
  parallel: true,
  handle: async (message, { context }) => {
    if (message.type === 'city-backfill') {
      await backfillCityIds(systemContext(message.tenant, 'segmentation-city-backfill'));
      return;
    }
    const remaining = context?.getRemainingTimeInMillis?.();
    const budgetMs =
      remaining !== undefined
        ? Math.max(5_000, Math.min(SEGMENT_BUDGET_MS, remaining - MARGIN_MS))
        : SEGMENT_BUDGET_MS;
    if (message.type === 'migrations') {
      // The directory backfill stops within the Lambda's time (and its own budget).
      await sweepDataMigrations(remaining !== undefined ? { budgetMs } : {});
      return;
    }
    if (message.type === 'migrate') {
      await runSegmentationMigration(message, remaining !== undefined ? { budgetMs } : {});
      return;
    }
    // The sweep belongs to no tenant: it looks at every tenant's work in flight.
    const tenant = message.type === 'sweep' ? '_sweep' : message.tenant;
    return handleSegmentationMessage(systemContext(tenant, 'segmentation-recompute'), message, {
      budgetMs,
    });
  },
});
