import type { Ability } from '@freguesia/shared/domain/permissions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { tenantKey } from './query-client';

/** POST /api/web/login answer (spec part 1 §7, plus fullname which other screens read). */
export interface LoginAnswer {
  token: string;
  ability: Ability[];
  shortname: string;
  fullname?: string;
}

/** Staff login. Sent without a token: a 401 here is a wrong password, not an expired session. */
export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/web/login', { method: 'POST', body: { email, password }, auth: 'none' });
}

/** GET /api/web/tenant (public): the tenant of this host and its theme. */
export interface TenantAnswer {
  tenant: string;
  name: string;
  primary_color: string;
}

export function fetchTenant(signal?: AbortSignal): Promise<TenantAnswer> {
  return apiRequest<TenantAnswer>('/web/tenant', { auth: 'none', signal });
}

/**
 * GET /api/web/tenant, once per page load: the theme asks at start-up, pages read the cache
 * (`useQuery(tenantQuery())`).
 */
export const tenantQuery = () =>
  queryOptions({
    queryKey: tenantKey('tenant'),
    queryFn: ({ signal }) => fetchTenant(signal),
    staleTime: Infinity,
    retry: false,
  });
