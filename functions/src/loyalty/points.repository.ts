import { isConditionFailure } from '../lib/ddb/transactions';
import { PointsEntryEntity } from './lucky.entities';

export interface PointsEntry {
  ref: string;
  customer: number;
  date: string;
  quantity: number;
  value: number;
  expirationAt?: string;
}

/** The points ledger of one tenant (lucky.entities.ts `pointsEntry`). */
export function pointsRepository(tenant: string) {
  return {
    /** A credit, once per (campaign, ref): a second call changes nothing. */
    async credit(campaign: number, entry: PointsEntry): Promise<boolean> {
      try {
        await PointsEntryEntity.create({ tenant, campaign, type: 'CREDIT', ...entry }).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async page(campaign: number, cursor: string | null, limit: number) {
      const page = await PointsEntryEntity.query.byRef({ tenant, campaign }).go({ cursor, limit, pages: 1 });
      return { rows: page.data, cursor: page.cursor };
    },
  };
}
