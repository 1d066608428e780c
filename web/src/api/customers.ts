import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  Basket,
  CustomerEvent,
  CustomerListItem,
  type CustomerContact,
} from '@freguesia/shared/schemas/customer';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, usePagedQuery, type Paginated } from './query';

/**
 * Staff customer calls and their query hooks (spec part 1 §7 "Customers (staff)", part 3 §7
 * baskets). Answers are parsed with the shared customer schemas; the server validates every
 * body with the shared zod schemas (CustomerForm / CustomerUpdate).
 */

export type { Basket, CustomerEvent, CustomerListItem, Paginated };

type YesNo = 'Y' | 'N';

/** GET /web/customer/{id}: every profile field, purchase aggregates, tags, timeline, integrations. */
export interface CustomerDetails {
  id: number;
  type: 'F' | 'J';
  document: string;
  fullname: string;
  identity?: string | null;
  date_birth: string | null;
  gender?: string | null;
  maritial?: string | null;
  favorite_store?: number | null;
  reference_code?: string | null;
  telephone?: string | null;
  cellphone?: string | null;
  email?: string | null;
  cellphone_optout?: YesNo;
  email_optout?: YesNo;
  whatsapp_optout?: YesNo;
  app_optout?: YesNo;
  gdpr_agreement?: YesNo;
  active?: YesNo;
  channel: string;
  zipcode?: string | null;
  address?: string | null;
  number?: string | null;
  complement?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
  id_city?: string | null;
  id_state?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  employer?: string | null;
  occupation?: string | null;
  time?: string | null;
  timer?: string | null;
  home_owner?: string | null;
  income?: number | null;
  limit?: number | null;
  log?: string | null;
  bank?: string | null;
  ag?: string | null;
  agdigit?: string | null;
  acc?: string | null;
  accdigit?: string | null;
  contacts: Partial<CustomerContact>[];
  tags: string[];
  integrations: { partner?: string; code?: string }[];
  has_password?: boolean;
  created_at: string;
  updated_at?: string;
  basket_count: number;
  basket_total?: number;
  average_basket: number;
  dt_last_basket: string | null;
  last_basket_origin: string | null;
  events: CustomerEvent[];
}

/**
 * The details answer: the parts the screens rely on are checked (identity, aggregates, timeline);
 * the many optional profile fields pass through as the record has them.
 */
const CustomerDetailsAnswer = z.looseObject({
  id: z.number(),
  type: z.enum(['F', 'J']),
  document: z.string(),
  fullname: z.string(),
  channel: z.string(),
  created_at: z.string(),
  contacts: z.array(z.looseObject({})).default([]),
  tags: z.array(z.string()).default([]),
  integrations: z
    .array(z.looseObject({ partner: z.string().optional(), code: z.string().optional() }))
    .default([]),
  basket_count: z.number(),
  average_basket: z.number(),
  dt_last_basket: z.string().nullable(),
  last_basket_origin: z.string().nullable(),
  events: z.array(CustomerEvent).default([]),
});

/** Body of POST /web/customer/new and PUT /web/customer/update (plus `id`). */
export interface CustomerPayload {
  id?: number;
  type: 'F' | 'J';
  document: string;
  fullname: string;
  identity: string | null;
  date_birth: string | null;
  gender: string | null;
  maritial: string | null;
  favorite_store: number | null;
  reference_code?: string | null;
  telephone: string | null;
  cellphone: string | null;
  email: string | null;
  cellphone_optout: YesNo;
  email_optout: YesNo;
  whatsapp_optout?: YesNo;
  app_optout?: YesNo;
  gdpr_agreement?: YesNo;
  active?: YesNo;
  tags?: string[];
  password: string | null;
  zipcode: string;
  address: string;
  number: string | null;
  complement: string | null;
  neighborhood: string;
  state: string;
  city: string;
  id_city: string | null;
  id_state: number | null;
  latitude: number | null;
  longitude: number | null;
  employer: string | null;
  occupation: string | null;
  time: string | null;
  timer: 'A' | 'M';
  home_owner: string | null;
  income: number | null;
  limit: number | null;
  log: string | null;
  bank: string | null;
  ag: string | null;
  agdigit: string | null;
  acc: string | null;
  accdigit: string | null;
  contacts: {
    name: string;
    email: string | null;
    telephone: string | null;
    cellphone: string | null;
    type: string;
  }[];
}

