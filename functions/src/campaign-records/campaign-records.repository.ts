import { DISCOUNT_TYPES, type Campaign, type CampaignProduct } from '@freguesia/shared/schemas/campaign';
import { countersFor } from '../lib/ddb/counters';
import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { conflict } from '../lib/errors';
import {
  ArchivedCampaignEntity,
  CampaignEntity,
  CampaignProductEntity,
  campaignRecordsService,
  type CampaignItem,
} from './campaign-records.entities';

export const CAMPAIGN_NOT_FOUND = 'Campanha não encontrada.';
export const STALE_CAMPAIGN = 'A campanha foi alterada por outra pessoa. Recarregue e tente novamente.';

/** Bumped with every campaign write: the checkout's cached active set is reloaded when it moves. */
export const VERSION_COUNTER = 'seq:campaigns-version';
/**
 * Whether a write of a campaign of this type moves the checkout's set (VERSION_COUNTER): only
 * discounts do. Saving an e-mail, a push or a TV screen leaves every checkout's cached set alone.
 */
export const movesActiveSet = (type: string): boolean => (DISCOUNT_TYPES as readonly string[]).includes(type);
/** Items per transaction (DynamoDB's limit is 100; the campaign item and counters take a few). */
const TRANSACTION_ITEMS = 90;

/** The stored fields of a campaign (the validated payload without its products). */
export type CampaignFields = Omit<Campaign, 'id' | 'updated_at' | 'products'>;

