import { Entity, Service } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';
import { isConditionFailure, transactionError, writeTransaction } from '../ddb/transactions';

/**
 * The data migrations' records (functions/README.md, "Data migrations"):
 *
 * - the **tenant directory**: one small item per tenant in the reserved partition `_tenants` (not a
 *   tenant label: those start with a letter or digit) with the ids of the migrations done for it,
 *   so the sweep finds every tenant and its pending work with one Query, never a Scan. A tenant
 *   provisioned since then is written there in its creation transaction with every migration done
 *   (it has no old data); a tenant provisioned before is registered, with none done, by its first
 *   request (lib/ddb/tenants.ts) or, if it has none, by the one-off directory backfill the sweep
 *   runs first (lib/migrations/directory-backfill.ts);
 * - the **ledger**: one item per tenant and migration (partition of the tenant) with its state
 *   (`running` / `done`), the cursor of the next page, pages and records changed, the lease of the
 *   run in progress and the last error. Read by the status call and by operators.
 */

export const DIRECTORY = '_tenants';

export const TenantDirectoryEntity = new Entity(
  {
    model: { entity: 'tenantDirectory', version: '1', service: 'freguesia' },
    attributes: {
      /** Always `_tenants`: the partition of the directory. */
      tenant: { type: 'string', required: true, readOnly: true },
      /** The tenant listed. */
      member: { type: 'string', required: true, readOnly: true },
      /** Ids of the migrations done for the tenant. */
      done: { type: 'set', items: 'string' },
      registeredAt: { type: 'string', default: () => new Date().toISOString() },
    },
    indexes: { byMember: key('primary', ['tenant'], ['member']) },
  },
  { client: documentClient, table: tableName() },
);

export const MigrationLedgerEntity = new Entity(
  {
    model: { entity: 'migrationLedger', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      migration: { type: 'string', required: true, readOnly: true },
      status: { type: ['running', 'done'] as const },
      /** Where the next page starts (the owning service's cursor); absent before the first page and when done. */
      cursor: { type: 'string' },
      pages: { type: 'number' },
      changed: { type: 'number' },
      /** Runs started (a resumed run counts again). */
      runs: { type: 'number' },
      /** Until when (ms) the run in progress holds the migration; 0 when none does. */
      leaseUntil: { type: 'number' },
      startedAt: { type: 'string' },
      finishedAt: { type: 'string' },
      lastError: { type: 'string' },
    },
    indexes: { byTenant: key('primary', ['tenant'], ['migration']) },
  },
  { client: documentClient, table: tableName() },
);

const ledgerService = new Service({ directory: TenantDirectoryEntity, ledger: MigrationLedgerEntity });

export interface DirectoryEntry {
  tenant: string;
  done: readonly string[];
}

export interface LedgerEntry {
  migration: string;
  status?: 'running' | 'done';
  cursor?: string;
  pages?: number;
  changed?: number;
  runs?: number;
  leaseUntil?: number;
  startedAt?: string;
  finishedAt?: string;
  lastError?: string;
}

/** The directory item a tenant's creation transaction writes (every migration done: nothing old). */
export const directoryItem = (tenant: string, done: readonly string[]) => ({
  tenant: DIRECTORY,
  member: tenant,
  ...(done.length > 0 ? { done: [...done] } : {}),
});