export const StoreOption = z.looseObject({
  id: z.number(),
  name: z.string(),
  reference_code: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
export type StoreOption = z.infer<typeof StoreOption>;

export const StorePoint = z.looseObject({
  id: z.number(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StorePoint = z.infer<typeof StorePoint>;

export const Bank = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof Bank>;

export const CUSTOMERS_PAGE_SIZE = 10;
export const PURCHASES_PAGE_SIZE = 15;

/** Every customer query lives under this key: a save, a removal or an association invalidates it. */
const CUSTOMERS = 'customers';

const CustomerPage = paginated(CustomerListItem);
const BasketPage = paginated(Basket);
const BasketWindowPage = BasketPage.extend({
  period: z.object({ gte_date: z.string(), lte_date: z.string() }).optional(),
});

// ---------------------------------------------------------------- calls

export interface CustomerListParams {
  page: number;
  /** Detected by the server: document, e-mail, phone or name. */
  q?: string;
  perPage?: number;
}

export const customerListKey = (params: CustomerListParams) =>
  tenantKey(CUSTOMERS, 'list', {
    page: params.page,
    q: params.q?.trim() ?? '',
    perPage: params.perPage ?? CUSTOMERS_PAGE_SIZE,
  });

/** GET /web/customers. */
export async function listCustomers(
  params: CustomerListParams,
  signal?: AbortSignal,
): Promise<Paginated<CustomerListItem>> {
  const answer = await api.get('/web/customers', {
    query: {
      page: params.page,
      per_page: params.perPage ?? CUSTOMERS_PAGE_SIZE,
      q: params.q?.trim() || undefined,
    },
    signal,
  });
  return parseAnswer(CustomerPage, answer);
}

export async function getCustomer(id: number | string, signal?: AbortSignal): Promise<CustomerDetails> {
  return parseAnswer(
    CustomerDetailsAnswer,
    await api.get(`/web/customer/${id}`, { signal }),
  ) as unknown as CustomerDetails;
}

export const deleteCustomer = (id: number) => api.delete<unknown>('/web/customer/delete', { query: { id } });

/** GET /web/customer/exists/{document}: the owner's id, 0 when the document is unknown. */
export async function customerExists(document: string): Promise<number> {
  const answer = await api.get<unknown>(`/web/customer/exists/${encodeURIComponent(document)}`);
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string') return Number(answer) || 0;
  if (answer && typeof answer === 'object' && 'id' in answer)
    return Number((answer as { id: unknown }).id) || 0;
  return 0;
}

export const createCustomer = (body: CustomerPayload) =>
  api.post<{ id: number } & Record<string, unknown>>('/web/customer/new', body);
export const updateCustomer = (body: CustomerPayload) => api.put<unknown>('/web/customer/update', body);
/** PUT /web/customer/tags: only the customer's tags (the rest of the record is left as it is). */
export const updateCustomerTags = (id: number, tags: string[]) =>
  api.put<unknown>('/web/customer/tags', { id, tags });

/** GET /web/settings/average_baskets_days → its value (null when unset or unreadable). */
export async function averageBasketsDays(signal?: AbortSignal): Promise<string | null> {
  try {
    const answer = await api.get<{ value?: string | null } | null>('/web/settings/average_baskets_days', {
      signal,
    });
    return answer?.value ?? null;
  } catch {
    return null;
  }
}

export interface BasketWindowParams {
  id: number;
  /** YYYY-MM-DD. */
  gteDate: string;
  /** YYYY-MM-DD. */
  lteDate: string;
  page: number;
}

/** GET /web/baskets/get: a customer's purchases in a period, 15 per page, newest first. */
export async function customerBaskets(params: BasketWindowParams, signal?: AbortSignal) {
  const answer = await api.get('/web/baskets/get', {
    query: {
      id: params.id,
      gte_date: params.gteDate,
      lte_date: params.lteDate,
      page: params.page,
      per_page: PURCHASES_PAGE_SIZE,
    },
    signal,
  });
  return parseAnswer(BasketWindowPage, answer);
}

export interface BasketFilter {
  coupon?: string;
  id_store?: number;
  checkout?: string;
  /** YYYY-MM-DD. */
  date?: string;
  /** 'N': only purchases not yet tied to a customer. */
  basket_loyal?: 'Y' | 'N';
  page: number;
  per_page: number;
}

/** GET /web/baskets/filter: purchases to associate with a customer. */
export async function filterBaskets(filter: BasketFilter): Promise<Paginated<Basket>> {
  return parseAnswer(BasketPage, await api.get('/web/baskets/filter', { query: { ...filter } }));
}

/** POST /web/baskets/associate?id_customer=: ties the purchases (ids) to the customer. */
export const associateBaskets = (idCustomer: number, ids: number[]) =>
  api.post<unknown>('/web/baskets/associate', ids, { query: { id_customer: idCustomer } });

// ---------------------------------------------------------------- hooks

/** The stores answer is a bare array, or `{data}` when paged. */
const listOf = (answer: unknown): unknown =>
  Array.isArray(answer) ? answer : ((answer as { data?: unknown } | null)?.data ?? []);

/** One customer's record (`undefined` id: not loaded, e.g. the new-customer form). */
export const useCustomer = (id: number | string | undefined) =>
  useQuery({
    queryKey: tenantKey(CUSTOMERS, 'detail', String(id)),
    queryFn: ({ signal }) => getCustomer(id!, signal),
    enabled: id !== undefined,
  });

/** A customer's purchases in a period. */
export const useBaskets = (params: BasketWindowParams) =>
  usePagedQuery(tenantKey(CUSTOMERS, 'baskets', params), (signal) => customerBaskets(params, signal));

/** The purchases period setting (days), read by the 'Compras' tab. */
export const useAverageBasketsDays = () =>
  useQuery({
    queryKey: tenantKey('settings', 'average_baskets_days'),
    queryFn: ({ signal }) => averageBasketsDays(signal),
  });

/** Stores for the favourite-store select and the basket filter ([] when the call fails). */
export const useStoreOptions = () =>
  useQuery({
    queryKey: tenantKey('catalog', 'stores', 'options'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(StoreOption), listOf(await api.get('/web/stores', { signal }))),
  });

/** Stores with coordinates for the details map. */
export const useStorePoints = () =>
  useQuery({
    queryKey: tenantKey('catalog', 'stores', 'geolocation'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(StorePoint), await api.get('/web/stores/geolocation', { signal })),
  });

/** The bank list of the credit step. */
export const useBanks = () =>
  useQuery({
    queryKey: tenantKey(CUSTOMERS, 'banks'),
    queryFn: async ({ signal }) => parseAnswer(z.array(Bank), await api.get('/web/banks', { signal })),
    staleTime: Infinity,
  });

/** Creates (no `id`) or updates a customer; every customer query is stale afterwards. */
export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: CustomerPayload) =>
      payload.id ? updateCustomer(payload) : createCustomer(payload),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CUSTOMERS) }),
  });
}

export function useSaveCustomerTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: number; tags: string[] }) => updateCustomerTags(id, tags),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CUSTOMERS) }),
  });
}

export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCustomer(id),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CUSTOMERS) }),
  });
}

/** Ties purchases to a customer: the purchases tab and the customer's aggregates refresh. */
export function useAssociateBaskets(idCustomer: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => associateBaskets(idCustomer, ids),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CUSTOMERS) }),
  });
}
