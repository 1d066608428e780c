import { cartRoutes } from './carts.routes';
import { offerRoutes } from './offers.routes';

export const routes = [...cartRoutes, ...offerRoutes];
