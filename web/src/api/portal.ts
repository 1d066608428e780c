import type { PortalCustomerRecord } from '@freguesia/shared/schemas/customer';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryClient, tenantKey } from './query-client';
import type { CepAnswer } from '@freguesia/shared/schemas/catalog';

/**
 * Calls of the public customer portal (/cadastro, spec part 1 §7 "Session and portal").
 *
 * None of them carries the staff session: public calls go with `auth: 'none'` and the
 * customer's own calls with `auth: {token}` (the customer token from /customer/login). So a
 * 401 here is a wrong password or an expired customer token — never the staff 'Token' logout.
 *
 * Kept free of zod and Cloudscape: this module is part of the portal's small bundle.
 *
 * Reads are TanStack queries (tenant first in every key, `portalKey`); the page also runs them
 * imperatively inside its steps with `queryClient.fetchQuery(...Query())`, sharing the cache.
 * The writes are mutations.
 */

/** One key of GET /api/customer/settings. */
export interface PortalSettingEntry {
  key: string;
  value: string | null;
}

/** An interest tag as the portal lists it (only the description is used). */
export interface PortalTag {
  id?: number;
  description: string;
}

/** /api/customer/login answer: `id` '0' or null means no such customer. */
export interface PortalLoginAnswer {
  id: number | string | null;
  token?: string | null;
}

/** GET /api/customer/cep/{cep} (and the staff /web/cep/{cep}) answer. */
export type PortalCepAnswer = CepAnswer;

/** One municipality of GET /api/web/cities?state=UF. */
export interface PortalCity {
  ibge: string;
  city: string;
  state: string;
}

/** The payload POST /customer/public/new and PUT /customer/update take (spec part 1 §3). */
export type PortalPayload = Record<string, unknown>;

const PUBLIC = { auth: 'none' } as const;
const asCustomer = (token: string) => ({ auth: { token } }) as const;

/** Lists that may come bare, as `{data: [...]}` or as `{data: {data: [...]}}` (GET /tags). */
function listOf<T>(body: unknown): T[] {
  let value: unknown = body;
  for (let depth = 0; depth < 3 && value && !Array.isArray(value) && typeof value === 'object'; depth++) {
    value = (value as { data?: unknown }).data;
  }
  return Array.isArray(value) ? (value as T[]) : [];
}

function tagsOf(body: unknown): PortalTag[] {
  return listOf<PortalTag | string>(body)
    .map((tag) => (typeof tag === 'string' ? { description: tag } : tag))
    .filter((tag): tag is PortalTag => typeof tag?.description === 'string' && tag.description.trim() !== '');
}

/** GET /api/customer/settings: the portal's public key/value settings. */
export async function fetchPortalSettings(signal?: AbortSignal): Promise<PortalSettingEntry[]> {
  return listOf<PortalSettingEntry>(await apiRequest('/customer/settings', { ...PUBLIC, signal }));
}

/** GET /api/web/tags/public: the interest tags offered to visitors. */
export async function fetchPublicTags(): Promise<PortalTag[]> {
  return tagsOf(await apiRequest('/web/tags/public', PUBLIC));
}

/** GET /api/tags with the customer token (the spec also passes it as `token` in the query). */
export async function fetchCustomerTags(token: string): Promise<PortalTag[]> {
  return tagsOf(await apiRequest('/tags', { ...asCustomer(token), query: { token } }));
}

/**
 * GET /api/customer/exists?document=: empty answer when unknown, `{id}` when registered.
 * Returns the id, or undefined when the document is not in the base.
 */
export async function customerExists(document: string): Promise<number | undefined> {
  const body = await apiRequest<unknown>('/customer/exists', { ...PUBLIC, query: { document } });
  if (!body || typeof body !== 'object') return undefined;
  const id = Number((body as { id?: unknown }).id);
  return Number.isFinite(id) && id > 0 ? id : undefined;
}

/**
 * POST /api/customer/login `{document, password}` → `{id, token}`; 401 on a wrong password.
 * The spec's GET with the password in the query string stays open for its clients, but the
 * portal never puts a password in a URL (access logs, proxies, browser history).
 */
