import * as z from 'zod';
import { PriceSetInput } from '@freguesia/shared/schemas/catalog';
import { route } from '../lib/http/route';
import { listPrices, savePrices } from './prices.service';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;

/** Prices per product per store (spec part 1 §7); rules in prices.service.ts. */
export const priceRoutes = [
  route({
    method: 'GET',
    path: '/api/web/prices',
    permission: READ,
    query: z.object({
      id_product: z.coerce.number({ error: 'Mercadoria inválida.' }).int().positive('Mercadoria inválida.'),
      id_store: z.coerce
        .number({ error: 'Loja inválida.' })
        .int('Loja inválida.')
        .positive('Loja inválida.')
        .optional(),
    }),
    handler: async ({ service, query }) => listPrices(service, query),
  }),
  route({
    method: 'POST',
    path: '/api/web/price/new',
    permission: WRITE,
    body: PriceSetInput,
    maxBodyBytes: 256 * 1024,
    handler: async ({ service, body }) => savePrices(service, body),
  }),
];
