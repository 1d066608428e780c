import { z } from 'zod';
import { RoleInput, RoleUpdate } from '@freguesia/shared/schemas/identity';
import { pageQuery, paginateArray } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { rolesRepository } from './roles-repository';
import { createRole, deleteRole, getRole, listRoles, updateRole, type IdentityRepositories } from './roles-service';
import { usersRepository } from './users-repository';

const READ = { action: 'read', subject: 'Settings' } as const;
const WRITE = { action: 'write', subject: 'Settings' } as const;

export const idSchema = z.coerce.number({ error: 'Informe o id.' }).int('Id inválido.').positive('Id inválido.');
export const listQuery = pageQuery(50, 1000).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});

export const identityRepositories = (tenant: string): IdentityRepositories => ({
  roles: rolesRepository(tenant),
  users: usersRepository(tenant),
});

/** Roles ("Permissões", spec part 3 §2, §7): list, read, create, update, delete. */
export const roleRoutes = [
  /**
   * `{data: Role[], pagination}` like every list of the spec; `q` searches name and
   * description (accents and case ignored); `page`, `per_page` (default 50, up to 1000 so a
   * role picker can take them all). Roles are few per tenant: read whole, paged in memory.
   */
  route({
    method: 'GET',
    path: '/api/web/roles',
    permission: READ,
    query: listQuery,
    handler: async ({ tenant, query }) =>
      paginateArray(await listRoles(identityRepositories(tenant.id), query.q), query.page, query.per_page),
  }),
  route({
    method: 'GET',
    path: '/api/web/role/{id}',
    permission: READ,
    params: z.object({ id: idSchema }),
    handler: async ({ tenant, params }) => getRole(identityRepositories(tenant.id), params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/role/new',
    permission: WRITE,
    body: RoleInput,
    handler: async ({ tenant, body }) => createRole(identityRepositories(tenant.id), body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/role/update',
    permission: WRITE,
    body: RoleUpdate,
    handler: async ({ tenant, body }) => {
      const { id, ...input } = body;
      return updateRole(identityRepositories(tenant.id), id, input);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/web/role',
    permission: WRITE,
    query: z.object({ id: idSchema }),
    handler: async ({ tenant, query }) => {
      await deleteRole(identityRepositories(tenant.id), query.id);
      return { ok: true, id: query.id };
    },
  }),
];
