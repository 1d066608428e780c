import type { CascaderNode } from '@freguesia/shared/schemas/catalog';

/** Pure helpers of the category tree: the cascading parent selector and the flat category select (unit tested). */

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

/** The path of ids from a root down to category `id` ([] for 0 or an unknown id): the cascade showing a chosen parent. */
export function pathTo(tree: readonly CascaderNode[], id: number): number[] {
  if (id <= 0) return [];
  for (const node of tree) {
    if (node.value === id) return [id];
    const below = pathTo(node.children ?? [], id);
    if (below.length > 0) return [node.value, ...below];
  }
  return [];
}
