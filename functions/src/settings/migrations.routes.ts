import { route } from '../lib/http/route';
import { dataMigrationsStatus } from './migrations.service';

/** The tenant's data migrations and their state (read Settings): functions/README.md, "Data migrations". */
export const migrationRoutes = [
  route({
    method: 'GET',
    path: '/api/web/settings/migrations',
    permission: { action: 'read', subject: 'Settings' },
    handler: async ({ service }) => dataMigrationsStatus(service),
  }),
];
