import { permissionId } from '@freguesia/shared/domain/permissions';
import { normalizeText } from '@freguesia/shared/domain/text';
import type { Role, RoleInput } from '@freguesia/shared/schemas/identity';
import { recordAudit } from '../audit/audit.service';
import type { ServiceContext } from '../lib/context';
import { paginateArray, type Paginated } from '../lib/ddb/pagination';
import { conflict, notFound } from '../lib/errors';
import type { ListQuery } from './identity.schema';
import { ROLE_MESSAGES, rolesRepository, type RoleRecord } from './roles.repository';
import { usersRepository } from './users.repository';

/** Roles ("Permissões", spec part 3 §2, §7): few per tenant, read whole and paged in memory. */

export const ADMIN_ROLE_MESSAGES = {
  cannotRemove: 'A permissão Administrador não pode ser removida.',
  mustKeepSettings:
    'A permissão Administrador deve manter Ajustes (Visualizar e Alterar), senão ninguém poderia mais administrar usuários e permissões.',
} as const;

/** Settings read and write: the Administrador role keeps them so the tenant can never lock itself out. */
const ADMIN_REQUIRED = [permissionId('read', 'Settings')!, permissionId('write', 'Settings')!];

export function roleAnswer(role: RoleRecord, usersCount: number): Role {
  return {
    id: role.id,
    role: role.role,
    description: role.description,
    can_remove: role.canRemove,
    permissions: role.permissions.map((id) => ({ id })),
    users_count: usersCount,
    created_at: role.createdAt ?? '',
    updated_at: role.updatedAt ?? '',
  };
}

async function usersPerRole(ctx: ServiceContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const user of await usersRepository(ctx.tenant).list())
    counts.set(user.roleId, (counts.get(user.roleId) ?? 0) + 1);
  return counts;
}

/** Roles matching `q` (name or description, accent- and case-insensitive), by name, paged. */
export async function listRoles(ctx: ServiceContext, query: ListQuery): Promise<Paginated<Role>> {
  const [roles, counts] = await Promise.all([rolesRepository(ctx.tenant).list(), usersPerRole(ctx)]);
  const needle = normalizeText(query.q ?? '');
  const found = roles
    .filter((r) => !needle || normalizeText(`${r.role} ${r.description}`).includes(needle))
    .sort((a, b) => normalizeText(a.role).localeCompare(normalizeText(b.role)) || a.id - b.id)
    .map((r) => roleAnswer(r, counts.get(r.id) ?? 0));
  return paginateArray(found, query.page, query.per_page);
}

async function mustGet(ctx: ServiceContext, id: number): Promise<RoleRecord> {
  const role = await rolesRepository(ctx.tenant).get(id);
  if (!role) throw notFound(ROLE_MESSAGES.notFound);
  return role;
}

export async function getRole(ctx: ServiceContext, id: number): Promise<Role> {
  const [role, counts] = await Promise.all([mustGet(ctx, id), usersPerRole(ctx)]);
  return roleAnswer(role, counts.get(id) ?? 0);
}

/** Creates a role; a name already used (accents, case and spaces ignored) answers a conflict. */
export async function createRole(ctx: ServiceContext, input: RoleInput): Promise<Role> {
  const created = roleAnswer(await rolesRepository(ctx.tenant).create(input), 0);
  await recordAudit(ctx, {
    entity: 'role',
    entityId: created.id,
    action: 'create',
    summary: created.role,
    after: input,
  });
  return created;
}

/** Rewrites a role; the Administrador role must keep the Settings permissions. */
export async function updateRole(ctx: ServiceContext, id: number, input: RoleInput): Promise<Role> {
  const previous = await mustGet(ctx, id);
  if (!previous.canRemove && !ADMIN_REQUIRED.every((p) => input.permissions.includes(p))) {
    throw conflict(ADMIN_ROLE_MESSAGES.mustKeepSettings);
  }
  const [updated, counts] = await Promise.all([
    rolesRepository(ctx.tenant).update(previous, input),
    usersPerRole(ctx),
  ]);
  await recordAudit(ctx, {
    entity: 'role',
    entityId: id,
    action: 'update',
    summary: updated.role,
    before: { role: previous.role, permissions: previous.permissions },
    after: { role: updated.role, permissions: updated.permissions },
  });
  return roleAnswer(updated, counts.get(id) ?? 0);
}

/** Deletes a removable role that no user holds. */
export async function deleteRole(ctx: ServiceContext, id: number): Promise<void> {
  const previous = await mustGet(ctx, id);
  if (!previous.canRemove) throw conflict(ADMIN_ROLE_MESSAGES.cannotRemove);
  const repo = rolesRepository(ctx.tenant);
  if (await repo.hasUsers(id)) throw conflict(ROLE_MESSAGES.inUse);
  await repo.remove(previous);
  await recordAudit(ctx, {
    entity: 'role',
    entityId: id,
    action: 'delete',
    summary: previous.role,
    before: { role: previous.role, permissions: previous.permissions },
  });
}
