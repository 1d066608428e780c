import { communicationRoutes } from './communications.routes';

/** The communications domain: the sending pipeline's calls (campaign CRUD is the campaigns domain's). */
export const routes = [...communicationRoutes];
