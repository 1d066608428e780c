import { batchWriteEntities } from '../lib/ddb/batch';
import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { GiftEntity, type GiftItem } from './tickets.entities';

export interface NewGift {
  id_store: number;
  available_at: string;
  gift: string;
  qt_print: number;
}

/** A ticket campaign's prizes and ticket count, as the campaign editor saves and reads them (one tenant). */
export function campaignGiftsRepository(tenant: string) {
  const counters = countersFor(tenant);
  return {
    // ------------------------------------------------------------------ prizes (gifts)

    async gifts(campaign: number): Promise<GiftItem[]> {
      const { data } = await GiftEntity.query.byStore({ tenant, campaign }).go({ pages: 'all' });
      return data;
    },

    /** Adds prizes (ids from the tenant's prize sequence, reserved at once) and removes others. */
    async writeGifts(
      campaign: number,
      added: readonly NewGift[],
      removed: readonly GiftItem[],
    ): Promise<void> {
      if (added.length > 0) {
        const first = await counters.reserve('ticketGift', added.length);
        await batchWriteEntities(
          (items) => GiftEntity.put(items).go({ concurrency: 8 }),
          added.map((g, i) => ({ tenant, campaign, id: first + i, ...g })),
          { what: 'ticket gifts' },
        );
      }
      if (removed.length > 0) {
        await batchWriteEntities(
          (items) => GiftEntity.delete(items).go({ concurrency: 8 }),
          removed.map((g) => ({
            tenant,
            campaign,
            id_store: g.id_store,
            available_at: g.available_at,
            id: g.id,
          })),
          { what: 'ticket gifts' },
        );
      }
    },

    /**
     * Ticket numbers handed out in a campaign (its sequence): the tickets issued, plus the rare
     * numbers left unused by a redelivery racing its own first delivery. No counter in the grant's
     * transaction, so simultaneous purchases never conflict on one item.
     */
    async ticketTotal(campaign: number): Promise<number> {
      const { data } = await CounterEntity.get({ tenant, name: `seq:ticket:${campaign}` }).go();
      return data?.value ?? 0;
    },
  };
}
