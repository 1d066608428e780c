import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  DEFAULT_ABILITY,
  PERMISSIONS,
  SUBJECTS,
  abilitySchema,
  can,
  isAbility,
  permissionById,
  permissionId,
  permissionTree,
  permissionsFromIds,
} from './permissions';

describe('permission catalogue', () => {
  it('has unique, positive, stable ids', () => {
    const ids = PERMISSIONS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    // Pinned: the role API stores these ids, so they must never move.
    expect(permissionId('read', 'Auth')).toBe(1);
    expect(permissionId('read', 'Customers')).toBe(2);
    expect(permissionId('write', 'Customers')).toBe(3);
    expect(permissionId('change_seller', 'Sell')).toBe(30);
    expect(permissionId('write', 'Attendances')).toBe(36);
  });

  it('has read and write for every subject except Auth (read only), plus the Sell extras', () => {
    for (const subject of SUBJECTS) {
      expect(permissionId('read', subject), subject).toBeDefined();
      expect(permissionId('write', subject) !== undefined, subject).toBe(subject !== 'Auth');
    }
    for (const action of ['filter_sellers', 'discount', 'change_seller'] as const) {
      expect(permissionId(action, 'Sell')).toBeDefined();
    }
    expect(PERMISSIONS).toHaveLength(1 + (SUBJECTS.length - 1) * 2 + 3);
  });

  it('labels permissions in Portuguese for the role editor tree', () => {
    expect(permissionById(2)).toEqual({ id: 2, action: 'read', subject: 'Customers', label: 'Visualizar' });
    expect(permissionById(29)?.label).toBe('Conceder desconto');
    expect(permissionById(999)).toBeUndefined();
    const tree = permissionTree();
    expect(tree.map((g) => g.label)).toContain('Clientes');
    expect(tree.find((g) => g.subject === 'Sell')?.permissions.map((p) => p.label)).toEqual([
      'Visualizar',
      'Alterar',
      'Filtrar vendedores',
      'Conceder desconto',
      'Trocar vendedor',
    ]);
  });

  it('maps role permission ids to abilities, ignoring unknown and duplicate ids', () => {
    expect(permissionsFromIds([{ id: 3 }, 2, 3, 999])).toEqual([
      { action: 'write', subject: 'Customers' },
      { action: 'read', subject: 'Customers' },
    ]);
  });
});

describe('can', () => {
  const abilities = [{ action: 'write', subject: 'Customers' }] as const;

  it('grants exactly the listed pairs; write does not imply read', () => {
    expect(can(abilities, 'write', 'Customers')).toBe(true);
    expect(can(abilities, 'read', 'Customers')).toBe(false);
    expect(can(abilities, 'write', 'Stores')).toBe(false);
  });

  it('defaults to read Auth only', () => {
    expect(can(DEFAULT_ABILITY, 'read', 'Auth')).toBe(true);
    expect(can(DEFAULT_ABILITY, 'read', 'Customers')).toBe(false);
  });
});

describe('ability validation', () => {
  it('accepts catalogue actions and subjects only', () => {
    expect(abilitySchema.safeParse({ action: 'read', subject: 'CMS' }).success).toBe(true);
    expect(abilitySchema.safeParse({ action: 'manage', subject: 'CMS' }).success).toBe(false);
    expect(isAbility({ action: 'discount', subject: 'Sell' })).toBe(true);
    expect(isAbility({ action: 'read', subject: 'all' })).toBe(false);
    expect(isAbility(null)).toBe(false);
    expect(ACTIONS).toContain('filter_sellers');
  });
});
