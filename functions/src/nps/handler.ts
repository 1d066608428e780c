import { createDomainHandler } from '../lib/http/handler';
import { routes } from './nps.routes';

export const handler = createDomainHandler(routes);
