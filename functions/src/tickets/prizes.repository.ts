import { isConditionFailure } from '../lib/ddb/transactions';
import { WonPrizeEntity, type WonPrizeItem } from './tickets.entities';

/** Won prizes of one tenant (the customer's list, validation); no business rules. */
export function prizesRepository(tenant: string) {
  return {
    // ------------------------------------------------------------------ won prizes

    async wonPrizes(customer: number, from: string, to: string, limit: number): Promise<WonPrizeItem[]> {
      const { data } = await WonPrizeEntity.query
        .byCustomer({ tenant, id_customer: customer })
        .between({ won_at: from }, { won_at: to })
        .go({ pages: 'all', limit, order: 'desc' });
      return data.slice(0, limit);
    },

    async wonPrize(id: number): Promise<WonPrizeItem | undefined> {
      const { data } = await WonPrizeEntity.get({ tenant, id }).go();
      return data ?? undefined;
    },

    /** Validates a won prize (condition: not validated yet); answers whether this call did. */
    async validate(id: number, tag: string, by: string, user: number | null): Promise<boolean> {
      try {
        await WonPrizeEntity.patch({ tenant, id })
          .set({ validated_tag: tag, validated_by: by, ...(user ? { validated_user: user } : {}) })
          .where((a, { notExists }) => notExists(a.validated_by))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
