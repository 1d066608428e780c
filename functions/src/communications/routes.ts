import { communicationRoutes } from './communications.routes';
import { hookRoutes } from './hooks.routes';

/** The communications domain: the sending pipeline's calls (campaign CRUD is the campaigns domain's) and the providers' delivery reports. */
export const routes = [...communicationRoutes, ...hookRoutes];
