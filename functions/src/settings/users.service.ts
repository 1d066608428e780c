import { normalizeText } from '@freguesia/shared/domain/text';
import type { User, UserCreate, UserUpdate } from '@freguesia/shared/schemas/identity';
import { USER_MESSAGES, normalizeUserDocument } from '@freguesia/shared/schemas/identity';
import { recordAudit } from '../audit/audit.service';
import { storeNames as catalogStoreNames } from '../catalog/stores.service';
import { hashPassword } from '../lib/auth/password';
import { staffOf, type ServiceContext } from '../lib/context';
import { paginateArray, type Paginated } from '../lib/ddb/pagination';
import { InvalidError, conflict, notFound } from '../lib/errors';
import type { ListQuery } from './identity.schema';
import { rolesRepository, type RoleRecord } from './roles.repository';
import { usersRepository, type AdminChange, type UserFields, type UserRecord } from './users.repository';

/**
 * Staff users ("Usuários", spec part 3 §2, §7). Rules: e-mail and document unique per tenant,
 * the work store one of the tenant's stores (the catalogue's, read through its service), the
 * last active administrator can be neither removed, disabled nor moved to another role, and
 * nobody removes or disables their own user.
 */

export const USER_RULES = {
  notFound: 'Usuário não encontrado.',
  lastAdminRemove: 'Não é possível remover o último administrador.',
  lastAdminRole: 'Não é possível alterar a permissão do último administrador.',
  lastAdminDisable: 'Não é possível desativar o último administrador.',
  selfRemove: 'Você não pode remover o seu próprio usuário.',
  selfDisable: 'Você não pode desativar o seu próprio usuário.',
} as const;

/** Names of the tenant's stores by id, for `store_name` and to check the work store. */
const storeDirectory = (ctx: ServiceContext): Promise<ReadonlyMap<number, string>> => catalogStoreNames(ctx);

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
  if (normalizeText(`${user.fullname} ${user.shortname} ${user.email}`).includes(needle)) return true;
  return digits !== '' && normalizeUserDocument(user.document).includes(digits);
}

/** Users matching `q` in name, short name, e-mail or document, sorted by name, paged. */
export async function listUsers(ctx: ServiceContext, query: ListQuery): Promise<Paginated<User>> {
  const [users, roles, storeNames] = await Promise.all([
    usersRepository(ctx.tenant).list(),
    rolesRepository(ctx.tenant).list(),
    storeDirectory(ctx),
  ]);
  const roleNames = new Map(roles.map((r) => [r.id, r.role]));
  const needle = normalizeText(query.q ?? '');
  const digits = normalizeUserDocument(query.q ?? '');
  const found = users
    .filter((u) => !needle || matches(u, needle, digits))
    .sort((a, b) => normalizeText(a.fullname).localeCompare(normalizeText(b.fullname)) || a.id - b.id)
    .map((u) => userAnswer(u, roleNames.get(u.roleId) ?? null, storeNames.get(u.storeId ?? 0) ?? null));
  return paginateArray(found, query.page, query.per_page);
}

async function mustGet(ctx: ServiceContext, id: number): Promise<UserRecord> {
  const user = await usersRepository(ctx.tenant).get(id);
  if (!user) throw notFound(USER_RULES.notFound);
  return user;
}

export async function getUser(ctx: ServiceContext, id: number): Promise<User> {
  const user = await mustGet(ctx, id);
  const [role, storeNames] = await Promise.all([
    rolesRepository(ctx.tenant).get(user.roleId),
    storeDirectory(ctx),
  ]);
  return userAnswer(user, role?.role ?? null, storeNames.get(user.storeId ?? 0) ?? null);
}

async function chosenRole(ctx: ServiceContext, roleId: number): Promise<RoleRecord> {
  const role = await rolesRepository(ctx.tenant).get(roleId);
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

/** Creates a user; an e-mail or document already used answers a conflict. */
export async function createUser(ctx: ServiceContext, input: UserCreate): Promise<User> {
  const [role, storeNames] = await Promise.all([chosenRole(ctx, input.role_id!), storeDirectory(ctx)]);
  assertStore(input, storeNames);
  const fields = fieldsOf(input, input.active === 'Y');
  const admin: AdminChange = isAdmin(fields.active, role) ? { delta: 1 } : { delta: 0 };
  const created = await usersRepository(ctx.tenant).create(fields, await hashPassword(input.password), admin);
  const answer = userAnswer(created, role.role, storeNames.get(created.storeId ?? 0) ?? null);
  await recordAudit(ctx, {
    entity: 'user',
    entityId: created.id,
    action: 'create',
    summary: answer.fullname,
    after: answer,
  });
  return answer;
}

/** Rewrites a user; a new password or disabling ends the user's open sessions. */
export async function updateUser(ctx: ServiceContext, input: UserUpdate): Promise<User> {
  const previous = await mustGet(ctx, input.id);
  const [role, previousRole, storeNames] = await Promise.all([
    chosenRole(ctx, input.role_id!),
    rolesRepository(ctx.tenant).get(previous.roleId),
    storeDirectory(ctx),
  ]);
  assertStore(input, storeNames);
  const active = input.active === undefined ? previous.active : input.active === 'Y';
  if (previous.id === staffOf(ctx)?.userId && previous.active && !active)
    throw conflict(USER_RULES.selfDisable);
  const was = isAdmin(previous.active, previousRole);
  const will = isAdmin(active, role);
  const admin: AdminChange =
    was && !will
      ? { delta: -1, lastAdminMessage: active ? USER_RULES.lastAdminRole : USER_RULES.lastAdminDisable }
      : !was && will
        ? { delta: 1 }
        : { delta: 0 };
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await usersRepository(ctx.tenant).update(
    previous,
    fieldsOf(input, active),
    passwordHash,
    admin,
  );
  const answer = userAnswer(updated, role.role, storeNames.get(updated.storeId ?? 0) ?? null);
  await recordAudit(ctx, {
    entity: 'user',
    entityId: updated.id,
    action: 'update',
    summary: answer.fullname,
    before: userAnswer(previous, previousRole?.role ?? '', storeNames.get(previous.storeId ?? 0) ?? null),
    // A new password is a change, never its value (the log shows '••••').
    after: { ...answer, ...(passwordHash ? { password: 'changed' } : {}) },
  });
  return answer;
}

export async function deleteUser(ctx: ServiceContext, id: number): Promise<void> {
  if (id === staffOf(ctx)?.userId) throw conflict(USER_RULES.selfRemove);
  const previous = await mustGet(ctx, id);
  const role = await rolesRepository(ctx.tenant).get(previous.roleId);
  const admin: AdminChange = isAdmin(previous.active, role)
    ? { delta: -1, lastAdminMessage: USER_RULES.lastAdminRemove }
    : { delta: 0 };
  await usersRepository(ctx.tenant).remove(previous, admin);
  await recordAudit(ctx, {
    entity: 'user',
    entityId: id,
    action: 'delete',
    summary: previous.fullname,
    before: userAnswer(previous, role?.role ?? '', null),
  });
}
