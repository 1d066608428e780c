import { z } from 'zod';
import { UserCreate, UserUpdate } from '@freguesia/shared/schemas/identity';
import { paginateArray } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { idSchema, identityRepositories, listQuery } from './roles-routes';
import { storeNames } from '../catalog/stores.service';
import { createUser, deleteUser, getUser, listUsers, updateUser, type StoreDirectory } from './users-service';

const READ = { action: 'read', subject: 'Settings' } as const;
const WRITE = { action: 'write', subject: 'Settings' } as const;

/** The catalogue's stores of a tenant, by id (a small collection read whole, names only). */
const storesOf =
  (tenant: string): StoreDirectory =>
  () =>
    storeNames({ tenant, actor: { kind: 'system', name: 'settings' }, now: () => new Date() });

/** Staff users ("Usuários", spec part 3 §2, §7): list, read, create, update, delete. */
export const userRoutes = [
  /** `{data: User[], pagination}`; `q` searches name, short name, e-mail and document. */
  route({
    method: 'GET',
    path: '/api/web/users',
    permission: READ,
    query: listQuery,
    handler: async ({ tenant, query }) =>
      paginateArray(await listUsers(identityRepositories(tenant.id), storesOf(tenant.id), query.q), query.page, query.per_page),
  }),
  route({
    method: 'GET',
    path: '/api/web/user/{id}',
    permission: READ,
    params: z.object({ id: idSchema }),
    handler: async ({ tenant, params }) => getUser(identityRepositories(tenant.id), storesOf(tenant.id), params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/user/new',
    permission: WRITE,
    body: UserCreate,
    handler: async ({ tenant, body }) => createUser(identityRepositories(tenant.id), storesOf(tenant.id), body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/user/update',
    permission: WRITE,
    body: UserUpdate,
    handler: async ({ tenant, principal, body }) => updateUser(identityRepositories(tenant.id), storesOf(tenant.id), principal, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/user/delete',
    permission: WRITE,
    query: z.object({ id: idSchema }),
    handler: async ({ tenant, principal, query }) => {
      await deleteUser(identityRepositories(tenant.id), principal, query.id);
      return { ok: true, id: query.id };
    },
  }),
];
