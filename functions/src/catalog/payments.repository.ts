import type { PaymentInput } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { isConditionFailure } from '../lib/ddb/transactions';
import { notFound } from '../lib/errors';
import { PaymentMethodEntity, type PaymentMethodItem } from './entities';

export const PAYMENT_NOT_FOUND = 'Forma de pagamento não encontrada.';

/** Payment methods of one tenant (part 3): a small collection, read whole. */
export function paymentsRepository(tenant: string) {
  return {
    async all(): Promise<PaymentMethodItem[]> {
      const { data } = await PaymentMethodEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<PaymentMethodItem | null> {
      const { data } = await PaymentMethodEntity.get({ tenant, id }).go();
      return data;
    },

    /** Creates a method; its reference code defaults to the id. */
    async create(input: PaymentInput): Promise<PaymentMethodItem> {
      const id = await countersFor(tenant).next('payment');
      const { data } = await PaymentMethodEntity.create({
        tenant,
        id,
        ...input,
        reference_code: input.reference_code || String(id),
      }).go();
      return data;
    },

    async update(id: number, input: PaymentInput): Promise<PaymentMethodItem> {
      const { reference_code, ...rest } = input;
      try {
        // patch() is conditioned on the item existing.
        const { data } = await PaymentMethodEntity.patch({ tenant, id })
          .set({ ...rest, ...(reference_code ? { reference_code } : {}) })
          .go({ response: 'all_new' });
        return data as PaymentMethodItem;
      } catch (error) {
        if (isConditionFailure(error)) throw notFound(PAYMENT_NOT_FOUND);
        throw error;
      }
    },
  };
}
