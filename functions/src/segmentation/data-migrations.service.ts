import { fillCustomerCityIds, recountReach } from '../customers/customer-backfills.service';
import {
  migrationOptions,
  runMigration,
  sweepMigrations,
  type MigrationSteps,
} from '../lib/migrations/runner';
import type { MigrateMessage } from '../lib/migrations/messages';
import { cityIdOf } from './city-ids.model';
import { fillProfileCityIdsPage } from './profiles.service';

/**
 * The data migrations the `segmentation` queue runs (functions/src/migrations.ts; functions/README.md,
 * "Data migrations"), and their sweep: the customers' and the profiles' city codes need the IBGE
 * table this queue's consumer already carries; the reach recount is a customers service.
 */

/** The migrations the segmentation queue runs (functions/src/migrations.ts), by id. */
const steps: MigrationSteps = {
  'customer-city-ids': (ctx, cursor) => fillCustomerCityIds(ctx, cityIdOf, cursor, migrationOptions.pageSize),
  'profile-city-ids': (ctx, cursor) =>
    fillProfileCityIdsPage(ctx, cityIdOf, cursor, migrationOptions.pageSize),
  'customer-reach-counters': (ctx, cursor) => recountReach(ctx, cursor, migrationOptions.pageSize),
};
export const SEGMENTATION_MIGRATIONS: readonly string[] = Object.keys(steps);

/** Runs one migration of this queue for one tenant (lib/migrations/runner.ts). */
export function runSegmentationMigration(
  message: MigrateMessage,
  options: { budgetMs?: number } = {},
): Promise<void> {
  return runMigration(message, steps, options);
}

/**
 * The data migrations' sweep (`SWEEPS`, lib/async/sweeps.ts): lists the tenants the directory
 * lacks (the one-off backfill, within `budgetMs`), then queues every migration a tenant has not
 * done, for every tenant, each on the queue that runs it.
 */
export function sweepDataMigrations(options: { budgetMs?: number } = {}): ReturnType<typeof sweepMigrations> {
  return sweepMigrations(options);
}
