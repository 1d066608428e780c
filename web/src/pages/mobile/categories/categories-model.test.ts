import { describe, expect, it } from 'vitest';
import type { Category } from '@freguesia/shared/schemas/catalog';
import {
  availability,
  CategoryAppForm,
  categoryTree,
  formDefaults,
  iconGlyph,
  normaliseIcon,
  updateBody,
} from './categories-model';

const category = (id: number, over: Partial<Category> = {}): Category => ({
  id,
  level: 1,
  reference_code: `C${id}`,
  description: `Categoria ${id}`,
  active: 'Y',
  show_app: 'Y',
  image: '',
  url: '',
  level_up: 0,
  app_description: '',
  icon: '',
  ordenation: 0,
  created_at: '2026-11-01',
  ...over,
});

describe('mobile categories', () => {
  it('nests sub-categories under their parent, each level in the app order', () => {
    const tree = categoryTree([
      category(1, { reference_code: 'B' }),
      category(2, { reference_code: 'A' }),
      category(3, { level: 2, level_up: 1, ordenation: 2 }),
      category(4, { level: 2, level_up: 1, ordenation: 1 }),
      category(5, { level: 3, level_up: 4 }),
      // A parent that no longer exists: shown at the root.
      category(6, { level: 2, level_up: 99, reference_code: 'Z' }),
    ]);
    expect(tree.map((r) => r.id)).toEqual([2, 1, 6]);
    expect(tree[1]!.children.map((r) => r.id)).toEqual([4, 3]);
    expect(tree[1]!.children[0]!.children.map((r) => r.id)).toEqual([5]);
  });

  it('labels availability Exibir / Não exibir', () => {
    expect(availability({ show_app: 'Y' })).toEqual({ label: 'Exibir', shown: true });
    expect(availability({ show_app: 'N' })).toEqual({ label: 'Não exibir', shown: false });
  });

  it('rewrites an icon code copied from an icon site to 0x…', () => {
    expect(normaliseIcon('&#xf07a;')).toBe('0xf07a');
    expect(normaliseIcon('0xF07A')).toBe('0xf07a');
    expect(normaliseIcon('\\uf07a')).toBe('0xf07a');
    expect(normaliseIcon('carrinho')).toBe('carrinho');
    expect(iconGlyph('0xf07a')).toBe('\uf07a');
    expect(iconGlyph('carrinho')).toBe('');
  });

  it('turns the form into the PUT /web/category/update body', () => {
    const c = category(7, { show_app: 'N', icon: '0xf07a', ordenation: 3, app_description: 'Bebidas' });
    expect(formDefaults(c)).toEqual({
      show_app: false,
      app_description: 'Bebidas',
      icon: '0xf07a',
      ordenation: '3',
    });
    const values = CategoryAppForm.parse({
      show_app: true,
      app_description: ' Frios ',
      icon: '&#xf2dc;',
      ordenation: '',
    });
    expect(updateBody(7, values)).toEqual({
      id: 7,
      app_description: 'Frios',
      show_app: 'Y',
      icon: '0xf2dc',
      ordenation: 0,
    });
    const bad = CategoryAppForm.safeParse({
      show_app: true,
      app_description: '',
      icon: 'carrinho',
      ordenation: 'x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['icon', 'ordenation']);
  });
});
