import { communicationRoutes } from './communications.routes';
import { hookRoutes } from './hooks.routes';

/**
 * The communications domain's own paths: the sending pipeline's calls and the providers' delivery
 * reports. Communication campaigns are saved through the campaigns function's `/web/campaign/*`
 * routes, which hand a communication type to communication-campaigns.service.ts.
 */
export const routes = [...communicationRoutes, ...hookRoutes];
