import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DISCOUNT_TYPES, type Campaign } from '@freguesia/shared/schemas/campaign';
import {
  CalendarEntry,
  CampaignDetails,
  CampaignRow,
  CampaignSimple,
} from '@freguesia/shared/schemas/campaign-api';
import { PaymentMethod, Product, type ProductSearchField } from '@freguesia/shared/schemas/catalog';
import { api, ApiError } from './client';
import { exportFileName } from './download';
import { paginated, parseAnswer, tenantKey, type Paginated } from './query';

/**
 * Discount-campaign calls and their query hooks (spec part 2 §7): the paged list, the short list,
 * details, save (new / update), delete, the month calendar and the xlsx export; plus the option
 * lists the wizard loads that the catalogue module does not already offer (every payment method,
 * the product search of the picker, the valid leads). Keys start with the tenant; answers are parsed
 * by the shared schemas of `shared/src/schemas/campaign-api.ts`; mutations invalidate the campaigns.
 */

export type { CalendarEntry, CampaignDetails, CampaignRow, CampaignSimple, Paginated, Product };

/** Campaign lists show 20 rows a page (spec part 2 §2, §9). */
export const CAMPAIGNS_PAGE_SIZE = 20;
/** The product picker's page size (spec part 2 §9: default 50 in the sales wizard). */
export const PRODUCT_PICKER_PAGE_SIZE = 50;
/** The most the catalogue answers in one page (GET /web/products). */
const PRODUCTS_MAX_PAGE = 200;

const CAMPAIGNS = 'campaigns';

const CampaignPage = paginated(CampaignRow);
const SavedAnswer = z.looseObject({ id: z.number() });

// ---------------------------------------------------------------- list

export interface CampaignListFilters {
  /** One type code ('' = every discount type). */
  type: string;
  /** Inactive campaigns too (show_actives=N); by default only active ones. */
  showInactive: boolean;
  /** Only campaigns running today (running_only=Y). */
  runningOnly: boolean;
  /** Running on this day (YYYY-MM-DD), optional. */
  runningAt?: string;
  channelId?: number;
  /** 'Excluídas': the deleted campaigns, kept for history (archived=Y), instead of the live ones. */
  archived?: boolean;
}

export interface CampaignListParams {
  page: number;
  q?: string;
  perPage?: number;
  filters: CampaignListFilters;
}

export const DEFAULT_CAMPAIGN_FILTERS: CampaignListFilters = {
  type: '',
  showInactive: false,
  runningOnly: false,
};

/** The query of GET /web/campaigns for a list's params. Without a type, only the discount types are asked for. */
export function campaignListQuery(params: CampaignListParams) {
  const { filters } = params;
  return {
    page: params.page,
    per_page: params.perPage ?? CAMPAIGNS_PAGE_SIZE,
    q: params.q?.trim() || undefined,
    type: filters.type || undefined,
    types: filters.type ? undefined : DISCOUNT_TYPES.join(','),
    show_actives: filters.showInactive ? 'N' : 'Y',
    running_only: filters.runningOnly ? 'Y' : 'N',
    running_at: filters.runningAt || undefined,
    channel_id: filters.channelId,
    archived: filters.archived ? 'Y' : undefined,
  };
}

export const campaignListKey = (params: CampaignListParams) =>
  tenantKey(CAMPAIGNS, 'list', campaignListQuery(params));

/** GET /web/campaigns (page, per_page, q, type, types, show_actives, running_only, running_at, channel_id). */
export async function listCampaigns(
  params: CampaignListParams,
  signal?: AbortSignal,
): Promise<Paginated<CampaignRow>> {
  const answer = await api.get('/web/campaigns', { query: campaignListQuery(params), signal });
  return parseAnswer(CampaignPage, answer);
}

/** GET /web/campaigns/simple: every campaign, short (pickers). */
export const useCampaignsSimple = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'simple'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(CampaignSimple), await api.get('/web/campaigns/simple', { signal })),
    enabled,
  });

// ---------------------------------------------------------------- one campaign

/** GET /web/campaign/details?id (archived=Y: a deleted campaign, read-only). */
export async function getCampaign(
  id: number | string,
  signal?: AbortSignal,
  archived = false,
): Promise<CampaignDetails> {
  return parseAnswer(
    CampaignDetails,
    await api.get('/web/campaign/details', {
      query: { id, ...(archived ? { archived: 'Y' } : {}) },
      signal,
    }),
  );
}

/** One campaign with its lists (`undefined` id: nothing is fetched). */
export const useCampaign = (
  id: number | string | undefined,
  options: { fresh?: boolean; archived?: boolean } = {},
) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, options.archived ? 'archived' : 'detail', String(id)),
    queryFn: ({ signal }) => getCampaign(id!, signal, options.archived),
    enabled: id !== undefined,
    // The wizard edits what the server has now, never a cached copy.
    ...(options.fresh ? { staleTime: 0, gcTime: 0 } : {}),
  });

/**
 * A campaign of another kind (tickets, lucky numbers, TV) as its editor reads it, parsed by its own
 * schema, always read fresh (`undefined` id: nothing is fetched). `kind` keeps its cache apart.
 */
