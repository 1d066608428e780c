import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { campaignsSeeder } from './campaigns';
import { catalogSeeder } from './catalog';
import { customersSeeder } from './customers';
import { identitySeeder, LOCAL_TENANTS } from './identity';
import { portalSeeder } from './portal';
import { dashboardSeeder, DASHBOARD_SEEDED_PROCESSORS } from './dashboard';
import { segmentationSeeder, SEGMENTATION_SEEDED_PROCESSORS } from './segmentation';
import { createRng } from './random';
import type { Seeder } from './types';

/**
 * Seed steps in dependency order. A domain adds its own seeder here (stores and catalog
 * before customers, customers before purchases).
 */
const SEEDERS: Seeder[] = [identitySeeder, catalogSeeder, customersSeeder, dashboardSeeder, segmentationSeeder, portalSeeder, campaignsSeeder];

/** Stream processors whose items the seeders write in bulk: they skip the seed's records. */
export const SEEDED_PROCESSORS = [
  ...DASHBOARD_SEEDED_PROCESSORS,
  ...SEGMENTATION_SEEDED_PROCESSORS,
  // Seeded purchases went through no checkout: there is no session for them to settle.
  'campaigns-settlement',
];

/**
 * Seeds every local tenant that does not exist yet. Deterministic for a given day. Answers
 * whether it wrote anything: then the stream processors whose items the seed writes in bulk
 * (`SEEDED_PROCESSORS`) skip what the stream holds so far.
 */
export async function seedLocalTenants(log: (line: string) => void, now = new Date()): Promise<boolean> {
  // The tenants are independent: seeded side by side (the small one no longer waits for the demo).
  const seeded = await Promise.all(
    LOCAL_TENANTS.map(async (spec) => {
      // Marked complete only at the end, so an interrupted seed is redone on the next start.
      const counters = countersFor(spec.tenant);
      if ((await counters.total('seed-complete')) > 0) return false;
      const started = Date.now();
      const ctx = { tenant: spec.tenant, size: spec.size, rng: createRng(`freguesia:${spec.tenant}`), now, shared: new Map() };
      for (const seeder of SEEDERS) {
        const step = Date.now();
        const done = await seeder.run(ctx);
        log(`  semente ${spec.tenant}/${seeder.name}: ${done} (${((Date.now() - step) / 1000).toFixed(1)} s)`);
      }
      await counters.add('seed-complete', 1);
      log(`  ambiente ${spec.tenant} pronto em ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return true;
    }),
  );
  return seeded.some(Boolean);
}