/** Lists a tenant in the directory unless it is there already (answers whether it was added). */
export async function registerTenant(tenant: string, done: readonly string[] = []): Promise<boolean> {
  try {
    await TenantDirectoryEntity.create(directoryItem(tenant, done)).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Whether the directory lists a tenant. */
export async function isRegistered(tenant: string): Promise<boolean> {
  const { data } = await TenantDirectoryEntity.get({ tenant: DIRECTORY, member: tenant }).go();
  return data !== null;
}

/** A page of the directory (tenant order). */
export async function directoryPage(
  cursor: string | undefined,
  limit = 500,
): Promise<{ data: DirectoryEntry[]; cursor: string | undefined }> {
  const page = await TenantDirectoryEntity.query
    .byMember({ tenant: DIRECTORY })
    .go({ limit, pages: 1, ...(cursor ? { cursor } : {}) });
  return {
    data: page.data.map((d) => ({ tenant: d.member, done: d.done ?? [] })),
    cursor: page.cursor ?? undefined,
  };
}

/** The directory entry of one tenant (undefined when not listed). */
export async function directoryEntry(tenant: string): Promise<DirectoryEntry | undefined> {
  const { data } = await TenantDirectoryEntity.get({ tenant: DIRECTORY, member: tenant }).go();
  return data ? { tenant, done: data.done ?? [] } : undefined;
}

/** Every ledger item of a tenant (one Query: one item per migration ever run). */
export async function ledgerOf(tenant: string): Promise<LedgerEntry[]> {
  const { data } = await MigrationLedgerEntity.query.byTenant({ tenant }).go({ pages: 'all' });
  return data;
}

/**
 * Takes the migration for a run: only when it is not done and no other run holds an unexpired
 * lease. Answers the stored state (with the cursor to resume from), or undefined when not taken.
 */
export async function claimMigration(
  tenant: string,
  migration: string,
  now: number,
  leaseMs: number,
): Promise<LedgerEntry | undefined> {
  try {
    const { data } = await MigrationLedgerEntity.update({ tenant, migration })
      .set({ status: 'running', leaseUntil: now + leaseMs })
      .data(({ startedAt }, { ifNotExists }) => ifNotExists(startedAt, new Date(now).toISOString()))
      .add({ runs: 1 })
      .where(
        ({ status, leaseUntil }, { notExists, ne, lt }) =>
          `(${notExists(status)} OR ${ne(status, 'done')}) AND (${notExists(leaseUntil)} OR ${lt(leaseUntil, now)})`,
      )
      .go({ response: 'all_new' });
    return data as LedgerEntry;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Stores a page's progress: the next cursor, the counts, and a renewed lease. With `finishedAt`,
 * the last page of a job that belongs to no tenant (the directory backfill: no directory entry to
 * update) also marks it done.
 */
export async function recordPage(
  tenant: string,
  migration: string,
  progress: { cursor: string | undefined; changed: number; leaseUntil: number; finishedAt?: string },
): Promise<void> {
  const { cursor, finishedAt } = progress;
  const update = MigrationLedgerEntity.patch({ tenant, migration })
    .set({
      leaseUntil: progress.leaseUntil,
      ...(cursor ? { cursor } : {}),
      ...(finishedAt ? { status: 'done' as const, finishedAt } : {}),
    })
    .add({ pages: 1, changed: progress.changed });
  await (cursor ? update : update.remove(finishedAt ? ['cursor', 'lastError'] : ['cursor'])).go();
}

/** Marks a migration done for a tenant, in its ledger item and in the directory, in one transaction. */
export async function completeMigration(tenant: string, migration: string, now: number): Promise<void> {
  const result = await writeTransaction(() =>
    ledgerService.transaction
      .write(({ ledger, directory }) => [
        ledger
          .patch({ tenant, migration })
          .set({ status: 'done', leaseUntil: 0, finishedAt: new Date(now).toISOString() })
          .remove(['cursor', 'lastError'])
          .commit(),
        directory
          .update({ tenant: DIRECTORY, member: tenant })
          .add({ done: [migration] })
          .commit(),
      ])
      .go(),
  );
  if (result.canceled) throw transactionError(result);
}

/** Gives a run's lease back (the next trigger resumes from the stored cursor), with the error that stopped it. */
export async function releaseMigration(tenant: string, migration: string, error?: string): Promise<void> {
  await MigrationLedgerEntity.patch({ tenant, migration })
    .set({ leaseUntil: 0, ...(error ? { lastError: error.slice(0, 500) } : {}) })
    .go();
}
