/**
 * The tenant is the first label of the host name (`verde.example.com` → `verde`).
 * Plain `localhost` and IP addresses have no tenant label and map to the default `demo`,
 * as the local runtime does.
 */
export const DEFAULT_TENANT = 'demo';

export function tenantFromHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  if (host === '' || host === 'localhost' || /^[\d.]+$/.test(host) || host.includes(':')) {
    return DEFAULT_TENANT;
  }
  return host.split('.')[0] || DEFAULT_TENANT;
}

export const TENANT = tenantFromHost(globalThis.location?.hostname ?? '');

export const PRODUCT_NAME = 'Freguesia';

/** Browser tab title: upper-cased tenant label followed by the product suffix (spec part 1 §1). */
export function documentTitle(tenant = TENANT): string {
  return `${tenant.toUpperCase()} | ${PRODUCT_NAME}`;
}
