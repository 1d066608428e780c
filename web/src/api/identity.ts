import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PermissionEntry, Role, User } from '@freguesia/shared/schemas/identity';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, usePagedQuery, type Paginated } from './query';

/**
 * Staff identity calls of the Ajustes screens (spec part 3 §7): the permission catalogue,
 * roles ('Permissões') and users ('Usuários'), with their query hooks. Answers are parsed with
 * the shared schemas; every key starts with the tenant.
 */

const IDENTITY = 'identity';

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
const normalized = (query: ListQuery) => ({
  q: query.q?.trim() ?? '',
  page: query.page ?? 1,
  per_page: query.per_page,
});

export const roleListKey = (query: ListQuery) => tenantKey(IDENTITY, 'roles', normalized(query));
export const userListKey = (query: ListQuery) => tenantKey(IDENTITY, 'users', normalized(query));

// ----------------------------------------------------------------------------- catalogue

/** GET /api/web/permissions: every (action, subject) pair with its labels. */
export async function listPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return parseAnswer(z.array(PermissionEntry), await api.get('/web/permissions', { signal }));
}

// ----------------------------------------------------------------------------- roles

/** Body of POST /api/web/role/new (and of PUT /api/web/role/update with `id`). */
export interface RoleBody {
  role: string;
  description: string;
  permissions: { id: number }[];
}

export async function listRoles(query: ListQuery = {}, signal?: AbortSignal): Promise<Paginated<Role>> {
  return parseAnswer(paginated(Role), await api.get('/web/roles', { query: listQuery(query), signal }));
}

export async function createRole(body: RoleBody): Promise<Role> {
  return parseAnswer(Role, await api.post('/web/role/new', body));
}

export async function updateRole(id: number, body: RoleBody): Promise<Role> {
  return parseAnswer(Role, await api.put('/web/role/update', { id, ...body }));
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

export async function listUsers(query: ListQuery = {}, signal?: AbortSignal): Promise<Paginated<User>> {
  return parseAnswer(paginated(User), await api.get('/web/users', { query: listQuery(query), signal }));
}

export async function createUser(body: UserBody): Promise<User> {
  return parseAnswer(User, await api.post('/web/user/new', body));
}

export async function updateUser(body: UserBody & { id: number }): Promise<User> {
  return parseAnswer(User, await api.put('/web/user/update', body));
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

// ----------------------------------------------------------------------------- hooks

/** A page of users (previous page kept while the next loads). */
export const useUsers = (query: ListQuery) =>
  usePagedQuery(userListKey(query), (signal) => listUsers(query, signal));

/** A page of roles. */
export const useRoles = (query: ListQuery) =>
  usePagedQuery(roleListKey(query), (signal) => listRoles(query, signal));

/** Every role (the user form's select). */
export const useAllRoles = () =>
  useQuery({
    queryKey: roleListKey({ page: 1, per_page: 1000 }),
    queryFn: async ({ signal }) => (await listRoles({ page: 1, per_page: 1000 }, signal)).data,
  });

export const usePermissions = () =>
  useQuery({
    queryKey: tenantKey(IDENTITY, 'permissions'),
    queryFn: ({ signal }) => listPermissions(signal),
    staleTime: Infinity,
  });

/** The stores of the user form (they also name the users' store column). */
export const useWorkStores = () =>
  useQuery({
    queryKey: tenantKey('catalog', 'stores', 'work'),
    queryFn: ({ signal }) => storeOptions(signal),
  });

/** Users and roles depend on each other (role names in the users list, users per role). */
function useInvalidateIdentity() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tenantKey(IDENTITY) });
}

/** Creates (no `id`) or updates a user. */
export function useSaveUser() {
  const invalidate = useInvalidateIdentity();
  return useMutation({
    mutationFn: (body: UserBody) => (body.id ? updateUser({ ...body, id: body.id }) : createUser(body)),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateIdentity();
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
}

/** Creates (no `id`) or updates a role. */
export function useSaveRole() {
  const invalidate = useInvalidateIdentity();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RoleBody }) =>
      id ? updateRole(id, body) : createRole(body),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateIdentity();
  return useMutation({ mutationFn: deleteRole, onSuccess: invalidate });
}
