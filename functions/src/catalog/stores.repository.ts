import type { StoreInput } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { assertCommitted, failedIndex, writeTransaction } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import { catalogService, StoreEntity, UNIQUE_SCOPES, type StoreItem } from './entities';

export const DUPLICATE_STORE_MESSAGE = 'Já existe uma loja com esta referência.';
export const STORE_NOT_FOUND = 'Loja não encontrada.';

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

    /** Creates a store; its reference code defaults to the id and is unique per tenant (conflict). */
    async create(input: StoreInput): Promise<StoreItem> {
      const id = await countersFor(tenant).next('store');
      const reference = input.reference_code || String(id);
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ store, unique, counter }) => [
            store.create({ tenant, id, reference_code: reference, ...storeFields(input) }).commit(),
            unique.create({ tenant, scope: UNIQUE_SCOPES.storeRef, value: reference, ownerId: id }).commit(),
            counter.upsert({ tenant, name: 'total:store' }).add({ value: 1 }).commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_STORE_MESSAGE });
      return (await this.get(id))!;
    },

    /** Replaces a store's fields; a changed reference code moves its marker in the same transaction. */
    async update(current: StoreItem, input: StoreInput): Promise<StoreItem> {
      const { id } = current;
      const reference = input.reference_code || current.reference_code;
      const removals = (['latitude', 'longitude'] as const).filter(
        (k) => input[k] === undefined && current[k] !== undefined,
      );
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ store, unique }) => {
            let patch = store.patch({ tenant, id }).set({ reference_code: reference, ...storeFields(input) });
            if (removals.length > 0) patch = patch.remove(removals) as typeof patch;
            const ops = [patch.where((a, { eq }) => eq(a.reference_code, current.reference_code)).commit()];
            if (reference !== current.reference_code) {
              ops.push(
                unique
                  .create({ tenant, scope: UNIQUE_SCOPES.storeRef, value: reference, ownerId: id })
                  .commit() as never,
                unique
                  .delete({ tenant, scope: UNIQUE_SCOPES.storeRef, value: current.reference_code })
                  .where((a, { eq }) => eq(a.ownerId, id))
                  .commit() as never,
              );
            }
            return ops;
          })
          .go(),
      );
      if (result.canceled) {
        const failed = failedIndex(result);
        if (failed === 1) throw conflict(DUPLICATE_STORE_MESSAGE);
        if (failed === 0) throw notFound(STORE_NOT_FOUND);
        assertCommitted(result, {});
      }
      return (await this.get(id))!;
    },
  };
}
