import type { CustomersChange } from '@freguesia/functions/customers/changes.service';
import { PROCESSOR as DASHBOARD_PROCESSOR } from '@freguesia/functions/dashboard/aggregates.stream';
import { loadCustomersChanges } from '@freguesia/functions/dashboard/dashboard.service';
import { systemContext } from '@freguesia/functions/lib/context';
import type { Seeder } from './types';

/** The stream processor whose items this seeder writes in bulk: it skips the seed's records. */
export const DASHBOARD_SEEDED_PROCESSORS = [DASHBOARD_PROCESSOR];

/**
 * The dashboard's figures of the seeded customers and purchases, added in one pass (all deltas
 * merged in memory). The `dashboard-aggregates` stream processor skips the seed's records
 * (infra/local/workers.ts): replaying them one by one kept the stream about 30 s behind after a
 * fresh start, so the first purchases and edits showed up late everywhere.
 */
export const dashboardSeeder: Seeder = {
  name: 'painel',
  async run(ctx) {
    const changes = (ctx.shared.get('dashboardChanges') ?? []) as CustomersChange[];
    const counted = await loadCustomersChanges(
      systemContext(ctx.tenant, 'seed', () => ctx.now),
      changes,
    );
    return `${counted} registros somados`;
  },
};
