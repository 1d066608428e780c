import { SWEEPS } from '../async/sweeps';
import { scanTenantIds } from '../ddb/tenants';
import { logger } from '../logger';
import { queuePort } from '../ports/queue';
import {
  DIRECTORY,
  claimMigration,
  completeJob,
  ledgerItem,
  recordPage,
  registerTenant,
  releaseMigration,
} from './ledger';

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
   * A run hands over to a new sweep message after this long, or sooner within the Lambda's time
   * (the sweep walks the directory next).
   */
  budgetMs: 60_000,
  /** Called after each stored page with where it started (tests inject a crash here). */
  afterPage: undefined as
    | ((page: {
        from: string | undefined;
        cursor: string | undefined;
        registered: string[];
      }) => void | Promise<void>)
    | undefined,
};

/** Registrations in flight at once within a page. */
const PARALLEL = 25;
/** How long the run holds the job without storing a page before another sweep may take it over. */
const LEASE_MS = 5 * 60_000;

export type DirectoryBackfillOutcome =
  | { state: 'done' | 'busy' }
  | { state: 'finished' | 'handed-over' | 'stopped'; pages: number; registered: number };

/**
 * Runs the backfill from where it stopped, page by page, within the budget: lists each tenant
 * found that the directory lacks (a conditional put: a listed tenant and the migrations it has
 * done are left alone). `done` once finished; `busy` when another run holds it. Past the budget
 * it hands over to a new sweep message. An error is stored on the ledger item and logged, the
 * lease given back, and not thrown: the sweep still walks the directory, the next one resumes.
 */
export async function backfillDirectory(
  options: { budgetMs?: number } = {},
): Promise<DirectoryBackfillOutcome> {
  const stored = await ledgerItem(DIRECTORY, DIRECTORY_BACKFILL);
  if (stored?.status === 'done') return { state: 'done' };
  const started = Date.now();
  const claimed = await claimMigration(DIRECTORY, DIRECTORY_BACKFILL, started, LEASE_MS);
  if (!claimed) return { state: 'busy' };
  const budgetMs = Math.min(options.budgetMs ?? Infinity, directoryBackfillOptions.budgetMs);
  let cursor = claimed.cursor;
  let pages = 0;
  let registered = 0;
  logger.info('migrations: directory backfill started', { resumed: cursor !== undefined });
  try {
    for (;;) {
      const from = cursor;
      const page = await scanTenantIds(from, directoryBackfillOptions.pageSize);
      const added: string[] = [];
      for (let i = 0; i < page.tenants.length; i += PARALLEL) {
        const chunk = page.tenants.slice(i, i + PARALLEL);
        const results = await Promise.all(chunk.map((tenant) => registerTenant(tenant)));
        chunk.forEach((tenant, j) => results[j] && added.push(tenant));
      }
      cursor = page.cursor;
      pages++;
      registered += added.length;
      await recordPage(DIRECTORY, DIRECTORY_BACKFILL, {
        cursor,
        changed: added.length,
        leaseUntil: Date.now() + LEASE_MS,
      });
      if (added.length > 0)
        logger.info('migrations: tenants listed by the directory backfill', { tenants: added });
      await directoryBackfillOptions.afterPage?.({ from, cursor, registered: added });
      if (cursor === undefined) {
        await completeJob(DIRECTORY, DIRECTORY_BACKFILL, Date.now());
        logger.info('migrations: directory backfill done', {
          pages: (claimed.pages ?? 0) + pages,
          registered: (claimed.changed ?? 0) + registered,
        });
        return { state: 'finished', pages, registered };
      }
      if (Date.now() - started >= budgetMs) {
        await releaseMigration(DIRECTORY, DIRECTORY_BACKFILL);
        logger.info('migrations: directory backfill handed over', { pages, registered });
        const sweep = SWEEPS.find((s) => 'name' in s && s.name === 'migrations')!;
        await (await queuePort()).send(sweep.queue, sweep.message);
        return { state: 'handed-over', pages, registered };
      }
    }
  } catch (error) {
    await releaseMigration(DIRECTORY, DIRECTORY_BACKFILL, (error as Error).message ?? String(error)).catch(
      () => undefined,
    );
    logger.error('migrations: directory backfill stopped', { pages, registered, error: error as Error });
    return { state: 'stopped', pages, registered };
  }
}
