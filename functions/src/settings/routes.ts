import { labelRoutes } from './labels.routes';
import { roleRoutes } from './roles.routes';
import { settingRoutes } from './settings.routes';
import { userRoutes } from './users.routes';

/** Domain `settings`: roles, users, key/value settings, the integration token and discount label layouts. */
export const routes = [...roleRoutes, ...userRoutes, ...settingRoutes, ...labelRoutes];