export const useCampaignOfKind = <S extends z.ZodType>(
  schema: S,
  id: number | string | undefined,
  kind?: string,
  options: { archived?: boolean } = {},
) =>
  useQuery({
    // A deleted one's key never meets the Descontos details' (another shape) under 'archived'.
    queryKey: tenantKey(
      CAMPAIGNS,
      options.archived ? 'archived-of-kind' : 'detail',
      ...(kind ? [kind] : []),
      String(id),
    ),
    queryFn: async ({ signal }) =>
      parseAnswer(
        schema,
        await api.get('/web/campaign/details', {
          query: { id, ...(options.archived ? { archived: 'Y' } : {}) },
          signal,
        }),
      ),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

/** The body of a save: the shared `Campaign` payload, with `id` when updating. */
export type CampaignPayload = z.input<typeof Campaign>;

/** POST /web/campaign/new, or PUT /web/campaign/update with the id → {id} (any kind's payload). */
export async function saveCampaign<B extends { id?: unknown } = CampaignPayload>(
  body: B,
): Promise<{ id: number }> {
  const answer =
    body.id === undefined
      ? await api.post('/web/campaign/new', body)
      : await api.put('/web/campaign/update', body);
  return parseAnswer(SavedAnswer, answer);
}

/** DELETE /web/campaign/delete?id → {id}. */
export async function deleteCampaign(id: number): Promise<{ id: number }> {
  return parseAnswer(SavedAnswer, await api.delete('/web/campaign/delete', { query: { id } }));
}

/** The save of a campaign's editor (`B`: that kind's payload); the campaigns are read again. */
export function useSaveCampaign<B extends { id?: unknown } = CampaignPayload>() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => saveCampaign(body),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

/** POST /web/campaign/duplicate: 'Duplicar' with new dates ('YYYY-MM-DD'); the copy's id and description. */
export async function duplicateCampaign(input: {
  id: number;
  start_at: string;
  end_at: string;
}): Promise<{ id: number; description: string }> {
  return api.post<{ id: number; description: string }>('/web/campaign/duplicate', input);
}

export function useDuplicateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

// ---------------------------------------------------------------- calendar

/** GET /web/campaigns/calendar?start&end (YYYY-MM-DD): campaigns whose period meets the range. */
export const useCampaignCalendar = (start: string, end: string) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'calendar', start, end),
    queryFn: async ({ signal }) =>
      parseAnswer(
        z.array(CalendarEntry),
        await api.get('/web/campaigns/calendar', { query: { start, end }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------- export

/** The server's file name when it sends one, else 'campanha-<id>-<description>.xlsx'. */
export const campaignExportFileName = (
  campaign: { id: number; description: string },
  disposition: string | null,
): string => exportFileName(campaign, disposition, 'campanha', 'xlsx');

// ---------------------------------------------------------------- option lists of the wizard

/** GET /web/payments, every method (one page of up to 1000): the DBP multiselect. */
export const useCampaignPaymentMethods = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'payments'),
    queryFn: async ({ signal }) =>
      parseAnswer(
        paginated(PaymentMethod),
        await api.get('/web/payments', { query: { page: 1, per_page: 1000 }, signal }),
      ).data,
    enabled,
    staleTime: 60_000,
  });

const ValidLead = z.looseObject({
  id: z.number(),
  description: z.string(),
  population: z.number().optional(),
});
export type ValidLead = z.output<typeof ValidLead>;

/** GET /web/leads/valid: the leads a campaign may aim at now. */
export const useValidLeads = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'valid-leads'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(ValidLead), await api.get('/web/leads/valid', { signal })),
    enabled,
    staleTime: 60_000,
  });

export interface ProductPickerQuery {
  page: number;
  per_page: number;
  q: string;
  field: ProductSearchField;
  /** The store whose prices are shown (price simulation). */
  id_store?: number;
}

/** GET /web/products (page, per_page, q, field, id_store). */
export async function searchCampaignProducts(
  query: ProductPickerQuery,
  signal?: AbortSignal,
): Promise<Paginated<Product>> {
  const answer = await api.get('/web/products', {
    query: { ...query, q: query.q.trim() || undefined, field: query.q.trim() ? query.field : undefined },
    signal,
  });
  return parseAnswer(paginated(Product), answer);
}

/** One page of the product picker (the previous page stays while the next loads). */
export const useCampaignProductSearch = (query: ProductPickerQuery, enabled = true) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'products', query),
    queryFn: ({ signal }) => searchCampaignProducts(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * Every product matching the picker's search ('Selecionar todos'), read in pages of 200, at most
 * `max` of them.
 */
export async function allMatchingProducts(
  query: Omit<ProductPickerQuery, 'page' | 'per_page'>,
  max: number,
  signal?: AbortSignal,
): Promise<{ products: Product[]; total: number }> {
  const products: Product[] = [];
  let total = 0;
  for (let page = 1; products.length < max; page++) {
    const answer = await searchCampaignProducts({ ...query, page, per_page: PRODUCTS_MAX_PAGE }, signal);
    total = answer.pagination.total;
    products.push(...answer.data);
    if (answer.data.length < PRODUCTS_MAX_PAGE || page >= answer.pagination.last_page) break;
  }
  return { products: products.slice(0, max), total };
}

/** GET /web/product/find?code (EAN) → the product, or null when the catalogue does not have it (404). */
export async function findProductByCode(
  code: string,
  idStore?: number,
  signal?: AbortSignal,
): Promise<Product | null> {
  try {
    return parseAnswer(
      Product,
      await api.get('/web/product/find', { query: { code, id_store: idStore }, signal }),
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
