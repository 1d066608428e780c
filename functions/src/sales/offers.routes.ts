import * as z from 'zod';
import { route } from '../lib/http/route';
import { customerOffers, OFFER_TABS } from './offers.service';

/** GET /web/products/customer (spec part 3 §7; the offers modal's four tabs). */
export const offerRoutes = [
  route({
    method: 'GET',
    path: '/api/web/products/customer',
    permission: { action: 'read', subject: 'Sell' },
    query: z.object({
      page: z.coerce
        .number({ error: 'Página inválida.' })
        .int('Página inválida.')
        .min(1, 'A página deve ser 1 ou maior.')
        .max(10_000, 'Página inválida.')
        .default(1),
      per_page: z.coerce
        .number({ error: 'per_page inválido.' })
        .int('per_page inválido.')
        .min(1, 'per_page deve ser 1 ou maior.')
        .max(50, 'per_page deve ser no máximo 50.')
        .default(20),
      id_store: z.coerce
        .number({ error: 'Informe a loja (id_store).' })
        .int('Informe a loja (id_store).')
        .positive('Informe a loja (id_store).')
        .max(999_999_999, 'Loja inválida.'),
      document: z.string().trim().max(20, 'Documento inválido.').default(''),
      attribute: z
        .enum(OFFER_TABS, { error: 'Aba inválida: exclusive, ongoing, club ou offers.' })
        .default('ongoing'),
    }),
    handler: ({ service, query }) => customerOffers(service, query),
  }),
];
