import { documentDigits } from '@freguesia/shared/domain/document';
import type { Brand, BrandInput, Partner, PartnerInput } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { paginateArray, type Paginated } from '../lib/ddb/pagination';
import { notFound } from '../lib/errors';
import {
  BRAND_NOT_FOUND,
  brandsRepository,
  PARTNER_NOT_FOUND,
  partnersRepository,
} from './brands.repository';
import type { BrandItem, PartnerItem } from './entities';
import { byLabel, containsText, rankByText } from './text-filter.model';

/**
 * Brands and partners (suppliers): part 2 §7 pickers and lead-condition lookups. Small
 * collections read whole per tenant and filtered in memory (accents and case ignored).
 */

/** How many matches the pickers' search answers. */
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

export type BrandField = 'reference_code' | 'description';
export type PartnerField = 'reference_code' | 'name' | 'document';

function brandMatches(b: BrandItem, q: string, field?: BrandField): boolean {
  if (!q) return true;
  if (field === 'reference_code') return containsText(b.reference_code, q);
  if (field === 'description') return containsText(b.description, q);
  return containsText(b.description, q) || containsText(b.reference_code, q);
}

function partnerMatches(p: PartnerItem, q: string, field?: PartnerField): boolean {
  if (!q) return true;
  const digits = documentDigits(q);
  const byDocument = digits.length > 0 && (p.document ?? '').includes(digits);
  if (field === 'reference_code') return containsText(p.reference_code, q);
  if (field === 'name') return containsText(p.name, q);
  if (field === 'document') return byDocument;
  return containsText(p.name, q) || containsText(p.reference_code, q) || byDocument;
}

interface ListQuery<F> {
  q: string;
  field?: F | undefined;
  page: number;
  per_page: number;
}

const sortedBrands = async (ctx: ServiceContext) =>
  (await brandsRepository(ctx.tenant).all()).sort(byLabel((b) => b.description));
const sortedPartners = async (ctx: ServiceContext) =>
  (await partnersRepository(ctx.tenant).all()).sort(byLabel((p) => p.name));

/** Brands by description, filtered by `q` on `field` (or both fields), paged. */
export async function listBrands(
  ctx: ServiceContext,
  query: ListQuery<BrandField>,
): Promise<Paginated<Brand>> {
  const all = await sortedBrands(ctx);
  return paginateArray(
    all.filter((b) => brandMatches(b, query.q, query.field)).map(brandAnswer),
    query.page,
    query.per_page,
  );
}

/** Every brand by description. */
export async function allBrands(ctx: ServiceContext): Promise<Brand[]> {
  return (await sortedBrands(ctx)).map(brandAnswer);
}

/** The picker's search: the first matches, prefix matches first. */
export async function searchBrands(ctx: ServiceContext, q: string): Promise<Brand[]> {
  const found = (await brandsRepository(ctx.tenant).all()).filter((b) => brandMatches(b, q));
  return rankByText(found, (b) => b.description, q)
    .slice(0, SEARCH_LIMIT)
    .map(brandAnswer);
}

export async function getBrand(ctx: ServiceContext, id: number): Promise<Brand> {
  const brand = await brandsRepository(ctx.tenant).get(id);
  if (!brand) throw notFound(BRAND_NOT_FOUND);
  return brandAnswer(brand);
}

export async function createBrand(ctx: ServiceContext, input: BrandInput): Promise<Brand> {
  return brandAnswer(await brandsRepository(ctx.tenant).create(input));
}

export async function updateBrand(
  ctx: ServiceContext,
  { id, ...input }: BrandInput & { id: number },
): Promise<Brand> {
  return brandAnswer(await brandsRepository(ctx.tenant).update(id, input));
}

/** Partners by name, filtered by `q` on `field` (or every field; digits also match the CNPJ), paged. */
export async function listPartners(
  ctx: ServiceContext,
  query: ListQuery<PartnerField>,
): Promise<Paginated<Partner>> {
  const all = await sortedPartners(ctx);
  return paginateArray(
    all.filter((p) => partnerMatches(p, query.q, query.field)).map(partnerAnswer),
    query.page,
    query.per_page,
  );
}

export async function searchPartners(ctx: ServiceContext, q: string): Promise<Partner[]> {
  const found = (await partnersRepository(ctx.tenant).all()).filter((p) => partnerMatches(p, q));
  return rankByText(found, (p) => p.name, q)
    .slice(0, SEARCH_LIMIT)
    .map(partnerAnswer);
}

export async function getPartner(ctx: ServiceContext, id: number): Promise<Partner> {
  const partner = await partnersRepository(ctx.tenant).get(id);
  if (!partner) throw notFound(PARTNER_NOT_FOUND);
  return partnerAnswer(partner);
}

export async function createPartner(ctx: ServiceContext, input: PartnerInput): Promise<Partner> {
  return partnerAnswer(await partnersRepository(ctx.tenant).create(input));
}

export async function updatePartner(
  ctx: ServiceContext,
  { id, ...input }: PartnerInput & { id: number },
): Promise<Partner> {
  return partnerAnswer(await partnersRepository(ctx.tenant).update(id, input));
}
