import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

export const handler = createDomainHandler(routes);
