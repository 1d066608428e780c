import { CounterEntity } from './entities/counter';

/**
 * Counters bound to one tenant. `next` hands out ids (the spec's "id above 0");
 * `get` reads a total. Increments of totals belong in the same transaction as the write
 * they count (see `counterUpdate`).
 */
export function countersFor(tenant: string) {
  return {
    /** Atomically increments `seq:<entity>` and returns the new id (1, 2, 3, ...). */
    async next(entity: string): Promise<number> {
      const result = await CounterEntity.update({ tenant, name: `seq:${entity}` })
        .add({ value: 1 })
        .go({ response: 'all_new' });
      return result.data.value ?? 0;
    },
    /** Reserves `count` consecutive ids at once (bulk imports); returns the first. */
    async reserve(entity: string, count: number): Promise<number> {
      const result = await CounterEntity.update({ tenant, name: `seq:${entity}` })
        .add({ value: count })
        .go({ response: 'all_new' });
      return (result.data.value ?? count) - count + 1;
    },
    /** Reads the total `total:<entity>` (0 when never written). */
    async total(entity: string): Promise<number> {
      const result = await CounterEntity.get({ tenant, name: `total:${entity}` }).go();
      return result.data?.value ?? 0;
    },
    /** Adds `delta` to the total outside a transaction (aggregators, repair jobs). */
    async add(entity: string, delta: number): Promise<void> {
      await CounterEntity.update({ tenant, name: `total:${entity}` })
        .add({ value: delta })
        .go();
    },
  };
}
