import type { ServiceContext } from '../lib/context';
import { directoryEntry, ledgerOf } from '../lib/migrations/ledger';
import { migrations } from '../migrations';

/** A data migration as an administrator sees it for the tenant. */
export interface DataMigrationStatus {
  id: string;
  description: string;
  /** done: finished (or not needed: the tenant was created after it); running: started, not finished; pending: not started. */
  status: 'done' | 'running' | 'pending';
  pages: number;
  changed: number;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
}

/**
 * The tenant's data migrations (functions/README.md, "Data migrations"): each registered one with
 * its state from the ledger and the tenant directory. Two reads, whatever the data.
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
