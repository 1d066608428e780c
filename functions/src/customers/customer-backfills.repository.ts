import { Service } from 'electrodb';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { isConditionFailure, failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { CustomerEntity, type CustomerItem } from './customer.entities';

/** Customers reachable per channel (reachChannels), for the whole-base send estimate. */
export const REACH_COUNTER = 'customer-reach:';

const counters = new Service({ counter: CounterEntity });

/**
 * The narrow data access of the customers' backfills (customer-backfills.service.ts): pages of
 * records, the reach counters with their guard, the city code. Apart from customers.repository.ts
 * so that the functions running them (the segmentation stream and queue) carry only this.
 */
export function customerBackfillsRepository(tenant: string) {
  return {
    /** A page of every customer in id order (one Query). */
    async idPage(
      cursor: string | undefined,
      limit: number,
    ): Promise<{ data: CustomerItem[]; cursor: string | undefined }> {
      const result = await CustomerEntity.query
        .byId({ tenant })
        .go({ order: 'asc', limit, pages: 1, ...(cursor ? { cursor } : {}) });
      return { data: result.data, cursor: result.cursor ?? undefined };
    },

    /** The reach counters as stored: the value and how many writes moved it (a recount's guard). */
    async reachCounters(
      channels: readonly string[],
    ): Promise<Record<string, { value: number; moves: number | undefined }>> {
      const rows = await Promise.all(
        channels.map(async (ch) => {
          const { data } = await CounterEntity.get({ tenant, name: `total:${REACH_COUNTER}${ch}` }).go();
          return [ch, { value: data?.value ?? 0, moves: data?.moves }] as const;
        }),
      );
      return Object.fromEntries(rows);
    },

    /**
     * Sets the reach counters to a recount, all or none, each only if no write moved it since
     * `seen` (its `moves` unchanged). Answers false when a write did (the recount is stale).
     */
    async setReachCounters(
      totals: Readonly<Record<string, number>>,
      seen: Readonly<Record<string, number | undefined>>,
    ): Promise<boolean> {
      const result = await writeTransaction(() =>
        counters.transaction
          .write(({ counter }) =>
            Object.entries(totals).map(([ch, value]) =>
              counter
                .update({ tenant, name: `total:${REACH_COUNTER}${ch}` })
                .set({ value })
                .where(({ moves }, { eq, notExists }) =>
                  seen[ch] === undefined ? notExists(moves) : eq(moves, seen[ch]!),
                )
                .commit(),
            ),
          )
          .go(),
      );
      if (!result.canceled) return true;
      if (failedIndex(result) >= 0) return false;
      throw transactionError(result);
    },

    /**
     * Writes a customer's IBGE city code, only while the record has no code and still the city
     * and state it was resolved from (an edit meanwhile wins). Neither `version` nor `updatedAt`
     * move: the code is derived from fields the record already has. Answers whether it wrote.
     */
    async setCityId(id: number, idCity: string, seen: { city: string; state: string }): Promise<boolean> {
      try {
        await CustomerEntity.patch({ tenant, id })
          .set({ id_city: idCity })
          .where(
            ({ id_city, city, state }, { eq, notExists }) =>
              `(${notExists(id_city)} OR ${eq(id_city, '')}) AND ${eq(city, seen.city)} AND ${eq(state, seen.state)}`,
          )
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
