import type { PermissionGroup } from '@freguesia/shared/domain/permissions';
import { RoleInput, type Role } from '@freguesia/shared/schemas/identity';
import { z } from 'zod';
import type { RoleBody } from '../../api/identity';

/** The role drawer's values: name, description and the ticked permission ids. */
export interface RoleFormValues {
  role: string;
  description: string;
  permissions: ReadonlySet<number>;
}

export const EMPTY_ROLE_FORM: RoleFormValues = { role: '', description: '', permissions: new Set() };

export function roleFormFromRole(role: Role): RoleFormValues {
  return {
    role: role.role,
    description: role.description,
    permissions: new Set(role.permissions.map((p) => p.id)),
  };
}

/** POST /web/role/new body: `{role, description, permissions: [{id}]}`, ids ascending. */
export function roleBody(values: RoleFormValues): RoleBody {
  return {
    role: values.role.trim(),
    description: values.description.trim(),
    permissions: [...values.permissions].sort((a, b) => a - b).map((id) => ({ id })),
  };
}

/**
 * The form's schema: name and description with the shared RoleInput rules ('Digite o nome da
 * permissão', 'Digite a descrição', spec part 3 §5), the ticked ids as a set.
 */
export const roleFormSchema = z.object({
  role: RoleInput.shape.role,
  description: RoleInput.shape.description,
  permissions: z.custom<ReadonlySet<number>>((value) => value instanceof Set),
});

/** Whether a subject's group is fully, partly or not ticked (the group checkbox). */
export type GroupState = 'all' | 'some' | 'none';

export function groupState(group: PermissionGroup, selected: ReadonlySet<number>): GroupState {
  const ticked = group.permissions.filter((p) => selected.has(p.id)).length;
  if (ticked === 0) return 'none';
  return ticked === group.permissions.length ? 'all' : 'some';
}

/** The group checkbox: ticks every action of the subject, or clears them all when all were ticked. */
export function toggleGroup(group: PermissionGroup, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  const clear = groupState(group, selected) === 'all';
  for (const permission of group.permissions) {
    if (clear) next.delete(permission.id);
    else next.add(permission.id);
  }
  return next;
}

export function togglePermission(id: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
