import { campaignRoutes } from './campaigns.routes';
import { checkoutRoutes } from './checkout.routes';
import { labelPrintRoutes } from './labels-print.routes';

export const routes = [...campaignRoutes, ...checkoutRoutes, ...labelPrintRoutes];
