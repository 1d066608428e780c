import type { CascaderNode } from '@freguesia/shared/schemas/catalog';
import { formatMoney, numberToCents } from '@freguesia/shared/domain/money';

/** Pure formatting helpers of the catalogue screens (unit tested in format.test.ts). */

/**
 * 'DD/MM/YYYY' (spec part 1 §9) of an ISO timestamp or date; '-' when empty or invalid.
 * A bare 'YYYY-MM-DD' is shown as is (no time-zone shift); timestamps use the browser's zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (bare) return `${bare[3]}/${bare[2]}/${bare[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

/** 'Y' → 'Sim', anything else → 'Não'. */
export const yesNo = (flag: string | boolean | null | undefined): string =>
  flag === 'Y' || flag === true ? 'Sim' : 'Não';

/** A wire amount (number with ≤ 2 decimals) as 'R$ 1.234,56'; '-' when null. */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const cents = numberToCents(value) ?? Math.round(value * 100);
  return formatMoney(cents);
}

/** A wire amount in the input format '12,50' ('' when null). */
export function amountToInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const cents = numberToCents(value) ?? Math.round(value * 100);
  return formatMoney(cents, { symbol: false });
}

/** Stock for an input: 12.5 → '12,5'. */
export function stockToInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace('.', ',');
}

export interface FlatCategory {
  id: number;
  /** 'Bebidas › Refrigerantes' */
  path: string;
  depth: number;
}

/** Flattens the cascader tree (pre-order) with path labels, for a single select. */
export function flattenCascader(
  nodes: readonly CascaderNode[],
  parents: string[] = [],
  depth = 1,
): FlatCategory[] {
  return nodes.flatMap((node) => {
    const names = [...parents, node.label];
    return [
      { id: node.value, path: names.join(' › '), depth },
      ...flattenCascader(node.children ?? [], names, depth + 1),
    ];
  });
}

/** The options of each level of the cascading selector for a chosen path of ids. */
export function cascadeLevels(
  tree: readonly CascaderNode[],
  path: readonly number[],
  maxDepth: number,
): CascaderNode[][] {
  const levels: CascaderNode[][] = [];
  let options: readonly CascaderNode[] = tree;
  for (let depth = 0; depth < maxDepth && options.length > 0; depth++) {
    levels.push([...options]);
    const chosen = options.find((node) => node.value === path[depth]);
    if (!chosen) break;
    options = chosen.children ?? [];
  }
  return levels;
}

/** The path after choosing `id` at `depth` (undefined clears that level and below). */
export function choosePath(path: readonly number[], depth: number, id: number | undefined): number[] {
  const kept = path.slice(0, depth);
  return id === undefined ? kept : [...kept, id];
}

/** The parent id a cascade path means: the last selected id, 0 when none. */
export const lastOfPath = (path: readonly number[]): number => path.at(-1) ?? 0;

/** Disabled store ids of one pricing row: the stores chosen in the OTHER rows. */
export function storesUsedElsewhere(
  rows: readonly { id_store: number | null }[],
  index: number,
): Set<number> {
  const used = new Set<number>();
  rows.forEach((row, i) => {
    if (i !== index && row.id_store !== null) used.add(row.id_store);
  });
  return used;
}
