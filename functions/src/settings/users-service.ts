import type { User, UserCreate, UserUpdate } from '@freguesia/shared/schemas/identity';
import { USER_MESSAGES, normalizeUserDocument } from '@freguesia/shared/schemas/identity';
import { hashPassword } from '../lib/auth/password';
import { InvalidError, conflict, notFound } from '../lib/errors';
import type { StaffPrincipal } from '../lib/http/route';
import type { RoleRecord } from './roles-repository';
import type { IdentityRepositories } from './roles-service';
import { fold } from './search';
import type { AdminChange, UserFields, UserRecord } from './users-repository';

export const USER_RULES = {
  notFound: 'Usuário não encontrado.',
  lastAdminRemove: 'Não é possível remover o último administrador.',
  lastAdminRole: 'Não é possível alterar a permissão do último administrador.',
  lastAdminDisable: 'Não é possível desativar o último administrador.',
  selfRemove: 'Você não pode remover o seu próprio usuário.',
  selfDisable: 'Você não pode desativar o seu próprio usuário.',
} as const;

/**
 * Names of the tenant's stores by id, for `store_name` and to check the work store.
 * Stores belong to the catalogue domain; the directory is injected (users-routes.ts) so
 * this service does not depend on how that domain stores them.
 */
export type StoreDirectory = () => Promise<ReadonlyMap<number, string>>;

export function userAnswer(user: UserRecord, roleName: string | null, storeName: string | null): User {
  return {
    id: user.id,
    document: user.document,
    fullname: user.fullname,
    shortname: user.shortname,
    email: user.email,
    all_stores: user.allStores ? 'Y' : 'N',
    store_id: user.allStores ? null : (user.storeId ?? null),
    store_name: user.allStores ? null : storeName,
    role_id: user.roleId,
    role: roleName,
    active: user.active ? 'Y' : 'N',
    created_at: user.createdAt ?? '',
    updated_at: user.updatedAt ?? '',
  };
}

function matches(user: UserRecord, needle: string, digits: string): boolean {
  if (fold(`${user.fullname} ${user.shortname} ${user.email}`).includes(needle)) return true;
  return digits !== '' && normalizeUserDocument(user.document).includes(digits);
}

/** Users matching `q` in name, short name, e-mail or document, sorted by name. */
export async function listUsers(repos: IdentityRepositories, stores: StoreDirectory, q: string | undefined): Promise<User[]> {
  const [users, roles, storeNames] = await Promise.all([repos.users.list(), repos.roles.list(), stores()]);
  const roleNames = new Map(roles.map((r) => [r.id, r.role]));
  const needle = fold(q ?? '');
  const digits = normalizeUserDocument(q ?? '');
  return users
    .filter((u) => !needle || matches(u, needle, digits))
    .sort((a, b) => fold(a.fullname).localeCompare(fold(b.fullname)) || a.id - b.id)
    .map((u) => userAnswer(u, roleNames.get(u.roleId) ?? null, storeNames.get(u.storeId ?? 0) ?? null));
}

async function mustGet(repos: IdentityRepositories, id: number): Promise<UserRecord> {
  const user = await repos.users.get(id);
  if (!user) throw notFound(USER_RULES.notFound);
  return user;
}

export async function getUser(repos: IdentityRepositories, stores: StoreDirectory, id: number): Promise<User> {
  const user = await mustGet(repos, id);
  const [role, storeNames] = await Promise.all([repos.roles.get(user.roleId), stores()]);
  return userAnswer(user, role?.role ?? null, storeNames.get(user.storeId ?? 0) ?? null);
}

async function chosenRole(repos: IdentityRepositories, roleId: number): Promise<RoleRecord> {
  const role = await repos.roles.get(roleId);
  if (!role) throw new InvalidError({ role_id: USER_MESSAGES.role });
  return role;
}

/** The work store must be one of the tenant's stores (the schema already required one). */
function assertStore(input: UserCreate | UserUpdate, storeNames: ReadonlyMap<number, string>): void {
  if (input.all_stores !== 'Y' && !storeNames.has(input.store_id ?? 0)) {
    throw new InvalidError({ store_id: USER_MESSAGES.store });
  }
}

function fieldsOf(input: UserCreate | UserUpdate, active: boolean): UserFields {
  const allStores = input.all_stores === 'Y';
  return {
    email: input.email,
    fullname: input.fullname,
    shortname: input.shortname,
    document: input.document,
    allStores,
    storeId: allStores ? null : input.store_id,
    roleId: input.role_id!,
    active,
  };
}

/** An administrator is an active user whose role cannot be removed (Administrador). */
const isAdmin = (active: boolean, role: RoleRecord | null): boolean => active && role?.canRemove === false;

export async function createUser(repos: IdentityRepositories, stores: StoreDirectory, input: UserCreate): Promise<User> {
  const [role, storeNames] = await Promise.all([chosenRole(repos, input.role_id!), stores()]);
  assertStore(input, storeNames);
  const fields = fieldsOf(input, input.active === 'Y');
  const admin: AdminChange = isAdmin(fields.active, role) ? { delta: 1 } : { delta: 0 };
  const created = await repos.users.create(fields, await hashPassword(input.password), admin);
  return userAnswer(created, role.role, storeNames.get(created.storeId ?? 0) ?? null);
}

export async function updateUser(
  repos: IdentityRepositories,
  stores: StoreDirectory,
  principal: StaffPrincipal,
  input: UserUpdate,
): Promise<User> {
  const previous = await mustGet(repos, input.id);
  const [role, previousRole, storeNames] = await Promise.all([
    chosenRole(repos, input.role_id!),
    repos.roles.get(previous.roleId),
    stores(),
  ]);
  assertStore(input, storeNames);
  const active = input.active === undefined ? previous.active : input.active === 'Y';
  if (previous.id === principal.userId && previous.active && !active) throw conflict(USER_RULES.selfDisable);
  const was = isAdmin(previous.active, previousRole);
  const will = isAdmin(active, role);
  const admin: AdminChange =
    was && !will
      ? { delta: -1, lastAdminMessage: active ? USER_RULES.lastAdminRole : USER_RULES.lastAdminDisable }
      : !was && will
        ? { delta: 1 }
        : { delta: 0 };
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await repos.users.update(previous, fieldsOf(input, active), passwordHash, admin);
  return userAnswer(updated, role.role, storeNames.get(updated.storeId ?? 0) ?? null);
}

export async function deleteUser(repos: IdentityRepositories, principal: StaffPrincipal, id: number): Promise<void> {
  if (id === principal.userId) throw conflict(USER_RULES.selfRemove);
  const previous = await mustGet(repos, id);
  const role = await repos.roles.get(previous.roleId);
  const admin: AdminChange = isAdmin(previous.active, role)
    ? { delta: -1, lastAdminMessage: USER_RULES.lastAdminRemove }
    : { delta: 0 };
  await repos.users.remove(previous, admin);
}
