import { includesFolded, normalizeText } from '@freguesia/shared/domain/text';

/** In-memory filtering and ordering for the small collections read whole (brands, partners, categories, …). */

/** Accent- and case-insensitive "contains" ('' matches everything). */
export function containsText(value: string | undefined, q: string): boolean {
  return includesFolded(value ?? '', q);
}

/** Ranks prefix matches before other matches, then orders by `label` (pt-BR). */
export function rankByText<T>(items: readonly T[], label: (item: T) => string, q: string): T[] {
  const needle = normalizeText(q);
  return [...items].sort((a, b) => {
    const pa = normalizeText(label(a)).startsWith(needle) ? 0 : 1;
    const pb = normalizeText(label(b)).startsWith(needle) ? 0 : 1;
    return pa - pb || label(a).localeCompare(label(b), 'pt-BR');
  });
}

export const byLabel =
  <T>(label: (item: T) => string) =>
  (a: T, b: T): number =>
    label(a).localeCompare(label(b), 'pt-BR');
