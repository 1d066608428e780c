import { normalizeText, searchRank, searchWords } from '@freguesia/shared/domain/text';

/**
 * Pure logic of the description word indexes of leads and tags (no I/O): one index item per
 * (record, word of its description), written in the same transaction as the record, so a search
 * for the prefix of ANY word is one `begins_with` Query. Same rules as the catalogue's product
 * words (functions/src/catalog/product-words.model.ts).
 */

/** Words indexed per description (keeps a write, old and new words, far inside 100 actions). */
export const MAX_INDEXED_WORDS = 20;

/** The indexed words of a description. */
export const indexedWords = (description: string): string[] => searchWords(description).slice(0, MAX_INDEXED_WORDS);

/** The index items a description change writes (`put`) and removes. */
export function wordChanges(before: string | undefined, after: string | undefined): { put: string[]; remove: string[] } {
  if (before === after) return { put: [], remove: [] };
  const next = after === undefined ? [] : indexedWords(after);
  const kept = new Set(next);
  const remove = before === undefined ? [] : indexedWords(before).filter((word) => !kept.has(word));
  return { put: next, remove };
}

/** The query word looked up in the index: the longest (fewest matches); the others narrow in memory. */
export function lookupWord(q: string): string | undefined {
  return [...searchWords(q)].sort((a, b) => b.length - a.length)[0];
}

export interface WordCandidate {
  id: number;
  description: string;
}

/** Candidates matching every query word, best first (`searchRank`), then A–Z, then id. */
export function rankCandidates<T extends WordCandidate>(candidates: Iterable<T>, q: string): T[] {
  const byId = new Map<number, T>();
  for (const c of candidates) byId.set(c.id, c);
  return [...byId.values()]
    .map((c) => ({ c, rank: searchRank(c.description, q), key: normalizeText(c.description) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => b.rank - a.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.c.id - b.c.id)
    .map((x) => x.c);
}
