import { normalizeText } from '@freguesia/shared/domain/text';
import { TAG_MESSAGES } from '@freguesia/shared/domain/segmentation';
import { countersFor } from '../lib/ddb/counters';
import { readPage } from '../lib/ddb/pagination';
import { assertCommitted, failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { conflict } from '../lib/errors';
import { batchGetEntities, batchWriteEntities } from '../lib/ddb/batch';
import { searchWordIndex, wordWrites } from '../lib/ddb/word-index';
import { descriptionWords } from './search-words.model';
import {
  TAG_UNIQUE_SCOPE,
  TagEntity,
  TagMemberEntity,
  TagWordEntity,
  tagsService,
  type TagItem,
} from './tags.entities';

export const STALE_TAG = 'A tag foi alterada por outra pessoa. Recarregue e tente novamente.';
/** Word matches read per search: the total is exact up to it. */
export const TAG_SEARCH_WINDOW = 1000;

/** The uniqueness key of a description: accents, case and extra spaces ignored ('Vip' = 'VIP'). */
export const tagKey = (description: string): string => normalizeText(description);

type Txn = Parameters<Parameters<typeof tagsService.transaction.write>[0]>[0];

function wordOps(
  t: Txn,
  tenant: string,
  id: number,
  before: string | undefined,
  after: string | undefined,
): unknown[] {
  return wordWrites(t.tagWord, descriptionWords, { tenant, id }, before, after);
}

/** Tags of one tenant and the index of who carries each. */
export function tagsRepository(tenant: string) {
  const counters = countersFor(tenant);
  return {
    async get(id: number): Promise<TagItem | null> {
      const { data } = await TagEntity.get({ tenant, id }).go();
      return data;
    },

    async getMany(ids: readonly number[]): Promise<TagItem[]> {
      if (ids.length === 0) return [];
      return batchGetEntities(
        (keys) => TagEntity.get(keys).go({ concurrency: 4 }),
        [...new Set(ids)].map((id) => ({ tenant, id })),
        { what: 'tags' },
      );
    },

    /** A page of every tag, newest first, with the `total:tag` counter. */
    async listPage(page: number, perPage: number): Promise<{ items: TagItem[]; total: number }> {
      const [items, total] = await Promise.all([
        readPage(
          async ({ cursor, limit }) => {
            const result = await TagEntity.query
              .byId({ tenant })
              .go({ order: 'desc', limit, cursor, pages: 1 });
            return { data: result.data, cursor: result.cursor };
          },
          page,
          perPage,
        ),
        counters.total('tag'),
      ]);
      return { items, total };
    },

    /** Tags by the prefix of any word of the description, best first (word index + BatchGet of the page). */
    async search(q: string, page: number, perPage: number): Promise<{ items: TagItem[]; total: number }> {
      const { matches } = await searchWordIndex(TagWordEntity, tenant, q, descriptionWords, {
        limit: TAG_SEARCH_WINDOW,
        pages: 'all',
      });
      const ids = matches.slice((page - 1) * perPage, page * perPage).map((m) => m.id);
      const found = new Map((await this.getMany(ids)).map((t) => [t.id, t]));
      return {
        items: ids.map((id) => found.get(id)).filter((t): t is TagItem => t !== undefined),
        total: matches.length,
      };
    },

    /** The picker's matches from the word index alone (no read of the tags): [{id, description}]. */
    async suggest(q: string, limit: number): Promise<{ id: number; description: string }[]> {
      if (descriptionWords.lookupWords(q).length === 0) {
        const { data } = await TagEntity.query.byId({ tenant }).go({ limit, pages: 1 });
        return data.map(({ id, description }) => ({ id, description }));
      }
      const { matches } = await searchWordIndex(TagWordEntity, tenant, q, descriptionWords, {
        limit: TAG_SEARCH_WINDOW,
        pages: 'all',
      });
      return matches.slice(0, limit).map(({ id, description }) => ({ id, description }));
    },

    /** Creates a tag with its uniqueness marker, words and count in one transaction (a taken description → conflict). */
    async create(description: string, at: string): Promise<TagItem> {
      const id = await counters.next('tag');
      const result = await writeTransaction(() =>
        tagsService.transaction
          .write((t) => [
            t.tag.create({ tenant, id, description, createdAt: at, updatedAt: at }).commit(),
            t.unique
              .create({ tenant, scope: TAG_UNIQUE_SCOPE, value: tagKey(description), ownerId: id })
              .commit(),
            t.counter.upsert({ tenant, name: 'total:tag' }).add({ value: 1 }).commit(),
            ...(wordOps(t, tenant, id, undefined, description) as never[]),
          ])
          .go(),
      );
      assertCommitted(result, { 1: TAG_MESSAGES.duplicate });
      return (await this.get(id))!;
    },

    /** Renames a tag (conditioned on the description read), moving its marker and words in one transaction. */
    async rename(current: TagItem, description: string, at: string): Promise<TagItem> {
      const { id } = current;
      const keyChanged = tagKey(description) !== tagKey(current.description);
      const result = await writeTransaction(() =>
        tagsService.transaction
          .write((t) => [
            t.tag
              .patch({ tenant, id })
              .set({ description, updatedAt: at })
              .where((a, { eq }) => eq(a.description, current.description))
              .commit(),
            ...(keyChanged
              ? [
                  t.unique
                    .create({ tenant, scope: TAG_UNIQUE_SCOPE, value: tagKey(description), ownerId: id })
                    .commit(),
                  t.unique
                    .delete({ tenant, scope: TAG_UNIQUE_SCOPE, value: tagKey(current.description) })
                    .where((a, { eq }) => eq(a.ownerId, id))
                    .commit(),
                ]
              : []),
            ...(wordOps(t, tenant, id, current.description, description) as never[]),
          ])
          .go(),
      );
      if (result.canceled) {
        const failed = failedIndex(result);
        if (failed === 0) throw conflict(STALE_TAG);
        if (failed === 1 && keyChanged) throw conflict(TAG_MESSAGES.duplicate);
        throw transactionError(result);
      }
      return { ...current, description, updatedAt: at };
    },

    /** Deletes a tag (unless renamed meanwhile) with its marker, words and count. */
    async remove(current: TagItem): Promise<void> {
      const { id } = current;
      const result = await writeTransaction(() =>
        tagsService.transaction
          .write((t) => [
            t.tag
              .delete({ tenant, id })
              .where((a, { eq }) => eq(a.description, current.description))
              .commit(),
            t.unique.delete({ tenant, scope: TAG_UNIQUE_SCOPE, value: tagKey(current.description) }).commit(),
            t.counter.upsert({ tenant, name: 'total:tag' }).add({ value: -1 }).commit(),
            ...(wordOps(t, tenant, id, current.description, undefined) as never[]),
          ])
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0) throw conflict(STALE_TAG);
        throw transactionError(result);
      }
    },

    /** A page of the customers carrying a tag description (the member index), in id order. */
    async members(
      tag: string,
      cursor: string | null,
      limit: number,
    ): Promise<{ ids: number[]; cursor: string | null }> {
      const result = await TagMemberEntity.query.byTag({ tenant, tag }).go({ cursor, limit, pages: 1 });
      return { ids: result.data.map((m) => m.customerId), cursor: result.cursor };
    },

    /** Adds and removes member items (puts and deletes: a replayed change writes the same items). */
    async applyMembership(
      changes: readonly { tag: string; customerId: number; add: boolean }[],
    ): Promise<void> {
      const puts = changes.filter((c) => c.add).map(({ tag, customerId }) => ({ tenant, tag, customerId }));
      const deletes = changes
        .filter((c) => !c.add)
        .map(({ tag, customerId }) => ({ tenant, tag, customerId }));
      if (puts.length > 0)
        await batchWriteEntities((pending) => TagMemberEntity.put(pending).go({ concurrency: 4 }), puts, {
          what: 'tag members (puts)',
        });
      if (deletes.length > 0)
        await batchWriteEntities(
          (pending) => TagMemberEntity.delete(pending).go({ concurrency: 4 }),
          deletes,
          { what: 'tag members (deletes)' },
        );
    },
  };
}
