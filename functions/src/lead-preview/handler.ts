import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

/** The lead editor's counts (segmentation/leads.service.ts): the preview of a filter and the geographic count. */
export const handler = createDomainHandler(routes);
