import { permissionTree } from '@freguesia/shared/domain/permissions';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROLE_FORM,
  groupState,
  roleBody,
  roleFormSchema,
  toggleGroup,
  togglePermission,
  type RoleFormValues,
} from './role-form';

/** The messages the form shows, by field (first message of each). */
function validateRoleForm(values: RoleFormValues): Record<string, string> {
  const result = roleFormSchema.safeParse(values);
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues)
    messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const sell = permissionTree().find((g) => g.subject === 'Sell')!;
const customers = permissionTree().find((g) => g.subject === 'Customers')!;

describe('role form', () => {
  it('asks for the name and the description', () => {
    expect(validateRoleForm(EMPTY_ROLE_FORM)).toEqual({
      role: 'Digite o nome da permissão',
      description: 'Digite a descrição',
    });
    expect(
      validateRoleForm({ role: ' Caixa ', description: 'Frente de caixa', permissions: new Set() }),
    ).toEqual({});
  });

  it('sends the ticked permissions as [{id}] in ascending order', () => {
    expect(roleBody({ role: ' Caixa ', description: ' Frente ', permissions: new Set([27, 2, 26]) })).toEqual(
      {
        role: 'Caixa',
        description: 'Frente',
        permissions: [{ id: 2 }, { id: 26 }, { id: 27 }],
      },
    );
  });
});

describe('permission tree', () => {
  it('reports each group as none, some or all', () => {
    expect(groupState(customers, new Set())).toBe('none');
    expect(groupState(customers, new Set([2]))).toBe('some');
    expect(groupState(customers, new Set([2, 3]))).toBe('all');
  });

  it('ticks every action of a group, then clears them', () => {
    const all = toggleGroup(sell, new Set([2, 26]));
    expect([...all].sort((a, b) => a - b)).toEqual([2, 26, 27, 28, 29, 30]);
    expect([...toggleGroup(sell, all)]).toEqual([2]);
  });

  it('toggles one permission without touching the others', () => {
    expect([...togglePermission(3, new Set([2]))]).toEqual([2, 3]);
    expect([...togglePermission(2, new Set([2, 3]))]).toEqual([3]);
  });
});
