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

/**
 * One page of a **Scan** of the table kept to the tenant records (ElectroDB adds the entity
 * filter): `limit` items are read, of every kind, and the tenants among them answered, with the
 * cursor of the next page (none at the end). For the one-off directory backfill only
 * (lib/migrations/directory-backfill.ts), a background job: never on a request path.
 */
export async function scanTenantIds(
  cursor: string | undefined,
  limit: number,
): Promise<{ tenants: string[]; cursor: string | undefined }> {
  const page = await TenantEntity.scan.go({
    limit,
    pages: 1,
    ...(cursor ? { cursor } : {}),
  });
  return { tenants: page.data.map((t) => t.tenant), cursor: page.cursor ?? undefined };
}
