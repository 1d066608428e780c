import { LoginRequest } from '@freguesia/shared/schemas/identity';
import { route } from '../lib/http/route';
import { login, permissionCatalogue } from './service';

/** Domain `auth`: staff login and the permission catalogue (spec part 1 §7, part 3 §7). */
export const routes = [
  route({
    method: 'POST',
    path: '/api/web/login',
    auth: 'public',
    body: LoginRequest,
    maxBodyBytes: 4096,
    handler: async ({ service, body }) => login(service, body),
  }),
  route({
    method: 'GET',
    path: '/api/web/permissions',
    permission: { action: 'read', subject: 'Settings' },
    handler: async ({ service }) => permissionCatalogue(service),
  }),
];
