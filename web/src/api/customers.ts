import type { Basket, CustomerContact, CustomerEvent, CustomerListItem } from '@freguesia/shared/schemas/customer';
import { api } from './client';

/**
 * Staff customer calls (spec part 1 §7 "Customers (staff)", part 3 §7 baskets).
 * Answers are typed with the shared customer types; the server validates every body with
 * the shared zod schemas (CustomerForm / CustomerUpdate), so the client does not re-parse.
 */

export type { Basket, CustomerEvent, CustomerListItem };

export interface Paginated<T> {
  data: T[];
  pagination: { total: number; page: number; per_page: number; last_page: number; estimated?: boolean };
}

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
  contacts: { name: string; email: string | null; telephone: string | null; cellphone: string | null; type: string }[];
}

export interface StoreOption {
  id: number;
  name: string;
  reference_code?: string;
  city?: string;
  state?: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface StorePoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  [key: string]: unknown;
}

export interface Bank {
  code: string;
  name: string;
}

export const CUSTOMERS_PAGE_SIZE = 10;
export const PURCHASES_PAGE_SIZE = 15;

/** GET /web/customers: `q` is detected by the server (document, e-mail, phone or name). */
export function listCustomers(params: { page: number; q?: string; perPage?: number }, signal?: AbortSignal) {
  return api.get<Paginated<CustomerListItem>>('/web/customers', {
    query: { page: params.page, per_page: params.perPage ?? CUSTOMERS_PAGE_SIZE, q: params.q?.trim() || undefined },
    signal,
  });
}

export const getCustomer = (id: number | string) => api.get<CustomerDetails>(`/web/customer/${id}`);

export const deleteCustomer = (id: number) => api.delete<unknown>('/web/customer/delete', { query: { id } });

/** GET /web/customer/exists/{document}: the owner's id, 0 when the document is unknown. */
export async function customerExists(document: string): Promise<number> {
  const answer = await api.get<unknown>(`/web/customer/exists/${encodeURIComponent(document)}`);
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string') return Number(answer) || 0;
  if (answer && typeof answer === 'object' && 'id' in answer) return Number((answer as { id: unknown }).id) || 0;
  return 0;
}

export const createCustomer = (body: CustomerPayload) => api.post<{ id: number } & Record<string, unknown>>('/web/customer/new', body);
export const updateCustomer = (body: CustomerPayload) => api.put<unknown>('/web/customer/update', body);

/** Stores for the favourite-store select and the basket filter. */
export const listStores = () => api.get<StoreOption[]>('/web/stores');
/** Stores with coordinates for the details map. */
export const storesGeolocation = () => api.get<StorePoint[]>('/web/stores/geolocation');
export const listBanks = () => api.get<Bank[]>('/web/banks');

/** GET /web/settings/average_baskets_days → its value (null when unset or unreadable). */
export async function averageBasketsDays(): Promise<string | null> {
  try {
    const answer = await api.get<{ value?: string | null } | null>('/web/settings/average_baskets_days');
    return answer?.value ?? null;
  } catch {
    return null;
  }
}

/** GET /web/baskets/get: a customer's purchases in a period (YYYY-MM-DD bounds), 15 per page, newest first. */
export const customerBaskets = (params: { id: number; gteDate: string; lteDate: string; page: number }, signal?: AbortSignal) =>
  api.get<Paginated<Basket> & { period?: { gte_date: string; lte_date: string } }>('/web/baskets/get', {
    query: { id: params.id, gte_date: params.gteDate, lte_date: params.lteDate, page: params.page, per_page: PURCHASES_PAGE_SIZE },
    signal,
  });

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
export const filterBaskets = (filter: BasketFilter) =>
  api.get<Paginated<Basket>>('/web/baskets/filter', { query: { ...filter } });

/** POST /web/baskets/associate?id_customer=: ties the purchases (ids) to the customer. */
export const associateBaskets = (idCustomer: number, ids: number[]) =>
  api.post<unknown>('/web/baskets/associate', ids, { query: { id_customer: idCustomer } });
