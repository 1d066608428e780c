import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { TENANT } from '../app/tenant';
import { ApiError } from './client';

/**
 * The web data layer: one TanStack Query client for the app. Every query key starts with the
 * tenant (`tenantKey('catalog', 'products', params)`), so two tenants never share a cache entry
 * even in one browser. Client errors (4xx) are not retried; network and 5xx failures are, twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});

/** A query key of this tenant: `[tenant, domain, ...parts]`. Invalidate a domain with `tenantKey(domain)`. */
export const tenantKey = (domain: string, ...parts: unknown[]): QueryKey => [TENANT, domain, ...parts];
