import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

/** The public NPS survey (functions/README.md, "NPS"): its own light function. */
export const handler = createDomainHandler(routes);
