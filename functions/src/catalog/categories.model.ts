import type { CascaderNode, Category } from '@freguesia/shared/schemas/catalog';
import type { CategoryItem } from './entities';

/** Pure category-tree logic (spec part 1 §2 categories; cascading parent selector). */

export function categoryAnswer(item: CategoryItem): Category {
  return {
    id: item.id,
    level: item.level,
    reference_code: item.reference_code,
    description: item.description,
    active: item.active,
    show_app: item.show_app,
    image: item.image ?? '',
    url: item.url ?? '',
    level_up: item.level_up ?? 0,
    app_description: item.app_description ?? '',
    icon: item.icon ?? '',
    ordenation: item.ordenation ?? 0,
    created_at: item.createdAt ?? '',
  };
}

/**
 * The cascader tree `[{value, label, children}]`: roots are categories with level_up 0 (or an
 * unknown parent); siblings are ordered by `ordenation`, then description. Leaves have no
 * `children` key, as cascader components expect.
 */
export function cascaderTree(items: readonly CategoryItem[]): CascaderNode[] {
  const ids = new Set(items.map((c) => c.id));
  const children = new Map<number, CategoryItem[]>();
  for (const item of items) {
    const parent = item.level_up && ids.has(item.level_up) ? item.level_up : 0;
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  const build = (parent: number, depth: number): CascaderNode[] =>
    (children.get(parent) ?? []).sort(siblingOrder).map((c) => {
      const below = depth < 10 ? build(c.id, depth + 1) : [];
      return below.length > 0
        ? { value: c.id, label: c.description, children: below }
        : { value: c.id, label: c.description };
    });
  return build(0, 0);
}

function siblingOrder(a: CategoryItem, b: CategoryItem): number {
  return (
    (a.ordenation ?? 0) - (b.ordenation ?? 0) ||
    a.description.localeCompare(b.description, 'pt-BR') ||
    a.id - b.id
  );
}

/** The chain from the root down to `id` (inclusive); empty when `id` is unknown. */
export function ancestorChain(items: readonly CategoryItem[], id: number): CategoryItem[] {
  const byId = new Map(items.map((c) => [c.id, c]));
  const chain: CategoryItem[] = [];
  let current = byId.get(id);
  while (current && chain.length < 10) {
    chain.unshift(current);
    current = current.level_up ? byId.get(current.level_up) : undefined;
  }
  return chain;
}
