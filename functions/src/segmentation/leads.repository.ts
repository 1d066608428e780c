import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import type { LeadOrigin, LeadStatus } from '@freguesia/shared/domain/segmentation';
import { countersFor } from '../lib/ddb/counters';
import { readPage } from '../lib/ddb/pagination';
import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import { batchGetEntities } from '../lib/ddb/batch';
import { searchWordIndex, wordWrites } from '../lib/ddb/word-index';
import { LeadEntity, LeadWordEntity, leadsService, type LeadItem } from './leads.entities';
import { descriptionWords } from './search-words.model';

export const LEAD_NOT_FOUND = 'Lead não encontrado.';
export const STALE_LEAD = 'O lead foi alterado por outra pessoa. Recarregue e tente novamente.';

/** Word matches read per search: the total is exact up to it. */
export const LEAD_SEARCH_WINDOW = 1000;

/** A lead as stored (the API's Lead plus the recompute `version`). */
export interface LeadRecord {
  id: number;
  description: string;
  origin: LeadOrigin;
  filter: LeadCondition[];
  status: LeadStatus;
  always_valid: 'Y' | 'N';
  valid_until: string | null;
  auto_refresh: 'Y' | 'N';
  frequency_refresh: string | null;
  population: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The editable fields of a lead. */
export type LeadWrite = Pick<
  LeadRecord,
  'description' | 'origin' | 'filter' | 'always_valid' | 'valid_until' | 'auto_refresh' | 'frequency_refresh'
>;

const toRecord = (item: LeadItem): LeadRecord => ({
  id: item.id,
  description: item.description,
  origin: item.origin,
  filter: (item.filter ?? []) as LeadCondition[],
  status: item.status,
  always_valid: item.always_valid,
  valid_until: item.valid_until ?? null,
  auto_refresh: item.auto_refresh,
  frequency_refresh: item.frequency_refresh ?? null,
  population: item.population,
  version: item.version,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

/** Attributes of a write: nulls are left out (and removed on update). */
function stored(fields: LeadWrite) {
  const { valid_until, frequency_refresh, ...rest } = fields;
  return {
    ...rest,
    ...(valid_until ? { valid_until } : {}),
    ...(frequency_refresh ? { frequency_refresh } : {}),
  };
}

type Txn = Parameters<Parameters<typeof leadsService.transaction.write>[0]>[0];

function wordOps(
  t: Txn,
  tenant: string,
  id: number,
  before: string | undefined,
  after: string | undefined,
): unknown[] {
  return wordWrites(t.leadWord, descriptionWords, { tenant, id }, before, after);
}

/** Leads of one tenant. */
export function leadsRepository(tenant: string) {
  const counters = countersFor(tenant);
  return {
    async get(id: number): Promise<LeadRecord | undefined> {
      const { data } = await LeadEntity.get({ tenant, id }).go();
      return data ? toRecord(data) : undefined;
    },

    async getMany(ids: readonly number[]): Promise<LeadRecord[]> {
      if (ids.length === 0) return [];
      const data = await batchGetEntities(
        (keys) => LeadEntity.get(keys).go({ concurrency: 4 }),
        [...new Set(ids)].map((id) => ({ tenant, id })),
        { what: 'leads' },
      );
      return data.map(toRecord);
    },

    /** A page of every lead, newest first (one Query; the total is the `total:lead` counter). */
    async listPage(page: number, perPage: number): Promise<{ items: LeadRecord[]; total: number }> {
      const [items, total] = await Promise.all([
        readPage(
          async ({ cursor, limit }) => {
            const result = await LeadEntity.query
              .byId({ tenant })
              .go({ order: 'desc', limit, cursor, pages: 1 });
            return { data: result.data, cursor: result.cursor };
          },
          page,
          perPage,
        ),
        counters.total('lead'),
      ]);
      return { items: items.map(toRecord), total };
    },

    /**
     * Leads whose description words start with the query's words (accents and case ignored),
     * best match first: one Query of the word index on the longest query word, then a BatchGet of
     * the page. The total is exact up to LEAD_SEARCH_WINDOW matches.
     */
    async search(q: string, page: number, perPage: number): Promise<{ items: LeadRecord[]; total: number }> {
      const { matches } = await searchWordIndex(LeadWordEntity, tenant, q, descriptionWords, {
        limit: LEAD_SEARCH_WINDOW,
        pages: 'all',
      });
      const ids = matches.slice((page - 1) * perPage, page * perPage).map((m) => m.id);
      const found = new Map((await this.getMany(ids)).map((l) => [l.id, l]));
      return {
        items: ids.map((id) => found.get(id)).filter((l): l is LeadRecord => l !== undefined),
        total: matches.length,
      };
    },

    /** Every lead of the tenant (the short "valid" picker list; leads are a small collection). */
    async all(): Promise<LeadRecord[]> {
      const { data } = await LeadEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data.map(toRecord);
    },

    /** The segmentation leads (origin S), through the origin index. */
    async segmentation(): Promise<LeadRecord[]> {
      const { data } = await LeadEntity.query.byOrigin({ tenant, origin: 'S' }).go({ pages: 'all' });
      return data.map(toRecord);
    },

    /** Creates a lead with its words and the `total:lead` count in one transaction. */
    async create(
      fields: LeadWrite,
      run: { status: LeadStatus; population: number },
      at: string,
    ): Promise<LeadRecord> {
      const id = await counters.next('lead');
      const result = await writeTransaction(() =>
        leadsService.transaction
          .write((t) => [
            t.lead
              .create({ tenant, id, ...stored(fields), ...run, version: 1, createdAt: at, updatedAt: at })
              .commit(),
            t.counter.upsert({ tenant, name: 'total:lead' }).add({ value: 1 }).commit(),
            ...(wordOps(t, tenant, id, undefined, fields.description) as never[]),
          ])
          .go(),
      );
      if (result.canceled) throw transactionError(result);
      return (await this.get(id))!;
    },

    /**
     * Replaces the editable fields of a lead and its words in one transaction, conditioned on the
     * version read (a concurrent edit is a conflict); the version is bumped and the run state set.
     */
    async update(
      current: LeadRecord,
      fields: LeadWrite,
      run: { status: LeadStatus },
      at: string,
    ): Promise<LeadRecord> {
      const id = current.id;
      const removals = (['valid_until', 'frequency_refresh'] as const).filter((k) => !fields[k]);
      const result = await writeTransaction(() =>
        leadsService.transaction
          .write((t) => {
            let patch = t.lead
              .patch({ tenant, id })
              .set({ ...stored(fields), ...run, version: current.version + 1, updatedAt: at });
            if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
            return [
              patch.where((a, { eq }) => eq(a.version, current.version)).commit(),
              ...(wordOps(t, tenant, id, current.description, fields.description) as never[]),
            ];
          })
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0) throw conflict(STALE_LEAD);
        throw transactionError(result);
      }
      const saved = await this.get(id);
      if (!saved) throw notFound(LEAD_NOT_FOUND);
      return saved;
    },

    /** Deletes a lead (unless edited meanwhile), its words and its count in one transaction. */
    async remove(current: LeadRecord): Promise<void> {
      const id = current.id;
      const result = await writeTransaction(() =>
        leadsService.transaction
          .write((t) => [
            t.lead
              .delete({ tenant, id })
              .where((a, { eq }) => eq(a.version, current.version))
              .commit(),
            t.counter.upsert({ tenant, name: 'total:lead' }).add({ value: -1 }).commit(),
            ...(wordOps(t, tenant, id, current.description, undefined) as never[]),
          ])
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0) throw conflict(STALE_LEAD);
        throw transactionError(result);
      }
    },

    /**
     * Sets the run state of a lead (status, population). With `version`, only while the lead is
     * still at that version (a recompute of an older version is dropped). False when nothing was
     * written (lead deleted or edited since).
     */
    async setRun(
      id: number,
      run: { status: LeadStatus; population?: number; version?: number },
    ): Promise<boolean> {
      const changes = {
        status: run.status,
        ...(run.population === undefined ? {} : { population: run.population }),
      };
      try {
        const patch = LeadEntity.patch({ tenant, id }).set(changes);
        const version = run.version;
        await (version === undefined ? patch : patch.where((a, { eq }) => eq(a.version, version))).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

// ---- For the population engine (slice C): the contract of the segmentation plan ----

/** One lead, or undefined. */
export const getLead = (tenant: string, id: number): Promise<LeadRecord | undefined> =>
  leadsRepository(tenant).get(id);

/** The tenant's segmentation leads (origin S), through the origin index (no scan). */
export const listSegmentationLeads = (tenant: string): Promise<LeadRecord[]> =>
  leadsRepository(tenant).segmentation();

/**
 * Records a recompute's progress: status P → R → D and the population. With `version`, written
 * only while the lead is at that version; answers whether it was written.
 */
export const setLeadRun = (
  tenant: string,
  id: number,
  run: { status: LeadStatus; population?: number; version?: number },
): Promise<boolean> => leadsRepository(tenant).setRun(id, run);
