import { normalizeText, searchRank, searchWords } from '@freguesia/shared/domain/text';

/**
 * Pure logic of the product word index (no I/O): which words of a description are indexed, what
 * a change of description writes and removes, which query words are looked up and how the
 * candidates are ranked. The index items themselves are `ProductWordEntity` (entities.ts).
 */

/**
 * Words indexed per product. A description has at most 200 characters, so this only cuts
 * pathological ones ('A B C D …'), and keeps a product write (product + EAN marker + counter +
 * its words, old and new) inside DynamoDB's 100 actions per transaction.
 */
export const MAX_INDEXED_WORDS = 30;

/** Query words looked up per search (the longest ones): the other words only narrow in memory. */
export const MAX_QUERIED_WORDS = 3;

/** The indexed words of a description. */
export function indexedWords(description: string): string[] {
  return searchWords(description).slice(0, MAX_INDEXED_WORDS);
}

/**
 * The index items a description change writes (`put`, each carrying the new description) and
 * removes. Nothing when the description is unchanged; every word when there was none before.
 */
export function wordChanges(
  before: string | undefined,
  after: string | undefined,
): { put: string[]; remove: string[] } {
  if (before === after) return { put: [], remove: [] };
  const next = after === undefined ? [] : indexedWords(after);
  const kept = new Set(next);
  const remove = before === undefined ? [] : indexedWords(before).filter((word) => !kept.has(word));
  return { put: next, remove };
}

/** The index items of one product (the seed and tests write them in bulk; services write them in transactions). */
export function productWordItems(
  tenant: string,
  id: number,
  description: string,
): { tenant: string; word: string; id: number; description: string }[] {
  return indexedWords(description).map((word) => ({ tenant, word, id, description }));
}

/** Actions a product write spends on its words (see `wordChanges`). */
export const wordActions = (before: string | undefined, after: string | undefined): number => {
  const { put, remove } = wordChanges(before, after);
  return put.length + remove.length;
};

/**
 * The query words that are looked up in the index: the longest first (longer prefixes match
 * fewer products), at most `MAX_QUERIED_WORDS`. Each lookup is one bounded Query.
 */
export function lookupWords(q: string): string[] {
  return [...searchWords(q)].sort((a, b) => b.length - a.length).slice(0, MAX_QUERIED_WORDS);
}

export interface WordCandidate {
  id: number;
  description: string;
}

/**
 * The candidates that match every query word, best first: `searchRank` (exact text, then the
 * query at the start, then whole words above prefixes), then the description A–Z, then the id.
 */
export function rankCandidates(candidates: Iterable<WordCandidate>, q: string): WordCandidate[] {
  const byId = new Map<number, WordCandidate>();
  for (const c of candidates) byId.set(c.id, c);
  return [...byId.values()]
    .map((c) => ({ c, rank: searchRank(c.description, q), key: normalizeText(c.description) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => b.rank - a.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.c.id - b.c.id)
    .map((x) => x.c);
}
