import {
  ShortLinkIdParams,
  ShortLinkInput,
  ShortLinkListQuery,
  ShortLinkVisitsQuery,
} from '@freguesia/shared/schemas/shortlink';
import { requestOrigin as originOf } from '../lib/http/origin';
import { route } from '../lib/http/route';
import {
  createShortLink,
  deleteShortLink,
  listShortLinks,
  shortLinkVisits,
  updateShortLink,
} from './shortlinks.service';

const READ = { action: 'read', subject: 'Shortlink' } as const;
const WRITE = { action: 'write', subject: 'Shortlink' } as const;

/** Short links (spec part 3 §7 'CMS, short links…'): GET/POST/PUT/DELETE /web/shortlinks. */
export const shortLinkRoutes = [
  route({
    method: 'GET',
    path: '/api/web/shortlinks',
    permission: READ,
    query: ShortLinkListQuery,
    handler: ({ service, query, event }) => listShortLinks(service, query, originOf(event)),
  }),
  route({
    method: 'POST',
    path: '/api/web/shortlinks',
    permission: WRITE,
    body: ShortLinkInput,
    handler: ({ service, body, event }) => createShortLink(service, body, originOf(event)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/shortlinks/{id}',
    permission: WRITE,
    params: ShortLinkIdParams,
    body: ShortLinkInput,
    handler: ({ service, params, body, event }) => updateShortLink(service, params.id, body, originOf(event)),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/shortlinks/{id}',
    permission: WRITE,
    params: ShortLinkIdParams,
    handler: async ({ service, params }) => {
      await deleteShortLink(service, params.id);
      return { ok: true, id: params.id };
    },
  }),
  /** Beyond the spec: visits per day of a link (`days` 1–180, default 30). */
  route({
    method: 'GET',
    path: '/api/web/shortlinks/{id}/visits',
    permission: READ,
    params: ShortLinkIdParams,
    query: ShortLinkVisitsQuery,
    handler: ({ service, params, query }) => shortLinkVisits(service, params.id, query.days),
  }),
];
