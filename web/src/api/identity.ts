import { z } from '@freguesia/shared/domain/zod-pt';
import { PermissionEntry, Role, User } from '@freguesia/shared/schemas/identity';
import { api } from './client';

/**
 * Staff identity calls of the Ajustes screens (spec part 3 §7): the permission catalogue,
 * roles ('Permissões') and users ('Usuários'). Answers are parsed with the shared schemas.
 */

/** `{data, pagination}` of the paginated lists. */
export interface Page<T> {
  data: T[];
  pagination: { total: number; page: number; per_page: number; last_page: number };
}

const pagination = z.object({
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});

const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination });

export interface ListQuery {
  q?: string;
  page?: number;
  per_page?: number;
}

const listQuery = (query: ListQuery) => ({
  q: query.q?.trim() || undefined,
  page: query.page,
  per_page: query.per_page,
});

// ----------------------------------------------------------------------------- catalogue

/** GET /api/web/permissions: every (action, subject) pair with its labels. */
export async function listPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return z.array(PermissionEntry).parse(await api.get('/web/permissions', { signal }));
}

// ----------------------------------------------------------------------------- roles

/** Body of POST /api/web/role/new (and of PUT /api/web/role/update with `id`). */
export interface RoleBody {
  role: string;
  description: string;
  permissions: { id: number }[];
}

export async function listRoles(query: ListQuery = {}, signal?: AbortSignal): Promise<Page<Role>> {
  return pageOf(Role).parse(await api.get('/web/roles', { query: listQuery(query), signal }));
}

/** Every role (the user form's select). */
export async function allRoles(signal?: AbortSignal): Promise<Role[]> {
  return (await listRoles({ page: 1, per_page: 1000 }, signal)).data;
}

export async function createRole(body: RoleBody): Promise<Role> {
  return Role.parse(await api.post('/web/role/new', body));
}

export async function updateRole(id: number, body: RoleBody): Promise<Role> {
  return Role.parse(await api.put('/web/role/update', { id, ...body }));
}

export async function deleteRole(id: number): Promise<void> {
  await api.delete('/web/role', { query: { id } });
}

// ----------------------------------------------------------------------------- users

/** Body of POST /api/web/user/new and PUT /api/web/user/update (built by the user form). */
export interface UserBody {
  id?: number;
  email: string;
  fullname: string;
  shortname: string;
  document: string;
  role_id: number | null;
  all_stores: 'Y' | 'N';
  store_id: number | null;
  password?: string;
  password_confirmation?: string;
}

export async function listUsers(query: ListQuery = {}, signal?: AbortSignal): Promise<Page<User>> {
  return pageOf(User).parse(await api.get('/web/users', { query: listQuery(query), signal }));
}

export async function createUser(body: UserBody): Promise<User> {
  return User.parse(await api.post('/web/user/new', body));
}

export async function updateUser(body: UserBody & { id: number }): Promise<User> {
  return User.parse(await api.put('/web/user/update', body));
}

export async function deleteUser(id: number): Promise<void> {
  await api.delete('/web/user/delete', { query: { id } });
}

// ----------------------------------------------------------------------------- stores

/** A work store as the user form needs it. */
export interface StoreOption {
  id: number;
  name: string;
}

const storeOption = z.looseObject({ id: z.number(), name: z.string() });

/**
 * The stores the user form can pick (GET /api/web/stores, owned by the catalog area).
 * Resolves to an empty list when the call fails (no read Stores, or the catalog is not
 * deployed): the select then shows its empty text instead of breaking the form.
 */
export async function storeOptions(signal?: AbortSignal): Promise<StoreOption[]> {
  try {
    const answer: unknown = await api.get('/web/stores', { signal });
    const list = Array.isArray(answer) ? answer : ((answer as { data?: unknown })?.data ?? []);
    return z
      .array(storeOption)
      .parse(list)
      .map(({ id, name }) => ({ id, name }));
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
