import { labelRoutes } from './labels.routes';
import { migrationRoutes } from './migrations.routes';
import { roleRoutes } from './roles.routes';
import { settingRoutes } from './settings.routes';
import { userRoutes } from './users.routes';

/** Domain `settings`: roles, users, key/value settings, the integration token, discount label layouts and the data migrations' state. */
export const routes = [...roleRoutes, ...userRoutes, ...migrationRoutes, ...settingRoutes, ...labelRoutes];
