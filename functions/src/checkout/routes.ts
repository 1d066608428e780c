import { checkoutRoutes } from './checkout.routes';

export const routes = [...checkoutRoutes];
