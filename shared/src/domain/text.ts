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
