import { PERMISSIONS, SUBJECT_LABELS } from '@freguesia/shared/domain/permissions';
import type { PermissionEntry } from '@freguesia/shared/schemas/identity';
import { LoginRequest } from '@freguesia/shared/schemas/identity';
import { route } from '../lib/http/route';
import { login } from './service';

const CATALOGUE: PermissionEntry[] = PERMISSIONS.map((p) => ({
  id: p.id,
  action: p.action,
  subject: p.subject,
  label: p.label,
  subject_label: SUBJECT_LABELS[p.subject],
}));

/** Domain `auth`: staff login and the permission catalogue (spec part 1 §7, part 3 §7). */
export const routes = [
  route({
    method: 'POST',
    path: '/api/web/login',
    auth: 'public',
    body: LoginRequest,
    maxBodyBytes: 4096,
    handler: async ({ tenant, body, sourceIp }) => login(tenant.id, body, sourceIp),
  }),
  route({
    method: 'GET',
    path: '/api/web/permissions',
    permission: { action: 'read', subject: 'Settings' },
    handler: async () => CATALOGUE,
  }),
];
