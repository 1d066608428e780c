import { permissionId } from '@freguesia/shared/domain/permissions';
import type { Role, RoleInput } from '@freguesia/shared/schemas/identity';
import { conflict, notFound } from '../lib/errors';
import type { RoleRecord, rolesRepository } from './roles-repository';
import { ROLE_MESSAGES } from './roles-repository';
import type { usersRepository } from './users-repository';
import { fold } from './search';

export interface IdentityRepositories {
  roles: ReturnType<typeof rolesRepository>;
  users: ReturnType<typeof usersRepository>;
}

export const ADMIN_ROLE_MESSAGES = {
  cannotRemove: 'A permissão Administrador não pode ser removida.',
  mustKeepSettings: 'A permissão Administrador deve manter Ajustes (Visualizar e Alterar), senão ninguém poderia mais administrar usuários e permissões.',
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

async function usersPerRole(repos: IdentityRepositories): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const user of await repos.users.list()) counts.set(user.roleId, (counts.get(user.roleId) ?? 0) + 1);
  return counts;
}

/** Every role matching `q` (name or description, accent- and case-insensitive), by name. */
export async function listRoles(repos: IdentityRepositories, q: string | undefined): Promise<Role[]> {
  const [roles, counts] = await Promise.all([repos.roles.list(), usersPerRole(repos)]);
  const needle = fold(q ?? '');
  return roles
    .filter((r) => !needle || fold(`${r.role} ${r.description}`).includes(needle))
    .sort((a, b) => fold(a.role).localeCompare(fold(b.role)) || a.id - b.id)
    .map((r) => roleAnswer(r, counts.get(r.id) ?? 0));
}

async function mustGet(repos: IdentityRepositories, id: number): Promise<RoleRecord> {
  const role = await repos.roles.get(id);
  if (!role) throw notFound(ROLE_MESSAGES.notFound);
  return role;
}

export async function getRole(repos: IdentityRepositories, id: number): Promise<Role> {
  const [role, counts] = await Promise.all([mustGet(repos, id), usersPerRole(repos)]);
  return roleAnswer(role, counts.get(id) ?? 0);
}

export async function createRole(repos: IdentityRepositories, input: RoleInput): Promise<Role> {
  return roleAnswer(await repos.roles.create(input), 0);
}

export async function updateRole(repos: IdentityRepositories, id: number, input: RoleInput): Promise<Role> {
  const previous = await mustGet(repos, id);
  if (!previous.canRemove && !ADMIN_REQUIRED.every((p) => input.permissions.includes(p))) {
    throw conflict(ADMIN_ROLE_MESSAGES.mustKeepSettings);
  }
  const [updated, counts] = await Promise.all([repos.roles.update(previous, input), usersPerRole(repos)]);
  return roleAnswer(updated, counts.get(id) ?? 0);
}

export async function deleteRole(repos: IdentityRepositories, id: number): Promise<void> {
  const previous = await mustGet(repos, id);
  if (!previous.canRemove) throw conflict(ADMIN_ROLE_MESSAGES.cannotRemove);
  if (await repos.roles.hasUsers(id)) throw conflict(ROLE_MESSAGES.inUse);
  await repos.roles.remove(previous);
}
