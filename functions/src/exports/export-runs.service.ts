import { EXPORT_MESSAGES } from '@freguesia/shared/schemas/exports';
import type { ServiceContext } from '../lib/context';
import { isDomainError } from '../lib/errors';
import { csvStream } from '../lib/files/csv';
import { xlsxStream } from '../lib/files/xlsx';
import { logger } from '../lib/logger';
import { blobPort } from '../lib/ports/blob';
import { queuePort } from '../lib/ports/queue';
import type { ExportJobItem } from './exports.entities';
import { exportsRepository } from './exports.repository';
import { EXPORTS_QUEUE, type ExportMessage } from './exports.service';
import { EXPORT_PAGES } from './export-pages.service';
import { EXPORT_KINDS, isExportKind, type ExportCell, type ExportParams } from './kinds.service';

/**
 * The file of an export job, written by the `exports` consumer (and only there: the xlsx and CSV
 * writers are bundled with it alone). At-least-once delivery is made safe by the job record:
 * - a run *takes* the job (queued, or running with an expired lease) and renews its lease with
 *   every page it saves; every later write is conditioned on its attempt, so a run that lost the
 *   job (it stalled past its lease and another took over) stops without touching the job;
 * - the file has one key per job: a second run replaces it, never adds another;
 * - a copy delivered while another run holds the job is put back for a minute (acknowledging it
 *   could delete the very message the live run depends on), and dropped once the job ended;
 * - a failure ends the job 'failed' with a Portuguese message when it cannot succeed (a domain
 *   error: the tag was deleted) or on the last delivery; before that the job is given back at once
 *   and the queue delivers the message again.
 */

/** How long a run holds a job without saving progress. */
export const LEASE_MS = 60_000;
/** Progress (rows, lease) is saved at most this often. */
const SAVE_EVERY_MS = 2_000;
/** A copy of a held job waits this long before it looks again… */
const PUT_BACK_SECONDS = 60;
/** …at most this many times (the holder's own message is still there if it dies). */
const MAX_PUT_BACKS = 20;

export type ExportRunOutcome = 'done' | 'failed' | 'ended' | 'held' | 'lost';

/** The run lost its job to another run (its lease ran out). */
class LostJob extends Error {}

export interface ExportDelivery {
  /** Deliveries of this message so far, this one included (SQS ApproximateReceiveCount). */
  receiveCount: number;
  /** Deliveries before the message goes to the dead-letter queue. */
  maxReceiveCount: number;
}

/** Writes the job's file (see above). Throws only when the queue should deliver the message again. */
export async function runExport(
  ctx: ServiceContext,
  message: ExportMessage,
  delivery: ExportDelivery,
): Promise<ExportRunOutcome> {
  const repo = exportsRepository(ctx.tenant);
  const startedAt = ctx.now();
  const job = await repo.claim(
    message.id,
    startedAt.getTime(),
    startedAt.getTime() + LEASE_MS,
    startedAt.toISOString(),
  );
  if (!job) {
    const current = await repo.get(message.id);
    if (!current || current.status === 'done' || current.status === 'failed') return 'ended';
    if (message.put_back < MAX_PUT_BACKS) {
      const again: ExportMessage = { ...message, put_back: message.put_back + 1 };
      await (await queuePort()).send(EXPORTS_QUEUE, again, { delaySeconds: PUT_BACK_SECONDS });
    }
    return 'held';
  }
  const fail = async (text: string) => {
    await repo.finish(job.id, job.attempt, { status: 'failed', message: text }, ctx.now().toISOString());
    return 'failed' as const;
  };
  try {
    const written = await writeFile(ctx, job);
    const done = await repo.finish(
      job.id,
      job.attempt,
      { status: 'done', ...written },
      ctx.now().toISOString(),
    );
    if (!done) return 'lost';
    logger.info('export written', {
      tenant: ctx.tenant,
      id: job.id,
      kind: job.kind,
      ...written,
      ms: ctx.now().getTime() - startedAt.getTime(),
    });
    return 'done';
  } catch (error) {
    if (error instanceof LostJob) return 'lost';
    if (isDomainError(error)) return fail(error.message);
    logger.error('export failed', {
      tenant: ctx.tenant,
      id: job.id,
      kind: job.kind,
      attempt: job.attempt,
      error,
    });
    if (delivery.receiveCount >= delivery.maxReceiveCount) return fail(EXPORT_MESSAGES.failed);
    await repo.release(job.id, job.attempt);
    throw error;
  }
}

async function writeFile(ctx: ServiceContext, job: ExportJobItem): Promise<{ rows: number; size: number }> {
  if (!isExportKind(job.kind)) throw new Error(`unknown export kind ${job.kind}`);
  const kind = EXPORT_KINDS[job.kind];
  const pageOf = EXPORT_PAGES[job.kind];
  const params = job.params as ExportParams;
  const repo = exportsRepository(ctx.tenant);
  let rows = 0;
  let savedAt = Date.now();
  async function* pages(): AsyncGenerator<ExportCell[][]> {
    let cursor: string | null = null;
    do {
      const page: { rows: ExportCell[][]; cursor: string | null } = await pageOf(ctx, params, cursor);
      rows += page.rows.length;
      yield page.rows;
      cursor = page.cursor;
      if (Date.now() - savedAt >= SAVE_EVERY_MS) {
        savedAt = Date.now();
        if (!(await repo.progress(job.id, job.attempt, rows, savedAt + LEASE_MS))) throw new LostJob();
      }
    } while (cursor);
  }
  const bytes =
    kind.format === 'xlsx'
      ? xlsxStream(
          { sheetName: 'sheetName' in kind ? kind.sheetName : 'Planilha', columns: kind.columns },
          pages(),
        )
      : csvStream({ columns: kind.columns }, pages());
  const size = await (await blobPort('exports')).putStream(job.blobKey, bytes, job.contentType);
  return { rows, size };
}
