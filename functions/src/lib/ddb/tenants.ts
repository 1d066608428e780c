import type { TenantInfo } from '../context';
import { isRegistered, registerTenant } from '../migrations/ledger';
import { TenantEntity } from './entities/tenant';

const TTL_MS = 60_000;
const cache = new Map<string, { value: TenantInfo | null; expires: number }>();

/** Looks a tenant up by id with a short in-memory cache (tenants change rarely). */
export async function findTenant(id: string): Promise<TenantInfo | null> {
  const hit = cache.get(id);
  if (hit && hit.expires > Date.now()) return hit.value;
  const [{ data }, listed] = await Promise.all([TenantEntity.get({ tenant: id }).go(), isRegistered(id)]);
  const value =
    data && data.active ? { id: data.tenant, name: data.name, primaryColor: data.primaryColor } : null;
  // A tenant created before the tenant directory is listed by its first request (with no data
  // migration done): the next sweep runs them all (functions/README.md, "Data migrations").
  if (data && !listed) await registerTenant(id);
  cache.set(id, { value, expires: Date.now() + TTL_MS });
  return value;
}

/** Forgets cached tenants (tests and the seed create tenants on the fly). */
export function clearTenantCache(): void {
  cache.clear();
}
