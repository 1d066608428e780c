import * as z from 'zod';
import { BrandInput, BrandUpdate, PartnerInput, PartnerUpdate } from '@freguesia/shared/schemas/catalog';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import {
  allBrands,
  createBrand,
  createPartner,
  getBrand,
  getPartner,
  listBrands,
  listPartners,
  searchBrands,
  searchPartners,
  updateBrand,
  updatePartner,
} from './brands.service';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;

const text = z.string().trim().max(100, 'Busca muito longa.').default('');
const idParam = (message: string) => z.object({ id: z.coerce.number().int().positive(message) });

/** Brands and partners (suppliers): part 2 §7 pickers and lead-condition lookups. */
export const brandRoutes = [
  route({
    method: 'GET',
    path: '/api/web/brands',
    permission: READ,
    query: pageQuery(50, 1000).extend({
      q: text,
      field: z.enum(['reference_code', 'description'], { error: 'Campo de busca inválido.' }).optional(),
    }),
    handler: async ({ service, query }) => listBrands(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/brands/full',
    permission: READ,
    handler: async ({ service }) => allBrands(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/brand/search',
    permission: READ,
    query: z.object({ q: text }),
    handler: async ({ service, query }) => searchBrands(service, query.q),
  }),
  route({
    method: 'GET',
    path: '/api/web/brand/{id}',
    permission: READ,
    params: idParam('Marca inválida.'),
    handler: async ({ service, params }) => getBrand(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/brand/new',
    permission: WRITE,
    body: BrandInput,
    handler: async ({ service, body }) => createBrand(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/brand/update',
    permission: WRITE,
    body: BrandUpdate,
    handler: async ({ service, body }) => updateBrand(service, body),
  }),
  route({
    method: 'GET',
    path: '/api/web/partners',
    permission: READ,
    query: pageQuery(50, 1000).extend({
      q: text,
      field: z.enum(['reference_code', 'name', 'document'], { error: 'Campo de busca inválido.' }).optional(),
    }),
    handler: async ({ service, query }) => listPartners(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/partner/search',
    permission: READ,
    query: z.object({ q: text }),
    handler: async ({ service, query }) => searchPartners(service, query.q),
  }),
  route({
    method: 'GET',
    path: '/api/web/partner/{id}',
    permission: READ,
    params: idParam('Fornecedor inválido.'),
    handler: async ({ service, params }) => getPartner(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/partner/new',
    permission: WRITE,
    body: PartnerInput,
    handler: async ({ service, body }) => createPartner(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/partner/update',
    permission: WRITE,
    body: PartnerUpdate,
    handler: async ({ service, body }) => updatePartner(service, body),
  }),
];
