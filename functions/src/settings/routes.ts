import { roleRoutes } from './roles.routes';
import { settingRoutes } from './settings.routes';
import { userRoutes } from './users.routes';

/**
 * Domain `settings`: roles, users, key/value settings and the integration token. Its discount label
 * layouts (labels.service.ts) are served by the `labels` function (src/labels), with the HTML sanitiser.
 */
export const routes = [...roleRoutes, ...userRoutes, ...settingRoutes];
