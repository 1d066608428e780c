import { normalizeText, searchRank, searchWords } from '@freguesia/shared/domain/text';
import { Entity } from 'electrodb';
import { documentClient, tableName } from './client';
import { key } from './indexes';

/**
 * One word index for the descriptions of a collection (products, tags, leads): one item per
 * (record, word of its description), keyed `tenant` / `word#id`, written and removed in the same
 * transaction as the record, carrying the description, so a search for the prefix of ANY word is
 * one `begins_with` Query per looked-up word, and the candidates are narrowed by the other query
 * words and ranked without reading the records. Accents and case are folded (`searchWords`).
 *
 * - `wordIndexEntity('productWord')`: the ElectroDB entity (the layout every index shares);
 * - `wordIndex({ maxIndexedWords, maxQueriedWords })`: the pure rules — the indexed words of a
 *   description, what a change of description puts and removes, the words a query looks up, the
 *   ranking;
 * - `wordWrites(t.productWord, ...)`: those puts and deletes as transaction actions;
 * - `searchWordIndex(entity, tenant, q, rules, window)`: the lookups and the ranked matches.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

/** The word index entity named `entity` (its items: `tenant`, `word`, `id`, `description`). */
export function wordIndexEntity(entity: string) {
  return new Entity(
    {
      model: { entity, version: '1', service: 'freguesia' },
      attributes: {
        tenant,
        /** A search word (`searchWords`: folded, upper case, at most SEARCH_WORD_MAX letters). */
        word: { type: 'string', required: true, readOnly: true },
        id,
        description: { type: 'string', required: true },
      },
      indexes: { byWord: key('primary', ['tenant'], ['word', 'id']) },
    },
    { client: documentClient, table: tableName() },
  );
}
export type WordIndexEntity = ReturnType<typeof wordIndexEntity>;

/** One index item. */
export interface WordItem {
  tenant: string;
  word: string;
  id: number;
  description: string;
}

/** What a search ranks: a record's id and description. */
export interface WordCandidate {
  id: number;
  description: string;
}

export interface WordIndexRules {
  /**
   * Words indexed per record: bounds a record's write (its old and new words) inside DynamoDB's
   * 100 actions per transaction; the other words still narrow a search in memory.
   */
  maxIndexedWords: number;
  /** Query words looked up per search (the longest ones, in parallel); the others only narrow. */
  maxQueriedWords: number;
}

/** The pure rules of one index (no I/O). */
export function wordIndex(rules: WordIndexRules) {
  const indexedWords = (description: string): string[] =>
    searchWords(description).slice(0, rules.maxIndexedWords);

  /**
   * The index items a description change writes (`put`, each carrying the new description) and
   * removes. Nothing when the description is unchanged; every word when there was none before.
   */
  const wordChanges = (
    before: string | undefined,
    after: string | undefined,
  ): { put: string[]; remove: string[] } => {
    if (before === after) return { put: [], remove: [] };
    const next = after === undefined ? [] : indexedWords(after);
    const kept = new Set(next);
    const remove = before === undefined ? [] : indexedWords(before).filter((word) => !kept.has(word));
    return { put: next, remove };
  };

  return {
    rules,
    indexedWords,
    wordChanges,
    /** Transaction actions a description change spends on the index. */
    wordActions: (before: string | undefined, after: string | undefined): number => {
      const { put, remove } = wordChanges(before, after);
      return put.length + remove.length;
    },
    /** The index items of one record (bulk writes: the seed, benchmarks). */
    items: (tenantId: string, recordId: number, description: string): WordItem[] =>
      indexedWords(description).map((word) => ({ tenant: tenantId, word, id: recordId, description })),
    /** The query words looked up: the longest first (longer prefixes match fewer records). */
    lookupWords: (q: string): string[] =>
      [...searchWords(q)].sort((a, b) => b.length - a.length).slice(0, rules.maxQueriedWords),
    rankCandidates,
  };
}
export type WordIndex = ReturnType<typeof wordIndex>;

/**
 * The candidates that match every query word, once each, best first: `searchRank` (exact text,
 * then the query at the start, then whole words above prefixes), then the description A–Z, then
 * the id.
 */
export function rankCandidates<T extends WordCandidate>(candidates: Iterable<T>, q: string): T[] {
  const byId = new Map<number, T>();
  for (const c of candidates) byId.set(c.id, c);
  return [...byId.values()]
    .map((c) => ({ c, rank: searchRank(c.description, q), key: normalizeText(c.description) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => b.rank - a.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.c.id - b.c.id)
    .map((x) => x.c);
}

/** The index entity as a transaction hands it (`t.productWord`): puts and deletes. */
export interface WordTransactionEntity {
  put(item: WordItem): { commit(): unknown };
  delete(item: Omit<WordItem, 'description'>): { commit(): unknown };
}

/** The transaction actions of a description going from `before` to `after` (undefined: none). */
export function wordWrites(
  t: WordTransactionEntity,
  index: WordIndex,
  record: { tenant: string; id: number },
  before: string | undefined,
  after: string | undefined,
): unknown[] {
  const { put, remove } = index.wordChanges(before, after);
  return [
    ...(after === undefined
      ? []
      : put.map((word) =>
          t.put({ tenant: record.tenant, word, id: record.id, description: after }).commit(),
        )),
    ...remove.map((word) => t.delete({ tenant: record.tenant, word, id: record.id }).commit()),
  ];
}

/**
 * A search: one `begins_with` Query per looked-up word (in parallel), each reading at most
 * `limit` index items (`pages: 1`: one request; `'all'`: as many as the limit needs), then the
 * candidates narrowed by every query word and ranked. `complete`: one lookup read all its
 * matches, so the matches are all there are (otherwise the total is a lower bound).
 */
export async function searchWordIndex(
  entity: WordIndexEntity,
  tenantId: string,
  q: string,
  index: WordIndex,
  window: { limit: number; pages: 1 | 'all' },
): Promise<{ matches: WordItem[]; complete: boolean }> {
  const words = index.lookupWords(q);
  if (words.length === 0) return { matches: [], complete: true };
  const lookups = await Promise.all(
    words.map(async (word) => {
      const { data, cursor } = await entity.query
        .byWord({ tenant: tenantId })
        .begins({ word })
        .go({ limit: window.limit, pages: window.pages });
      return { data, complete: cursor === null };
    }),
  );
  return {
    matches: rankCandidates(
      lookups.flatMap((l) => l.data),
      q,
    ),
    complete: lookups.some((l) => l.complete),
  };
}
