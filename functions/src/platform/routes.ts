import { z } from 'zod';
import { listBanks, listCities, listStates, searchCities, isUf } from '@freguesia/shared/domain/reference';
import { config } from '../lib/config';
import { InvalidError } from '../lib/errors';
import { route } from '../lib/http/route';

/**
 * Health, tenant theme and Brazilian reference data (part 1 §3, §7). Reference data is
 * public (the self-registration portal needs cities too) and identical for every tenant.
 */
export const routes = [
  route({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    handler: async () => ({ status: 'ok', version: config.version }),
  }),
  route({
    method: 'GET',
    path: '/api/web/tenant',
    auth: 'public',
    handler: async ({ tenant }) => ({ tenant: tenant.id, name: tenant.name, primary_color: tenant.primaryColor }),
  }),
  route({
    method: 'GET',
    path: '/api/web/states',
    auth: 'public',
    handler: async () => listStates(),
  }),
  route({
    method: 'GET',
    path: '/api/web/cities',
    auth: 'public',
    query: z.object({ state: z.string({ error: 'Informe o estado (UF).' }).trim().toUpperCase() }),
    handler: async ({ query }) => {
      if (!isUf(query.state)) throw new InvalidError({ state: 'Estado (UF) inválido.' }, 'Estado (UF) inválido.');
      return listCities(query.state);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/cities/search',
    auth: 'public',
    query: z.object({ q: z.string().trim().max(60, 'Busca muito longa.').default('') }),
    handler: async ({ query }) => searchCities(query.q),
  }),
  route({
    method: 'GET',
    path: '/api/web/banks',
    auth: 'public',
    handler: async () => listBanks(),
  }),
];
