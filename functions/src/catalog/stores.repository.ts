import type { Store, StoreInput } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { assertCommitted } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import type { StaffPrincipal } from '../lib/http/route';
import { catalogService, StoreEntity, UNIQUE_SCOPES, type StoreItem } from './entities';
import { failedOperation } from './products.repository';

export const DUPLICATE_STORE_MESSAGE = 'Já existe uma loja com esta referência.';
export const STORE_NOT_FOUND = 'Loja não encontrada.';

/** 'Avenida Paulista, 1000 - Bela Vista - São Paulo/SP' (empty parts left out). */
export function composeAddress(s: Pick<StoreItem, 'address' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state'>): string {
  const street = [s.address, s.number].filter(Boolean).join(', ');
  const withComplement = [street, s.complement].filter(Boolean).join(' ');
  const place = [s.city, s.state].filter(Boolean).join('/');
  return [withComplement, s.neighborhood, place].filter(Boolean).join(' - ');
}

export function storeAnswer(s: StoreItem): Store {
  const hours = s.business_hours ?? {};
  return {
    id: s.id,
    reference_code: s.reference_code,
    name: s.name,
    zipcode: s.zipcode,
    address: s.address,
    number: s.number ?? '',
    complement: s.complement ?? '',
    neighborhood: s.neighborhood ?? '',
    city: s.city ?? '',
    state: s.state ?? '',
    full_address: composeAddress({ ...s, number: s.number ?? '', complement: s.complement ?? '', neighborhood: s.neighborhood ?? '', city: s.city ?? '', state: s.state ?? '' }),
    latitude: s.latitude ?? null,
    longitude: s.longitude ?? null,
    url: s.url ?? '',
    business_hours: {
      sunday: hours.sunday ?? '',
      monday: hours.monday ?? '',
      tuesday: hours.tuesday ?? '',
      wednesday: hours.wednesday ?? '',
      thursday: hours.thursday ?? '',
      friday: hours.friday ?? '',
      saturday: hours.saturday ?? '',
    },
    created_at: s.createdAt ?? '',
    updated_at: s.updatedAt ?? '',
  };
}

/** The store-visibility rule (spec part 1 §6): without all stores, only the user's own store. */
export function visibleTo(principal: StaffPrincipal | undefined, store: { id: number }): boolean {
  if (!principal || principal.allStores) return true;
  return principal.storeId === store.id;
}

function storeFields(input: StoreInput) {
  return {
    name: input.name,
    zipcode: input.zipcode,
    address: input.address,
    number: input.number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    url: input.url,
    business_hours: input.business_hours,
    ...(input.latitude === undefined ? {} : { latitude: input.latitude }),
    ...(input.longitude === undefined ? {} : { longitude: input.longitude }),
  };
}

/** Stores of one tenant: a small collection, read whole. */
export function storesRepository(tenant: string) {
  return {
    async all(): Promise<StoreItem[]> {
      const { data } = await StoreEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<StoreItem | null> {
      const { data } = await StoreEntity.get({ tenant, id }).go();
      return data;
    },

    /** Creates a store; its reference code defaults to the id and is unique per tenant (409). */
    async create(input: StoreInput): Promise<StoreItem> {
      const id = await countersFor(tenant).next('store');
      const reference = input.reference_code || String(id);
      const result = await catalogService.transaction
        .write(({ store, unique, counter }) => [
          store.create({ tenant, id, reference_code: reference, ...storeFields(input) }).commit(),
          unique.create({ tenant, scope: UNIQUE_SCOPES.storeRef, value: reference, ownerId: id }).commit(),
          counter.upsert({ tenant, name: 'total:store' }).add({ value: 1 }).commit(),
        ])
        .go();
      assertCommitted(result, { 1: DUPLICATE_STORE_MESSAGE });
      return (await this.get(id))!;
    },

    /** Replaces a store's fields; a changed reference code moves its marker in the same transaction. */
    async update(current: StoreItem, input: StoreInput): Promise<StoreItem> {
      const { id } = current;
      const reference = input.reference_code || current.reference_code;
      const removals = (['latitude', 'longitude'] as const).filter((k) => input[k] === undefined && current[k] !== undefined);
      const result = await catalogService.transaction
        .write(({ store, unique }) => {
          let patch = store.patch({ tenant, id }).set({ reference_code: reference, ...storeFields(input) });
          if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
          const ops = [patch.where((a, { eq }) => eq(a.reference_code, current.reference_code)).commit()];
          if (reference !== current.reference_code) {
            ops.push(
              unique.create({ tenant, scope: UNIQUE_SCOPES.storeRef, value: reference, ownerId: id }).commit() as never,
              unique
                .delete({ tenant, scope: UNIQUE_SCOPES.storeRef, value: current.reference_code })
                .where((a, { eq }) => eq(a.ownerId, id))
                .commit() as never,
            );
          }
          return ops;
        })
        .go();
      const failed = failedOperation(result);
      if (failed === 1) throw conflict(DUPLICATE_STORE_MESSAGE);
      if (failed === 0) throw notFound(STORE_NOT_FOUND);
      assertCommitted(result, {});
      return (await this.get(id))!;
    },
  };
}
