import { storesRepository } from '../catalog/stores.repository';

/** What the customer screens need of a store (names on purchases, map pins, validation). */
export interface StoreRef {
  id: number;
  name: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

/** The tenant's stores, read through the catalogue (a small collection, one Query). */
export async function storeRefs(tenant: string): Promise<StoreRef[]> {
  const stores = await storesRepository(tenant).all();
  return stores.map((s) => ({
    id: s.id,
    name: s.name,
    city: s.city ?? '',
    state: s.state ?? '',
    latitude: s.latitude ?? null,
    longitude: s.longitude ?? null,
  }));
}

export async function storeNames(tenant: string): Promise<Map<number, string>> {
  return new Map((await storeRefs(tenant)).map((s) => [s.id, s.name]));
}
