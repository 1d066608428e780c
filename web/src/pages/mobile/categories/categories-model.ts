import { z } from 'zod';
import type { Category, CategoryAppUpdate } from '@freguesia/shared/schemas/catalog';

/** The /mobile/categories screen's logic (spec part 3 §2 'Mobile dashboard and categories', §4, §5, §8). */

export const CATEGORY_APP_TITLE = 'Alterando categoria do App';
export const CATEGORY_UPDATED = 'Categoria atualizado com sucesso';
/** Page size of the table (the list is read whole: page 1 of 5000). */
export const CATEGORIES_PAGE_SIZE = 100;

/** The icon's help text: where the code comes from and how to write it. */
export const ICON_HELP =
  "Copie o unicode do ícone em um site de ícones (por exemplo, fontawesome.com), troque o prefixo '&#x' por '0x' e retire o ';'. Exemplo: &#xf07a; fica 0xf07a.";

/** A row of the expandable table: the category with its sub-categories. */
export interface CategoryRow extends Category {
  children: CategoryRow[];
}

const byOrder = (a: Category, b: Category) =>
  (a.ordenation || Number.MAX_SAFE_INTEGER) - (b.ordenation || Number.MAX_SAFE_INTEGER) ||
  a.reference_code.localeCompare(b.reference_code, 'pt-BR', { numeric: true });

/**
 * The categories as a tree keyed by their parent (`level_up`, 0 = root), each level in the app's
 * order (ordenation, then reference code). A category whose parent is missing is shown at the root,
 * so nothing disappears from the screen.
 */
export function categoryTree(categories: readonly Category[]): CategoryRow[] {
  const rows = new Map<number, CategoryRow>(categories.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryRow[] = [];
  for (const row of rows.values()) {
    const parent = row.level_up > 0 && row.level_up !== row.id ? rows.get(row.level_up) : undefined;
    (parent ? parent.children : roots).push(row);
  }
  const sort = (list: CategoryRow[]) => {
    list.sort(byOrder);
    for (const row of list) sort(row.children);
    return list;
  };
  return sort(roots);
}

/** Availability tag of §4: shown in the app (Y) or not (N). */
export const availability = (c: Pick<Category, 'show_app'>): { label: string; shown: boolean } =>
  c.show_app === 'Y' ? { label: 'Exibir', shown: true } : { label: 'Não exibir', shown: false };

/**
 * The icon as the app stores it ('0xf07a'). What an icon site shows (`&#xf07a;`, `\uf07a`, `f07a`)
 * is rewritten to that form, as the help text asks the user to do by hand.
 */
export function normaliseIcon(typed: string): string {
  const text = typed.trim();
  const code = /^(?:&#x|\\u|0x|u\+)?([0-9a-f]{2,6});?$/i.exec(text);
  return code ? `0x${code[1]!.toLowerCase()}` : text;
}

/** The glyph of an icon code ('0xf07a' → U+F07A), or '' when the code is not one. */
export function iconGlyph(icon: string): string {
  const code = /^0x([0-9a-f]{2,6})$/i.exec(icon.trim());
  if (!code) return '';
  const point = parseInt(code[1]!, 16);
  return point <= 0x10ffff ? String.fromCodePoint(point) : '';
}

/** The edit form (spec §5: no required field; ordering numeric). */
export const CategoryAppForm = z.object({
  show_app: z.boolean(),
  app_description: z.string().trim().max(120, 'A descrição deve ter no máximo 120 caracteres.'),
  icon: z
    .string()
    .trim()
    .max(40, 'Máximo de 40 caracteres.')
    .transform(normaliseIcon)
    .refine(
      (v) => v === '' || /^0x[0-9a-f]{2,6}$/.test(v),
      'Use o formato 0x seguido do código (ex.: 0xf07a).',
    ),
  ordenation: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,6}$/.test(v), 'A ordenação deve ser um número inteiro.'),
});
export type CategoryAppFormInput = z.input<typeof CategoryAppForm>;
export type CategoryAppFormValues = z.output<typeof CategoryAppForm>;

export const formDefaults = (c: Category): CategoryAppFormInput => ({
  show_app: c.show_app === 'Y',
  app_description: c.app_description ?? '',
  icon: c.icon ?? '',
  ordenation: c.ordenation ? String(c.ordenation) : '',
});

/** The body of PUT /web/category/update: {id, app_description, show_app Y/N, icon, ordenation}. */
export const updateBody = (id: number, v: CategoryAppFormValues): CategoryAppUpdate => ({
  id,
  app_description: v.app_description,
  show_app: v.show_app ? 'Y' : 'N',
  icon: v.icon,
  ordenation: v.ordenation === '' ? 0 : Number(v.ordenation),
});
