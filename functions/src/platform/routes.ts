import * as z from 'zod';
import { route } from '../lib/http/route';
import { banks, citiesOf, findCities, health, states, tenantTheme } from './service';

/** Health, tenant theme and Brazilian reference data (part 1 §3, §7); public but tenant-bound, except health. */
export const routes = [
  route({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    handler: async ({ service }) => health(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/tenant',
    auth: 'public',
    handler: async ({ service }) => tenantTheme(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/states',
    auth: 'public',
    handler: async ({ service }) => states(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/cities',
    auth: 'public',
    query: z.object({ state: z.string({ error: 'Informe o estado (UF).' }).trim().toUpperCase() }),
    handler: async ({ service, query }) => citiesOf(service, query.state),
  }),
  route({
    method: 'GET',
    path: '/api/web/cities/search',
    auth: 'public',
    query: z.object({ q: z.string().trim().max(60, 'Busca muito longa.').default('') }),
    handler: async ({ service, query }) => findCities(service, query.q),
  }),
  route({
    method: 'GET',
    path: '/api/web/banks',
    auth: 'public',
    handler: async ({ service }) => banks(service),
  }),
];
