import { roleRoutes } from './roles.routes';
import { settingRoutes } from './settings.routes';
import { userRoutes } from './users.routes';

/** Domain `settings`: roles, users, key/value settings and the integration token. */
export const routes = [...roleRoutes, ...userRoutes, ...settingRoutes];
