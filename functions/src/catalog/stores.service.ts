import type { ServiceContext } from '../lib/context';
import { storesRepository } from './stores.repository';

/** What other domains need of a store (names on purchases, map pins, validation). */
export interface StoreRef {
  id: number;
  name: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

/** The tenant's stores as references (a small collection, one Query). */
export async function listStoreRefs(ctx: ServiceContext): Promise<StoreRef[]> {
  const stores = await storesRepository(ctx.tenant).all();
  return stores.map((s) => ({
    id: s.id,
    name: s.name,
    city: s.city ?? '',
    state: s.state ?? '',
    latitude: s.latitude ?? null,
    longitude: s.longitude ?? null,
  }));
}

/** Store names by id. */
export async function storeNames(ctx: ServiceContext): Promise<Map<number, string>> {
  return new Map((await listStoreRefs(ctx)).map((s) => [s.id, s.name]));
}
