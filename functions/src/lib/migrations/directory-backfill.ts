import { scanTenantIds } from '../ddb/tenants';
import { logger } from '../logger';
import { DIRECTORY, claimMigration, recordPage, registerTenant, releaseMigration } from './ledger';

/**
 * The one-off **directory backfill** (functions/README.md, "Data migrations"): lists in the tenant
 * directory every tenant created before it existed that has not made a request since (the first
 * request lists the others, lib/ddb/tenants.ts), so that the sweep migrates it too. The only Scan
 * of the platform: a background job run by the migrations' sweep before it walks the directory,
 * never a request path. It keeps the migrations' ledger (one item, `_tenants` / `tenant-directory`):
 * the cursor of the next page after each page (a run that dies resumes there), a lease (two sweeps
 * never scan at once) and `done` at the end, after which it never runs again — a tenant created
 * later is listed by its creation transaction.
 */
export const DIRECTORY_BACKFILL = 'tenant-directory';

export const directoryBackfillOptions = {
  /** Items read per Scan page, of every kind, before the tenant filter (and at most 1 MB). */
  pageSize: 1000,
  /**
   * A run stops after this long, or sooner within the Lambda's time (the sweep walks the
   * directory next); the next sweep goes on from the cursor.
   */
  budgetMs: 120_000,
  /** Called after each stored page with where it started (tests inject a crash here). */
  afterPage: undefined as
    | ((page: {
        from: string | undefined;
        cursor: string | undefined;
        registered: string[];
      }) => void | Promise<void>)
    | undefined,
};

const LOG = 'migrations: directory backfill';
/** How long a run holds the job without storing a page before another sweep may take it over. */
const LEASE_MS = 5 * 60_000;

/**
 * Runs the backfill from where it stopped, page by page, within the budget: lists each tenant
 * found that the directory lacks (a conditional put: a listed tenant and the migrations it has
 * done are left alone). Answers `done` when it finishes, `idle` when done before or another run
 * holds it, `paused` at the end of its budget. An error is stored on the ledger item
 * and logged, the lease given back, and not thrown (`stopped`): the sweep still walks the
 * directory, the next one resumes from the cursor.
 */
export async function backfillDirectory(
  options: { budgetMs?: number } = {},
): Promise<'idle' | 'done' | 'paused' | 'stopped'> {
  const started = Date.now();
  // Refused once done (one conditional write, nothing read) or while another run holds the lease.
  const claimed = await claimMigration(DIRECTORY, DIRECTORY_BACKFILL, started, LEASE_MS);
  if (!claimed) return 'idle';
  const budgetMs = Math.min(options.budgetMs ?? Infinity, directoryBackfillOptions.budgetMs);
  let cursor = claimed.cursor;
  let pages = 0;
  let registered = 0;
  try {
    for (;;) {
      const from = cursor;
      const page = await scanTenantIds(from, directoryBackfillOptions.pageSize);
      const added: string[] = [];
      for (const tenant of page.tenants) if (await registerTenant(tenant)) added.push(tenant);
      cursor = page.cursor;
      pages++;
      registered += added.length;
      const done = cursor === undefined;
      await recordPage(DIRECTORY, DIRECTORY_BACKFILL, {
        cursor,
        changed: added.length,
        ...(done
          ? { leaseUntil: 0, finishedAt: new Date().toISOString() }
          : { leaseUntil: Date.now() + LEASE_MS }),
      });
      if (added.length) logger.info('migrations: tenants listed', { tenants: added });
      await directoryBackfillOptions.afterPage?.({ from, cursor, registered: added });
      if (done || Date.now() - started >= budgetMs) {
        if (!done) await releaseMigration(DIRECTORY, DIRECTORY_BACKFILL);
        logger.info(LOG, { done, resumed: !!claimed.cursor, pages, registered });
        return done ? 'done' : 'paused';
      }
    }
  } catch (error) {
    await releaseMigration(DIRECTORY, DIRECTORY_BACKFILL, (error as Error).message).catch(() => undefined);
    logger.error(LOG, { pages, registered, error: error as Error });
    return 'stopped';
  }
}
