import { migrationRoutes } from './migrations.routes';
import { roleRoutes } from './roles.routes';
import { settingRoutes } from './settings.routes';
import { userRoutes } from './users.routes';

/**
 * Domain `settings`: roles, users, key/value settings, the integration token and the data
 * migrations' state. Its discount label layouts (labels.service.ts) are served by the `labels`
 * function (src/labels), with the HTML sanitiser.
 */
export const routes = [...roleRoutes, ...userRoutes, ...migrationRoutes, ...settingRoutes];
