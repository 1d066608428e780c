import { campaignRoutes } from './campaigns.routes';
import { checkoutRoutes } from './checkout.routes';

export const routes = [...campaignRoutes, ...checkoutRoutes];
