import { leadRoutes } from './leads.routes';
import { tagRoutes } from './tags.routes';

/** The segmentation domain: leads (with the geographic count) and tags. */
export const routes = [...leadRoutes, ...tagRoutes];
