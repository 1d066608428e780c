import * as z from 'zod';
import { HttpResponse, json } from '../lib/http/response';
import { route } from '../lib/http/route';
import { regenerateTvLinks, tvLinks, tvPrices, tvScreen } from './tv.service';

/**
 * TV price screens (spec part 2 §2.2; paths not shown by the spec, ours): the links of a TV
 * campaign's screens and the wizard's price simulation for staff, and the public screen.
 */

const NOT_FOUND = 'Campanha não encontrada.';
const campaignId = z.coerce
  .number({ error: NOT_FOUND })
  .int(NOT_FOUND)
  .positive(NOT_FOUND)
  .max(Number.MAX_SAFE_INTEGER, NOT_FOUND);
const STORE = 'Selecione uma loja para simular os preços';

export const tvRoutes = [
  route({
    method: 'GET',
    path: '/api/web/tv/links',
    permission: { action: 'read', subject: 'Campaigns' },
    query: z.object({ id: campaignId }),
    handler: async ({ service, query }) => ({ data: await tvLinks(service, query.id) }),
  }),
  route({
    method: 'POST',
    path: '/api/web/tv/links/regenerate',
    permission: { action: 'write', subject: 'Campaigns' },
    body: z.object({ id: campaignId }),
    handler: async ({ service, body }) => ({ data: await regenerateTvLinks(service, body.id) }),
  }),
  route({
    method: 'GET',
    path: '/api/web/tv/prices',
    permission: { action: 'read', subject: 'Campaigns' },
    query: z.object({
      id_store: z.coerce
        .number({ error: STORE })
        .int(STORE)
        .positive(STORE)
        .max(Number.MAX_SAFE_INTEGER, STORE),
      codes: z
        .string()
        .default('')
        .transform((v) =>
          v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(z.string().regex(/^\d{1,14}$/, 'Código de produto inválido.'))
            .max(100, 'Consulte no máximo 100 produtos.'),
        ),
    }),
    handler: async ({ service, query }) => ({ data: await tvPrices(service, query.id_store, query.codes) }),
  }),
  /**
   * The public screen: the link's fragment comes in the `x-tv-token` header (never in the URL, so
   * it is in no access log). The answer's ETag is the screen's version; a poll with the same
   * `If-None-Match` gets a 304 without a body.
   */
  route({
    method: 'GET',
    path: '/api/tv/screen',
    auth: 'public',
    handler: async ({ service, event }) => {
      const token = (event.headers?.['x-tv-token'] ?? '').slice(0, 200);
      const screen = await tvScreen(service, token);
      const etag = `"${screen.version}"`;
      const headers = { etag, 'cache-control': 'no-cache' };
      if (event.headers?.['if-none-match'] === etag) return new HttpResponse(304, '', headers);
      return json(200, screen, headers);
    },
  }),
];
