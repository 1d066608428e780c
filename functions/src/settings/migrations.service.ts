import type { DataMigrationStatus } from '@freguesia/shared/schemas/migrations';
import type { ServiceContext } from '../lib/context';
import { directoryEntry, ledgerOf } from '../lib/migrations/ledger';
import { migrations } from '../migrations';

/**
 * The tenant's data migrations (functions/README.md, "Data migrations"): each registered one with
 * its state from the ledger and the tenant directory (done: finished, or not needed because the
 * tenant was created after it; running: started, not finished; pending: not started). Two reads.
 */
export async function dataMigrationsStatus(ctx: ServiceContext): Promise<DataMigrationStatus[]> {
  const [ledger, entry] = await Promise.all([ledgerOf(ctx.tenant), directoryEntry(ctx.tenant)]);
  const done = new Set(entry?.done ?? []);
  return migrations.map((m) => {
    const run = ledger.find((l) => l.migration === m.id);
    return {
      id: m.id,
      description: m.description,
      status: done.has(m.id) ? 'done' : run ? 'running' : 'pending',
      pages: run?.pages ?? 0,
      changed: run?.changed ?? 0,
      started_at: run?.startedAt ?? null,
      finished_at: run?.finishedAt ?? null,
      last_error: run?.lastError ?? null,
    };
  });
}
