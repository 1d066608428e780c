import * as z from 'zod';
import { UserCreate, UserUpdate } from '@freguesia/shared/schemas/identity';
import { route } from '../lib/http/route';
import { idSchema, listQuery } from './identity.schema';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service';

const READ = { action: 'read', subject: 'Settings' } as const;
const WRITE = { action: 'write', subject: 'Settings' } as const;

/** Staff users ("Usuários", spec part 3 §2, §7): list, read, create, update, delete. */
export const userRoutes = [
  /** `{data: User[], pagination}`; `q` searches name, short name, e-mail and document. */
  route({
    method: 'GET',
    path: '/api/web/users',
    permission: READ,
    query: listQuery,
    handler: async ({ service, query }) => listUsers(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/user/{id}',
    permission: READ,
    params: z.object({ id: idSchema }),
    handler: async ({ service, params }) => getUser(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/user/new',
    permission: WRITE,
    body: UserCreate,
    handler: async ({ service, body }) => createUser(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/user/update',
    permission: WRITE,
    body: UserUpdate,
    handler: async ({ service, body }) => updateUser(service, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/user/delete',
    permission: WRITE,
    query: z.object({ id: idSchema }),
    handler: async ({ service, query }) => {
      await deleteUser(service, query.id);
      return { ok: true, id: query.id };
    },
  }),
];
