import { GeoPolygon, LeadPreview } from '@freguesia/shared/schemas/segmentation';
import { route } from '../lib/http/route';
import { countGeolocation, previewLead } from '../segmentation/leads.service';

const WRITE = { action: 'write', subject: 'Leads' } as const;

/**
 * The counts of the lead editor (spec part 1 §7 'Leads and tags'), kept by the segmentation domain
 * (leads.service.ts) and served from a function of their own: answered while a filter or a polygon
 * is being drawn, they run the evaluator and the geographic index, not the saves, members, tags and
 * lead-use checks of the lead API (the `segmentation` function).
 */
export const routes = [
  /** The population of a filter being edited: {population}. */
  route({
    method: 'POST',
    path: '/api/web/leads/preview',
    permission: WRITE,
    body: LeadPreview,
    handler: ({ service, body }) => previewLead(service, body.filter),
  }),
  /** Customers inside a drawn polygon: {population, customers}. */
  route({
    method: 'POST',
    path: '/api/web/geolocation/count',
    permission: WRITE,
    body: GeoPolygon,
    maxBodyBytes: 256 * 1024,
    handler: ({ service, body }) => countGeolocation(service, body.polygon),
  }),
];
