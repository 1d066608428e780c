import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

/** Discount label layouts (settings/labels.service.ts): their own function, the one that carries the HTML sanitiser. */
export const handler = createDomainHandler(routes);