export function customerLogin(document: string, password: string): Promise<PortalLoginAnswer | undefined> {
  return apiRequest<PortalLoginAnswer | undefined>('/customer/login', {
    ...PUBLIC,
    method: 'POST',
    body: { document, password },
  });
}

/** Whether a login answer names a customer (the spec: id '0' or null means none). */
export function isKnownCustomer(
  answer: PortalLoginAnswer | undefined,
): answer is PortalLoginAnswer & { token: string } {
  if (!answer || answer.id === null || answer.id === undefined) return false;
  const id = String(answer.id).trim();
  return id !== '' && id !== '0' && typeof answer.token === 'string' && answer.token !== '';
}

/** POST /api/customer/public/new: a visitor registers (status 200 is success). */
export function registerCustomer(payload: PortalPayload): Promise<unknown> {
  return apiRequest('/customer/public/new', { ...PUBLIC, method: 'POST', body: payload });
}

/** GET /api/customer/me with the customer token. */
export function fetchMe(token: string): Promise<PortalCustomerRecord> {
  return apiRequest<PortalCustomerRecord>('/customer/me', asCustomer(token));
}

/** PUT /api/customer/update with the customer token (status 200 is success). */
export function updateMe(token: string, payload: PortalPayload): Promise<unknown> {
  return apiRequest('/customer/update', { ...asCustomer(token), method: 'PUT', body: payload });
}

/** Public, rate-limited postal-code lookup; undefined when the CEP is not found. */
export async function lookupCep(cep: string): Promise<PortalCepAnswer | undefined> {
  const answer = await apiRequest<PortalCepAnswer | undefined>(
    `/customer/cep/${encodeURIComponent(cep)}`,
    PUBLIC,
  );
  return answer && typeof answer === 'object' && answer.city ? answer : undefined;
}

/** GET /api/web/cities?state=UF (public reference data). */
export async function fetchCities(state: string): Promise<PortalCity[]> {
  return listOf<PortalCity>(await apiRequest('/web/cities', { ...PUBLIC, query: { state } }));
}

// ------------------------------------------------------------------ queries and mutations

/** A query key of the portal: `[tenant, 'portal', ...parts]`. */
export const portalKey = (...parts: unknown[]) => tenantKey('portal', ...parts);

/** GET /api/customer/settings. The register step reads it again (`fetchQuery` with `staleTime: 0`). */
export const portalSettingsQuery = () =>
  queryOptions({
    queryKey: portalKey('settings'),
    queryFn: ({ signal }) => fetchPortalSettings(signal),
    retry: false,
  });

export function usePortalSettings() {
  return useQuery(portalSettingsQuery());
}

/** The interest tags offered to a visitor (public list). */
export const publicTagsQuery = () =>
  queryOptions({ queryKey: portalKey('tags', 'public'), queryFn: fetchPublicTags, staleTime: 0 });

/** The interest tags offered to a signed-in customer. */
export const customerTagsQuery = (token: string) =>
  queryOptions({
    queryKey: portalKey('tags', 'customer', token),
    queryFn: () => fetchCustomerTags(token),
    staleTime: 0,
    retry: false,
  });

/** GET /api/customer/me: the signed-in customer's record, always fresh. */
export const customerMeQuery = (token: string) =>
  queryOptions({
    queryKey: portalKey('me', token),
    queryFn: () => fetchMe(token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useCustomerMe(token: string | undefined) {
  return useQuery({ ...customerMeQuery(token ?? ''), enabled: Boolean(token) });
}

/** The municipalities of a UF: reference data, kept for the whole visit. */
export const citiesQuery = (state: string) =>
  queryOptions({
    queryKey: portalKey('cities', state),
    queryFn: () => fetchCities(state),
    staleTime: Infinity,
  });

export function useCities(state: string) {
  return useQuery(citiesQuery(state));
}

/** POST /customer/public/new. */
export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}

/** PUT /customer/update with the customer token; the cached record is dropped afterwards. */
export function useUpdateMe() {
  return useMutation({
    mutationFn: ({ token, payload }: { token: string; payload: PortalPayload }) => updateMe(token, payload),
    onSettled: () => queryClient.removeQueries({ queryKey: portalKey('me') }),
  });
}
