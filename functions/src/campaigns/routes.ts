import { campaignRoutes } from './campaigns.routes';
import { labelPrintRoutes } from './labels-print.routes';

export const routes = [...campaignRoutes, ...labelPrintRoutes];
