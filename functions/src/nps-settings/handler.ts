import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

/** The NPS settings (nps/settings.service.ts): their own function, the one that carries the HTML sanitiser. */
export const handler = createDomainHandler(routes);
