/**
 * Folds text for in-memory search: upper case, no accents, single spaces. The same rule as
 * `normalizeText` in shared/domain/reference, kept here so this function's bundle does not
 * carry the municipality list.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').replace(/\s+/g, ' ').trim().toUpperCase();
}
