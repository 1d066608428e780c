import { basketRoutes } from './baskets.routes';
import { customerRoutes } from './customers.routes';

/** Every route of the customers domain (the staff registry and the purchases). */
export const routes = [...customerRoutes, ...basketRoutes];
