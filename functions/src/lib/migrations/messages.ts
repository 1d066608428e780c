import * as z from 'zod';

/**
 * The queue messages of the data migrations (functions/README.md, "Data migrations"): the sweep
 * (`SWEEPS` in lib/async/sweeps.ts, every 5 minutes) and one run of one migration for one tenant,
 * sent by the sweep to the queue the registry names (functions/src/migrations.ts).
 */
export const MigrationsSweepMessage = z.object({ type: z.literal('migrations') });
export type MigrationsSweepMessage = z.infer<typeof MigrationsSweepMessage>;

export const MigrateMessage = z.object({
  type: z.literal('migrate'),
  tenant: z.string().min(1),
  migration: z.string().min(1),
});
export type MigrateMessage = z.infer<typeof MigrateMessage>;
