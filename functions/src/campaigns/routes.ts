import { campaignRoutes } from './campaigns.routes';
import { emailTestRoutes } from './email-test.routes';
import { labelPrintRoutes } from './labels-print.routes';

export const routes = [...campaignRoutes, ...labelPrintRoutes, ...emailTestRoutes];
