import type { TenantInfo } from '../context';
import { TenantEntity } from './entities/tenant';

const TTL_MS = 60_000;
const cache = new Map<string, { value: TenantInfo | null; expires: number }>();

/** Looks a tenant up by id with a short in-memory cache (tenants change rarely). */
export async function findTenant(id: string): Promise<TenantInfo | null> {
  const hit = cache.get(id);
  if (hit && hit.expires > Date.now()) return hit.value;
  const { data } = await TenantEntity.get({ tenant: id }).go();
  const value =
    data && data.active ? { id: data.tenant, name: data.name, primaryColor: data.primaryColor } : null;
  cache.set(id, { value, expires: Date.now() + TTL_MS });
  return value;
}

/** Forgets cached tenants (tests and the seed create tenants on the fly). */
export function clearTenantCache(): void {
  cache.clear();
}
