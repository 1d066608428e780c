import { migrationById, migrations } from '../../migrations';
import { systemContext, type ServiceContext } from '../context';
import { logger } from '../logger';
import { queuePort } from '../ports/queue';
import { backfillDirectory } from './directory-backfill';
import { claimMigration, completeMigration, directoryPage, recordPage, releaseMigration } from './ledger';
import type { MigrateMessage } from './messages';

/**
 * One page of a migration: the owning domain's service function, called with the cursor the last
 * page answered (undefined at the start). Answers the next cursor (none when finished) and how
 * many records it changed. Must be idempotent: a page may run again after a crash.
 */
export type MigrationStep = (
  ctx: ServiceContext,
  cursor: string | undefined,
) => Promise<{ cursor?: string; changed: number }>;

/** The steps a queue's consumer runs, by migration id. */
export type MigrationSteps = Readonly<Record<string, MigrationStep>>;

export const migrationOptions = {
  /** Records per page (the steps read it). */
  pageSize: 200,
  /** How long a run holds a migration without writing progress before another run may take it over. */
  leaseMs: 5 * 60_000,
  /** A run hands over to a new message of its queue after this long (within the consumer's timeout). */
  budgetMs: 120_000,
  /** Called after each stored page (tests inject a crash here). */
  afterPage: undefined as ((tenant: string, migration: string) => void | Promise<void>) | undefined,
};

/**
 * The sweep: first the one-off directory backfill (a refused conditional write once it is done),
 * then it reads the tenant directory (Queries of one partition) and queues a run of every
 * registered migration a tenant has not done, on the migration's queue. A run already under way
 * holds a lease, so the extra message finds it taken and ends at once.
 */
export async function sweepMigrations(
  options: { budgetMs?: number } = {},
): Promise<{ tenants: number; queued: number; backfill: Awaited<ReturnType<typeof backfillDirectory>> }> {
  const backfill = await backfillDirectory(options);
  const queue = await queuePort();
  let tenants = 0;
  let queued = 0;
  let cursor: string | undefined;
  do {
    const page = await directoryPage(cursor);
    for (const entry of page.data) {
      tenants++;
      const done = new Set(entry.done);
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        const message: MigrateMessage = { type: 'migrate', tenant: entry.tenant, migration: m.id };
        await queue.send(m.queue, message);
        queued++;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  if (queued > 0) logger.info('migrations: pending runs queued', { tenants, queued });
  return { tenants, queued, backfill };
}

/**
 * Runs one migration for one tenant from where it stopped: takes its lease, calls the step page
 * after page storing the cursor after each, and marks it done (ledger + directory) when the step
 * answers no cursor. Past the time budget it hands over to a new message; on an error it gives
 * the lease back with the error and throws (the message is retried; the next sweep queues it
 * again anyway). A done migration is never run again.
 */
export async function runMigration(
  message: Pick<MigrateMessage, 'tenant' | 'migration'>,
  steps: MigrationSteps,
  options: { budgetMs?: number } = {},
): Promise<void> {
  const { tenant, migration } = message;
  const definition = migrationById(migration);
  const step = steps[migration];
  if (!definition || !step) {
    logger.warn('migrations: unknown migration for this queue', { tenant, migration });
    return;
  }
  const started = Date.now();
  const claimed = await claimMigration(tenant, migration, started, migrationOptions.leaseMs);
  if (!claimed) return;
  const ctx = systemContext(tenant, `migration:${migration}`);
  const budgetMs = options.budgetMs ?? migrationOptions.budgetMs;
  let cursor = claimed.cursor;
  let pages = 0;
  let changed = 0;
  logger.info('migrations: run started', { tenant, migration, resumed: cursor !== undefined });
  try {
    for (;;) {
      const page = await step(ctx, cursor);
      cursor = page.cursor;
      pages++;
      changed += page.changed;
      await recordPage(tenant, migration, {
        cursor,
        changed: page.changed,
        leaseUntil: Date.now() + migrationOptions.leaseMs,
      });
      await migrationOptions.afterPage?.(tenant, migration);
      if (cursor === undefined) {
        await completeMigration(tenant, migration, Date.now());
        logger.info('migrations: done', {
          tenant,
          migration,
          pages: (claimed.pages ?? 0) + pages,
          changed: (claimed.changed ?? 0) + changed,
          description: definition.description,
        });
        return;
      }
      if (Date.now() - started >= budgetMs) {
        await releaseMigration(tenant, migration);
        logger.info('migrations: handed over', { tenant, migration, pages, changed });
        await (await queuePort()).send(definition.queue, { type: 'migrate', tenant, migration });
        return;
      }
    }
  } catch (error) {
    await releaseMigration(tenant, migration, (error as Error).message ?? String(error)).catch(
      () => undefined,
    );
    logger.error('migrations: run stopped', { tenant, migration, error: error as Error });
    throw error;
  }
}
