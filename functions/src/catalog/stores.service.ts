import type { Store, StoreInput, StoreUpdate } from '@freguesia/shared/schemas/catalog';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, notFound } from '../lib/errors';
import type { StoreItem } from './entities';
import { OUT_OF_SCOPE_STORE_MESSAGE, storeAnswer, visibleTo } from './stores.model';
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

/**
 * The store scope of the caller (spec part 1 §6): whether it may see the data of store `id`.
 * A staff user without all stores sees only their own store; system jobs, integrations and
 * users with all stores see every store. For other domains' reads by store (purchases, dashboards).
 */
export function storeScope(ctx: ServiceContext): (idStore: number) => boolean {
  const staff = staffOf(ctx);
  return (idStore) => visibleTo(staff, { id: idStore });
}

/**
 * Refuses (forbidden, 403) a read that names a store outside the caller's scope; no store
 * (undefined) passes. The rule for every `id_store`/`store_id` parameter: asking for another
 * store's data is refused, never answered empty, so a user sees why nothing came back.
 */
export function assertStoreInScope(ctx: ServiceContext, idStore: number | undefined): void {
  if (idStore !== undefined && !storeScope(ctx)(idStore)) throw forbidden(OUT_OF_SCOPE_STORE_MESSAGE);
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
