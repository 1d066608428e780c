import { z } from 'zod';
import { BrandInput, BrandUpdate, PartnerInput, PartnerUpdate, type Brand, type Partner } from '@freguesia/shared/schemas/catalog';
import { documentDigits } from '@freguesia/shared/domain/document';
import { pageQuery, paginateArray } from '../lib/ddb/pagination';
import { notFound } from '../lib/errors';
import { route } from '../lib/http/route';
import { BRAND_NOT_FOUND, brandsRepository, PARTNER_NOT_FOUND, partnersRepository } from './brands.repository';
import type { BrandItem, PartnerItem } from './entities';
import { byLabel, containsText, rankByText } from './text-filter';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;
const SEARCH_LIMIT = 20;

export const brandAnswer = (b: BrandItem): Brand => ({
  id: b.id,
  reference_code: b.reference_code,
  description: b.description,
  created_at: b.createdAt ?? '',
});

export const partnerAnswer = (p: PartnerItem): Partner => ({
  id: p.id,
  reference_code: p.reference_code,
  name: p.name,
  document: p.document ?? '',
  created_at: p.createdAt ?? '',
});

function brandMatches(b: BrandItem, q: string, field?: 'reference_code' | 'description'): boolean {
  if (!q) return true;
  if (field === 'reference_code') return containsText(b.reference_code, q);
  if (field === 'description') return containsText(b.description, q);
  return containsText(b.description, q) || containsText(b.reference_code, q);
}

function partnerMatches(p: PartnerItem, q: string, field?: 'reference_code' | 'name' | 'document'): boolean {
  if (!q) return true;
  const digits = documentDigits(q);
  const byDocument = digits.length > 0 && (p.document ?? '').includes(digits);
  if (field === 'reference_code') return containsText(p.reference_code, q);
  if (field === 'name') return containsText(p.name, q);
  if (field === 'document') return byDocument;
  return containsText(p.name, q) || containsText(p.reference_code, q) || byDocument;
}

const text = z.string().trim().max(100, 'Busca muito longa.').default('');
const idParam = (message: string) => z.object({ id: z.coerce.number().int().positive(message) });

/** Brands and partners (suppliers): part 2 §7 pickers and lead-condition lookups. */
export const brandRoutes = [
  route({
    method: 'GET',
    path: '/api/web/brands',
    permission: READ,
    query: pageQuery(50, 1000).extend({ q: text, field: z.enum(['reference_code', 'description'], { error: 'Campo de busca inválido.' }).optional() }),
    handler: async ({ tenant, query }) => {
      const all = (await brandsRepository(tenant.id).all()).sort(byLabel((b) => b.description));
      return paginateArray(all.filter((b) => brandMatches(b, query.q, query.field)).map(brandAnswer), query.page, query.per_page);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/brands/full',
    permission: READ,
    handler: async ({ tenant }) => (await brandsRepository(tenant.id).all()).sort(byLabel((b) => b.description)).map(brandAnswer),
  }),
  route({
    method: 'GET',
    path: '/api/web/brand/search',
    permission: READ,
    query: z.object({ q: text }),
    handler: async ({ tenant, query }) => {
      const found = (await brandsRepository(tenant.id).all()).filter((b) => brandMatches(b, query.q));
      return rankByText(found, (b) => b.description, query.q).slice(0, SEARCH_LIMIT).map(brandAnswer);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/brand/{id}',
    permission: READ,
    params: idParam('Marca inválida.'),
    handler: async ({ tenant, params }) => {
      const brand = await brandsRepository(tenant.id).get(params.id);
      if (!brand) throw notFound(BRAND_NOT_FOUND);
      return brandAnswer(brand);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/brand/new',
    permission: WRITE,
    body: BrandInput,
    handler: async ({ tenant, body }) => brandAnswer(await brandsRepository(tenant.id).create(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/brand/update',
    permission: WRITE,
    body: BrandUpdate,
    handler: async ({ tenant, body: { id, ...input } }) => brandAnswer(await brandsRepository(tenant.id).update(id, input)),
  }),
  route({
    method: 'GET',
    path: '/api/web/partners',
    permission: READ,
    query: pageQuery(50, 1000).extend({
      q: text,
      field: z.enum(['reference_code', 'name', 'document'], { error: 'Campo de busca inválido.' }).optional(),
    }),
    handler: async ({ tenant, query }) => {
      const all = (await partnersRepository(tenant.id).all()).sort(byLabel((p) => p.name));
      return paginateArray(all.filter((p) => partnerMatches(p, query.q, query.field)).map(partnerAnswer), query.page, query.per_page);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/partner/search',
    permission: READ,
    query: z.object({ q: text }),
    handler: async ({ tenant, query }) => {
      const found = (await partnersRepository(tenant.id).all()).filter((p) => partnerMatches(p, query.q));
      return rankByText(found, (p) => p.name, query.q).slice(0, SEARCH_LIMIT).map(partnerAnswer);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/partner/{id}',
    permission: READ,
    params: idParam('Fornecedor inválido.'),
    handler: async ({ tenant, params }) => {
      const partner = await partnersRepository(tenant.id).get(params.id);
      if (!partner) throw notFound(PARTNER_NOT_FOUND);
      return partnerAnswer(partner);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/partner/new',
    permission: WRITE,
    body: PartnerInput,
    handler: async ({ tenant, body }) => partnerAnswer(await partnersRepository(tenant.id).create(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/partner/update',
    permission: WRITE,
    body: PartnerUpdate,
    handler: async ({ tenant, body: { id, ...input } }) => partnerAnswer(await partnersRepository(tenant.id).update(id, input)),
  }),
];
