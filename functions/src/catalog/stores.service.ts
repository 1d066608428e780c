import type { Store, StoreInput, StoreUpdate } from '@freguesia/shared/schemas/catalog';
import { staffOf, type ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import type { StoreItem } from './entities';
import { storeAnswer, visibleTo } from './stores.model';
import { STORE_NOT_FOUND, storesRepository } from './stores.repository';

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

/**
 * Stores (part 1 §2, §7) follow the store-visibility rule: a user without all stores sees (and
 * edits) only their own store; another store reads as not found. There is no delete: purchases,
 * users, prices and campaigns reference stores and nothing could guarantee one is unreferenced.
 */
export async function listStores(ctx: ServiceContext): Promise<Store[]> {
  const stores = await storesRepository(ctx.tenant).all();
  return stores.filter((s) => visibleTo(staffOf(ctx), s)).map(storeAnswer);
}

async function visibleStore(ctx: ServiceContext, id: number): Promise<StoreItem> {
  const store = await storesRepository(ctx.tenant).get(id);
  if (!store || !visibleTo(staffOf(ctx), store)) throw notFound(STORE_NOT_FOUND);
  return store;
}

export async function getStore(ctx: ServiceContext, id: number): Promise<Store> {
  return storeAnswer(await visibleStore(ctx, id));
}

/** Creates a store; a reference code already used answers a conflict. */
export async function createStore(ctx: ServiceContext, input: StoreInput): Promise<Store> {
  return storeAnswer(await storesRepository(ctx.tenant).create(input));
}

export async function updateStore(ctx: ServiceContext, input: StoreUpdate): Promise<Store> {
  const current = await visibleStore(ctx, input.id);
  return storeAnswer(await storesRepository(ctx.tenant).update(current, input));
}
