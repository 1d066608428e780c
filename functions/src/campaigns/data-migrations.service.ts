import { backfillLeadUses } from '../campaign-records/campaign-records.service';
import type { MigrateMessage } from '../lib/migrations/messages';
import { runMigration, type MigrationSteps } from '../lib/migrations/runner';

/** The migrations the `campaigns` queue runs (functions/src/migrations.ts), by id. */
const steps: MigrationSteps = {
  // Campaigns are a small collection read whole per tenant: one page.
  'campaign-lead-uses': async (ctx) => ({ changed: await backfillLeadUses(ctx) }),
};
export const CAMPAIGNS_MIGRATIONS: readonly string[] = Object.keys(steps);

/** Runs one migration of this queue for one tenant (lib/migrations/runner.ts). */
export function runCampaignsMigration(message: MigrateMessage): Promise<void> {
  return runMigration(message, steps);
}
