import * as z from 'zod';
import { route } from '../lib/http/route';
import { findAddressByCep, findLocation } from './lookups.service';

/** Staff proxies of the postal-code and geocoding services; any signed-in staff user may call them. */
export const lookupRoutes = [
  route({
    method: 'GET',
    path: '/api/web/cep/{cep}',
    permission: null,
    params: z.object({ cep: z.string() }),
    handler: async ({ service, params }) => findAddressByCep(service, params.cep),
  }),
  route({
    method: 'GET',
    path: '/api/web/geocode',
    permission: null,
    query: z.object({
      address: z.string({ error: 'Informe o endereço.' }).trim().min(1, 'Informe o endereço.').max(200),
      number: z.string().trim().max(20).optional(),
      city: z.string({ error: 'Informe a cidade.' }).trim().min(1, 'Informe a cidade.').max(100),
      state: z.string({ error: 'Informe o estado (UF).' }).trim().min(1, 'Informe o estado (UF).').max(40),
    }),
    handler: async ({ service, query }) => findLocation(service, query),
  }),
];
