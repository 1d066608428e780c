import { leadRoutes } from './leads.routes';
import { tagRoutes } from './tags.routes';

/** The segmentation domain: leads and tags (the editor's preview and geographic count: src/lead-preview). */
export const routes = [...leadRoutes, ...tagRoutes];
