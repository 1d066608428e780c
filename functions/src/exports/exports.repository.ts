import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { readPage } from '../lib/ddb/pagination';
import { assertCommitted, isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import { ExportJobEntity, exportsService, type ExportJobItem } from './exports.entities';

export type NewExportJob = Pick<
  ExportJobItem,
  'kind' | 'params' | 'title' | 'fileName' | 'contentType' | 'requestedBy' | 'requestedByName' | 'createdAt'
>;

const requesterTotal = (userId: number) => `total:export:by:${userId}`;

/** Export jobs of one tenant. Every state change is conditional, so two runs of one job cannot both win. */
export function exportsRepository(tenant: string) {
  const counters = countersFor(tenant);
  /** Runs a conditional patch; undefined when its condition failed. */
  const conditional = async (run: () => Promise<{ data: unknown }>): Promise<ExportJobItem | undefined> => {
    try {
      return (await run()).data as ExportJobItem;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  };
  return {
    async create(job: NewExportJob): Promise<ExportJobItem> {
      const id = await counters.next('export');
      const item = {
        ...job,
        tenant,
        id,
        blobKey: `${tenant}/${id}/${job.fileName}`,
        status: 'queued' as const,
        rows: 0,
        attempt: 0,
        leaseUntil: 0,
      };
      const result = await writeTransaction(() =>
        exportsService.transaction
          .write((t) => [
            t.exportJob.create(item).commit(),
            t.counter.upsert({ tenant, name: 'total:export' }).add({ value: 1 }).commit(),
            t.counter
              .upsert({ tenant, name: requesterTotal(job.requestedBy) })
              .add({ value: 1 })
              .commit(),
          ])
          .go(),
      );
      assertCommitted(result, {});
      return (await this.get(id))!;
    },

    async get(id: number): Promise<ExportJobItem | undefined> {
      const { data } = await ExportJobEntity.get({ tenant, id }).go();
      return data ?? undefined;
    },

    /** Newest first: every job of the tenant, or those one user asked for. */
    async listPage(
      page: number,
      perPage: number,
      requestedBy?: number,
    ): Promise<{ items: ExportJobItem[]; total: number }> {
      const [items, total] = await Promise.all([
        readPage(
          async ({ cursor, limit }) => {
            const query =
              requestedBy === undefined
                ? ExportJobEntity.query.byId({ tenant })
                : ExportJobEntity.query.byRequester({ tenant, requestedBy });
            const result = await query.go({ order: 'desc', limit, cursor, pages: 1 });
            return { data: result.data, cursor: result.cursor };
          },
          page,
          perPage,
        ),
        requestedBy === undefined
          ? counters.total('export')
          : CounterEntity.get({ tenant, name: requesterTotal(requestedBy) })
              .go()
              .then((r) => r.data?.value ?? 0),
      ]);
      return { items, total };
    },

    /**
     * Takes the job for a run: a queued job, or a running one whose lease ran out (its runner
     * died). Answers the job with its new `attempt`, or undefined if someone else holds it or it ended.
     */
    claim(id: number, now: number, leaseUntil: number, at: string): Promise<ExportJobItem | undefined> {
      return conditional(() =>
        ExportJobEntity.patch({ tenant, id })
          .set({ status: 'running', leaseUntil, startedAt: at, rows: 0 })
          .add({ attempt: 1 })
          .where(
            (a, { eq, lt }) =>
              `(${eq(a.status, 'queued')}) OR (${eq(a.status, 'running')} AND ${lt(a.leaseUntil, now)})`,
          )
          .go({ response: 'all_new' }),
      );
    },

    /** Rows written so far, and a longer lease; undefined when another run took the job over. */
    progress(
      id: number,
      attempt: number,
      rows: number,
      leaseUntil: number,
    ): Promise<ExportJobItem | undefined> {
      return conditional(() =>
        ExportJobEntity.patch({ tenant, id })
          .set({ rows, leaseUntil })
          .where((a, { eq }) => `${eq(a.status, 'running')} AND ${eq(a.attempt, attempt)}`)
          .go({ response: 'all_new' }),
      );
    },

    /** The run ended: done with its rows and size, or failed with a message for the user. */
    finish(
      id: number,
      attempt: number,
      outcome: { status: 'done'; rows: number; size: number } | { status: 'failed'; message: string },
      at: string,
    ): Promise<ExportJobItem | undefined> {
      return conditional(() =>
        ExportJobEntity.patch({ tenant, id })
          .set({ ...outcome, finishedAt: at, leaseUntil: 0 })
          .where((a, { eq }) => `${eq(a.status, 'running')} AND ${eq(a.attempt, attempt)}`)
          .go({ response: 'all_new' }),
      );
    },

    /** Gives the job back at once (a run that failed and will be retried by the queue). */
    release(id: number, attempt: number): Promise<ExportJobItem | undefined> {
      return conditional(() =>
        ExportJobEntity.patch({ tenant, id })
          .set({ leaseUntil: 0 })
          .where((a, { eq }) => `${eq(a.status, 'running')} AND ${eq(a.attempt, attempt)}`)
          .go({ response: 'all_new' }),
      );
    },
  };
}
