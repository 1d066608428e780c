import * as z from 'zod';
import { RoleInput, RoleUpdate } from '@freguesia/shared/schemas/identity';
import { route } from '../lib/http/route';
import { idSchema, listQuery } from './identity.schema';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

const READ = { action: 'read', subject: 'Settings' } as const;
const WRITE = { action: 'write', subject: 'Settings' } as const;

/** Roles ("Permissões", spec part 3 §2, §7): list, read, create, update, delete. */
export const roleRoutes = [
  /** `{data: Role[], pagination}` like every list of the spec; `q` searches name and description. */
  route({
    method: 'GET',
    path: '/api/web/roles',
    permission: READ,
    query: listQuery,
    handler: async ({ service, query }) => listRoles(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/role/{id}',
    permission: READ,
    params: z.object({ id: idSchema }),
    handler: async ({ service, params }) => getRole(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/role/new',
    permission: WRITE,
    body: RoleInput,
    handler: async ({ service, body }) => createRole(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/role/update',
    permission: WRITE,
    body: RoleUpdate,
    handler: async ({ service, body: { id, ...input } }) => updateRole(service, id, input),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/role',
    permission: WRITE,
    query: z.object({ id: idSchema }),
    handler: async ({ service, query }) => {
      await deleteRole(service, query.id);
      return { ok: true, id: query.id };
    },
  }),
];
