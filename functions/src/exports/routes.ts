import { exportRoutes } from './exports.routes';

/** The exports domain: export jobs of every kind (tags, leads, campaigns, …) and their record. */
export const routes = [...exportRoutes];
