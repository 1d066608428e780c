import { shortLinkRoutes } from './shortlinks.routes';

export const routes = [...shortLinkRoutes];