/** A campaign as stored. */
export interface CampaignRecord extends CampaignFields {
  id: number;
  product_count: number;
  /** The generation of product rows the campaign reads (see `update`). */
  product_gen: number;
  created_by: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export const toRecord = (item: CampaignItem): CampaignRecord => ({
  id: item.id,
  description: item.description,
  type: item.type as Campaign['type'],
  active: item.active,
  id_lead: item.id_lead ?? null,
  start_at: item.start_at,
  end_at: item.end_at,
  info: item.info as Campaign['info'],
  stores: (item.stores ?? []).map((id_store) => ({ id_store })),
  brands: (item.brands ?? []).map((id_brand) => ({ id_brand })),
  payments: (item.payments ?? []) as Campaign['payments'],
  groups: (item.groups ?? []) as Campaign['groups'],
  product_count: item.product_count,
  product_gen: item.product_gen ?? 0,
  created_by: item.created_by ?? null,
  version: item.version,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

function attributesOf(fields: CampaignFields) {
  const { id_lead, stores, brands, ...rest } = fields;
  return {
    ...rest,
    ...(id_lead ? { id_lead } : {}),
    stores: stores.map((s) => s.id_store),
    brands: brands.map((b) => b.id_brand),
  };
}

type Txn = Parameters<Parameters<typeof campaignRecordsService.transaction.write>[0]>[0];

/** The key of a product row in its generation (generation 0: the bare EAN, as before generations). */
export const productKey = (code: string, gen: number) => (gen === 0 ? code : `${code}#g${gen}`);

/** A stored product row with its key and generation. */
interface StoredRow {
  key: string;
  gen: number;
  row: CampaignProduct;
}

/** Campaign records (discounts and communications) of one tenant. */
export function campaignsRepository(tenant: string) {
  const counters = countersFor(tenant);

  /** Writes product rows of a generation (and deletes rows by key), in transactions of their own. */
  async function writeProducts(id: number, put: CampaignProduct[], remove: string[], gen = 0): Promise<void> {
    const ops: ((t: Txn) => unknown)[] = [
      ...put.map(
        (row) => (t: Txn) =>
          t.campaignProduct
            .put({ tenant, campaign: id, code: productKey(row.code, gen), row, ...(gen ? { gen } : {}) })
            .commit(),
      ),
      ...remove.map((code) => (t: Txn) => t.campaignProduct.delete({ tenant, campaign: id, code }).commit()),
    ];
    for (let i = 0; i < ops.length; i += TRANSACTION_ITEMS) {
      const chunk = ops.slice(i, i + TRANSACTION_ITEMS);
      const result = await writeTransaction(() =>
        campaignRecordsService.transaction.write((t) => chunk.map((op) => op(t)) as never[]).go(),
      );
      if (result.canceled) throw transactionError(result);
    }
  }

  /** Every product row of a campaign, of every generation. */
  async function storedRows(id: number): Promise<StoredRow[]> {
    const { data } = await CampaignProductEntity.query
      .byCampaign({ tenant, campaign: id })
      .go({ pages: 'all' });
    return data.map((p) => ({ key: p.code, gen: p.gen ?? 0, row: p.row as CampaignProduct }));
  }

  return {
    async get(id: number): Promise<CampaignRecord | undefined> {
      const { data } = await CampaignEntity.get({ tenant, id }).go();
      return data ? toRecord(data) : undefined;
    },

    /** A deleted campaign's record, kept for its history. */
    async archived(id: number): Promise<(CampaignRecord & { archived_at: string }) | undefined> {
      const { data } = await ArchivedCampaignEntity.get({ tenant, id }).go();
      return data ? { ...(data.record as CampaignRecord), archived_at: data.archived_at } : undefined;
    },

    /** Every deleted campaign of the tenant (their records, kept for history). */
    async allArchived(): Promise<(CampaignRecord & { archived_at: string })[]> {
      const { data } = await ArchivedCampaignEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data.map((d) => ({ ...(d.record as CampaignRecord), archived_at: d.archived_at }));
    },

    /** Every campaign of the tenant (a small collection: one paginated Query of its partition). */
    async all(): Promise<CampaignRecord[]> {
      const { data } = await CampaignEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data.map(toRecord);
    },

    /** The product rows of a campaign: those of the generation its header reads (given, or read). */
    async products(id: number, gen?: number): Promise<CampaignProduct[]> {
      const current = gen ?? (await this.get(id))?.product_gen ?? 0;
      return (await storedRows(id)).filter((r) => r.gen === current).map((r) => r.row);
    },

    /**
     * Creates a campaign. Product rows beyond one transaction are written first, under the new id
     * and invisible while no campaign item exists; the campaign, the remaining rows, its total and
     * the set version then commit together, so the campaign appears whole or not at all (rows of a
     * failed creation are removed again).
     */
    async create(
      fields: CampaignFields,
      products: CampaignProduct[],
      by: number | null,
      at: string,
    ): Promise<CampaignRecord> {
      const id = await counters.next('campaign');
      const last = products.slice(0, TRANSACTION_ITEMS - 3);
      const early = products.slice(last.length);
      try {
        await writeProducts(id, early, []);
        const result = await writeTransaction(() =>
          campaignRecordsService.transaction
            .write((t) => [
              t.campaign
                .create({
                  tenant,
                  id,
                  ...attributesOf(fields),
                  product_count: products.length,
                  ...(by ? { created_by: by } : {}),
                  version: 1,
                  createdAt: at,
                  updatedAt: at,
                })
                .commit(),
              t.counter.upsert({ tenant, name: 'total:campaign' }).add({ value: 1 }).commit(),
              ...(movesActiveSet(fields.type)
                ? [t.counter.upsert({ tenant, name: VERSION_COUNTER }).add({ value: 1 }).commit()]
                : []),
              ...(last.map((row) =>
                t.campaignProduct.put({ tenant, campaign: id, code: row.code, row }).commit(),
              ) as never[]),
            ])
            .go(),
        );
        if (result.canceled) throw transactionError(result);
      } catch (error) {
        await writeProducts(
          id,
          [],
          early.map((p) => p.code),
        ).catch(() => undefined);
        throw error;
      }
      return (await this.get(id))!;
    },

    /**
     * Replaces a campaign's fields (conditioned on the version read: a concurrent edit is a
     * conflict) and, when they changed, its product rows, never exposing a mix of old and new rows:
     * the new rows are written first under a new generation (unique per attempt, from a counter),
     * invisible while the header reads the old one; the last of them commit with the header, which
     * flips `product_gen` in that transaction; then the rows of other generations are deleted. A
     * failure before the flip leaves the old version whole (the new rows are removed again, or
     * left invisible and removed by the next update).
     */
    async update(
      current: CampaignRecord,
      fields: CampaignFields,
      products: CampaignProduct[],
      at: string,
    ): Promise<CampaignRecord> {
      const id = current.id;
      const stored = await storedRows(id);
      const before = stored.filter((r) => r.gen === current.product_gen).map((r) => r.row);
      const codes = new Set(products.map((p) => p.code));
      const unchanged = new Map(before.map((p) => [p.code, JSON.stringify(p)]));
      const rowsChanged =
        before.some((p) => !codes.has(p.code)) ||
        products.some((p) => unchanged.get(p.code) !== JSON.stringify(p));
      const gen = rowsChanged ? await counters.next('campaign-products-gen') : current.product_gen;
      const last = rowsChanged ? products.slice(0, TRANSACTION_ITEMS - 2) : [];
      const early = rowsChanged ? products.slice(last.length) : [];
      const patchFields = attributesOf(fields);
      const undo = () =>
        writeProducts(
          id,
          [],
          early.map((p) => productKey(p.code, gen)),
        ).catch(() => undefined);
      try {
        await writeProducts(id, early, [], gen);
        const result = await writeTransaction(() =>
          campaignRecordsService.transaction
            .write((t) => {
              let patch = t.campaign.patch({ tenant, id }).set({
                ...patchFields,
                product_count: products.length,
                product_gen: gen,
                version: current.version + 1,
                updatedAt: at,
              });
              if (!fields.id_lead) patch = patch.remove(['id_lead']) as typeof patch;
              return [
                patch.where((a, { eq }) => eq(a.version, current.version)).commit(),
                ...(movesActiveSet(current.type) || movesActiveSet(fields.type)
                  ? [t.counter.upsert({ tenant, name: VERSION_COUNTER }).add({ value: 1 }).commit()]
                  : []),
                ...(last.map((row) =>
                  t.campaignProduct
                    .put({ tenant, campaign: id, code: productKey(row.code, gen), row, gen })
                    .commit(),
                ) as never[]),
              ];
            })
            .go(),
        );
        if (result.canceled) {
          if (failedIndex(result) === 0) throw conflict(STALE_CAMPAIGN);
          throw transactionError(result);
        }
      } catch (error) {
        if (rowsChanged) await undo();
        throw error;
      }
      if (rowsChanged) {
        // The old generation (and leftovers of failed updates) is no longer read by anyone.
        await writeProducts(
          id,
          [],
          stored.filter((r) => r.gen !== gen).map((r) => r.key),
        ).catch(() => undefined);
      }
      return (await this.get(id))!;
    },

    /**
     * Merges `patch` into a campaign's info (the sending pipeline's `executed_at`, `canceled_at`),
     * under the version read (an edit saved meanwhile is read again; a save started before this
     * one is a conflict); the active set's version stays (communications are not read at checkout).
     * `unlessSet`: skipped when the info already has that key (first writer wins). Answers whether it wrote.
     */
    async patchInfo(
      id: number,
      patch: Record<string, unknown>,
      unlessSet?: string,
      attempt = 1,
    ): Promise<boolean> {
      const current = await this.get(id);
      if (!current) return false;
      const info = current.info as unknown as Record<string, unknown>;
      if (unlessSet && info[unlessSet]) return false;
      try {
        await CampaignEntity.patch({ tenant, id })
          .set({ info: { ...info, ...patch }, version: current.version + 1 })
          .where((a, { eq }) => eq(a.version, current.version))
          .go();
      } catch (error) {
        // An edit saved in between: read it again (a few times; a campaign edited without pause is a conflict).
        if (isConditionFailure(error) && attempt < 5)
          return this.patchInfo(id, patch, unlessSet, attempt + 1);
        if (isConditionFailure(error)) throw conflict(STALE_CAMPAIGN);
        throw error;
      }
      return true;
    },

    /**
     * Deletes a campaign (unless edited meanwhile) with its total and keeps its record in the
     * archive, in one transaction; its product rows are left to `archiveProductRows`.
     */
    async remove(
      current: CampaignRecord,
      archive: { at: string; by: number | null } = { at: new Date().toISOString(), by: null },
    ): Promise<void> {
      const id = current.id;
      const result = await writeTransaction(() =>
        campaignRecordsService.transaction
          .write((t) => [
            t.campaign
              .delete({ tenant, id })
              .where((a, { eq }) => eq(a.version, current.version))
              .commit(),
            t.counter.upsert({ tenant, name: 'total:campaign' }).add({ value: -1 }).commit(),
            // Its history stays: the record as it was, apart from the live campaigns.
            t.archived
              .put({
                tenant,
                id,
                record: current,
                archived_at: archive.at,
                ...(archive.by ? { archived_by: archive.by } : {}),
              })
              .commit(),
            ...(movesActiveSet(current.type)
              ? [t.counter.upsert({ tenant, name: VERSION_COUNTER }).add({ value: 1 }).commit()]
              : []),
          ])
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0) throw conflict(STALE_CAMPAIGN);
        throw transactionError(result);
      }
      // Its product rows move to the archive next (archive.repository.ts, through the service).
    },
  };
}
