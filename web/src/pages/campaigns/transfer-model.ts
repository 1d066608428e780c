import { includesFolded } from '@freguesia/shared/domain/text';

/** The store transfer list's pure rules (spec part 2 §2.1: 'Lojas' / 'Selecionados', searchable by id or name). */

export interface TransferItem {
  id: number;
  name: string;
}

/** Items whose id or name matches what is typed (name without case or accents; id from its start). */
export function filterItems<T extends TransferItem>(items: readonly T[], query: string): T[] {
  const q = query.trim();
  if (!q) return [...items];
  return items.filter((item) => String(item.id).startsWith(q) || includesFolded(item.name, q));
}

/** The two sides: what is left to choose and what is chosen, both in the catalogue's order. */
export function splitSides<T extends TransferItem>(
  items: readonly T[],
  selected: readonly number[],
): { left: T[]; right: T[] } {
  const chosen = new Set(selected);
  return { left: items.filter((i) => !chosen.has(i.id)), right: items.filter((i) => chosen.has(i.id)) };
}

/** `selected` plus `ids` (no repeats, order of choice kept). */
export function addIds(selected: readonly number[], ids: readonly number[]): number[] {
  const next = [...selected];
  for (const id of ids) if (!next.includes(id)) next.push(id);
  return next;
}

/** `selected` without `ids`. */
export function removeIds(selected: readonly number[], ids: readonly number[]): number[] {
  const gone = new Set(ids);
  return selected.filter((id) => !gone.has(id));
}
