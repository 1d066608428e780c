import { countersFor } from '../lib/ddb/counters';
import { isConditionFailure } from '../lib/ddb/transactions';
import { notFound } from '../lib/errors';
import { LABEL_MESSAGES } from '@freguesia/shared/schemas/label';
import { LabelEntity, type LabelRecord } from './entities';

export type { LabelRecord } from './entities';

/** The stored fields of a label layout (markup already sanitised). */
export interface LabelFields {
  name: string;
  width: number;
  height: number;
  layout: string;
  visible: boolean;
  visibleRules: string;
  entity: string;
}

/** Discount label layouts of one tenant: a small collection, read whole with one partition Query. */
export function labelsRepository(tenant: string) {
  return {
    async list(): Promise<LabelRecord[]> {
      const { data } = await LabelEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<LabelRecord | null> {
      const { data } = await LabelEntity.get({ tenant, id }).go({ consistent: true });
      return data;
    },

    async create(fields: LabelFields): Promise<LabelRecord> {
      const id = await countersFor(tenant).next('label');
      const { data } = await LabelEntity.create({ tenant, id, ...fields }).go();
      return data;
    },

    /** Rewrites a layout; one that does not exist (or was removed meanwhile) is not found. */
    async update(id: number, fields: LabelFields): Promise<LabelRecord> {
      try {
        // patch() is conditioned on the item existing.
        const { data } = await LabelEntity.patch({ tenant, id }).set(fields).go({ response: 'all_new' });
        return data as LabelRecord;
      } catch (error) {
        if (isConditionFailure(error)) throw notFound(LABEL_MESSAGES.notFound);
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      try {
        await LabelEntity.delete({ tenant, id })
          .where(({ id: at }, { exists }) => exists(at))
          .go();
      } catch (error) {
        if (isConditionFailure(error)) throw notFound(LABEL_MESSAGES.notFound);
        throw error;
      }
    },
  };
}
