/**
 * Text helpers shared by the web and the functions: one accent folding for search keys,
 * comparisons and sorting, so a name typed in the browser matches the key stored by a Lambda.
 */

/** Removes accents (NFD, then combining marks dropped): 'São João' → 'Sao Joao'. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * Accent- and case-insensitive form: upper-cased, accents folded, runs of whitespace collapsed
 * and trimmed. `normalizeText('  São   José ')` is `'SAO JOSE'`.
 */
export function normalizeText(text: string): string {
  return foldAccents(text.toUpperCase()).replace(/\s+/g, ' ').trim();
}

/** Whether `text` contains `query`, ignoring case and accents ('' matches everything). */
export function includesFolded(text: string, query: string): boolean {
  const needle = normalizeText(query);
  return needle === '' || normalizeText(text).includes(needle);
}

/** Longest word prefix a search index stores; longer query words are cut to it. */
export const SEARCH_WORD_MAX = 24;

/**
 * The distinct search words of a text: accent- and case-folded (upper case), split on anything
 * that is not a letter or a digit, in order of first appearance, each cut to `SEARCH_WORD_MAX`.
 * `searchWords('Arroz CAMIL tipo-1, Camil')` is `['ARROZ', 'CAMIL', 'TIPO', '1']`.
 */
export function searchWords(text: string): string[] {
  const words = normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => word.slice(0, SEARCH_WORD_MAX));
  return [...new Set(words)];
}

/**
 * How well `text` answers a search for `query`, or -1 when it does not match: every query word
 * must be the prefix of some word of the text (several words narrow the result). Higher is
 * better: the whole text equal to the query first, then the query at the start of the text,
 * then per query word a whole-word match above a prefix match. Used to rank the candidates
 * that one index Query returned.
 */
export function searchRank(text: string, query: string): number {
  const queryWords = searchWords(query);
  if (queryWords.length === 0) return 0;
  const words = searchWords(text);
  let score = 0;
  for (const queryWord of queryWords) {
    if (words.includes(queryWord)) score += 2;
    else if (words.some((word) => word.startsWith(queryWord))) score += 1;
    else return -1;
  }
  const folded = normalizeText(text);
  const wanted = normalizeText(query);
  if (folded === wanted) score += 100;
  else if (folded.startsWith(wanted)) score += 50;
  return score;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML text and (quoted) attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
