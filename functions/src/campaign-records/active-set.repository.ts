import { DISCOUNT_TYPES } from '@freguesia/shared/schemas/campaign';
import type { CampaignProduct } from '@freguesia/shared/schemas/campaign';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { CampaignEntity, CampaignProductEntity } from './campaign-records.entities';
import { VERSION_COUNTER, toRecord, type CampaignRecord } from './campaign-records.repository';

/**
 * The reads of the checkout's active set (campaigns/active-set.service.ts, through campaign-records.service.ts): the set's version, then the
 * campaigns and their product rows when it moved. Apart from `campaignsRepository` on purpose:
 * that object carries the back office's write paths into every bundle that reads campaigns, the
 * point of sale's checkout function included (see test/unit/bundle-budget.test.ts).
 */
export function activeSetRepository(tenant: string) {
  return {
    /** The version of the tenant's campaign set (bumped in the same transaction as every campaign write). */
    async version(): Promise<number> {
      const { data } = await CounterEntity.get({ tenant, name: VERSION_COUNTER }).go();
      return data?.value ?? 0;
    },

    /**
     * The tenant's discount campaigns (one paginated Query of its partition, filtered by type in
     * DynamoDB: e-mail bodies and other kinds never travel to a checkout).
     */
    async discountCampaigns(): Promise<CampaignRecord[]> {
      const { data } = await CampaignEntity.query
        .byId({ tenant })
        .where((a, { eq }) =>
          DISCOUNT_TYPES.map((type) => (eq as (attr: unknown, value: string) => string)(a.type, type)).join(
            ' OR ',
          ),
        )
        .go({ pages: 'all' });
      return data.map(toRecord);
    },

    /** Every campaign of the tenant (a small collection: one paginated Query of its partition). */
    async campaigns(): Promise<CampaignRecord[]> {
      const { data } = await CampaignEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data.map(toRecord);
    },

    /**
     * The product rows of every campaign of the tenant, by campaign id (one paginated Query): only
     * those of the generation each campaign's header reads (`gens`, read before the rows, so a row
     * set being replaced is never mixed with its successor).
     */
    async products(gens: ReadonlyMap<number, number>): Promise<Map<number, CampaignProduct[]>> {
      const { data } = await CampaignProductEntity.query.byCampaign({ tenant }).go({ pages: 'all' });
      const answer = new Map<number, CampaignProduct[]>();
      for (const p of data) {
        if ((p.gen ?? 0) !== (gens.get(p.campaign) ?? 0)) continue;
        const list = answer.get(p.campaign) ?? [];
        list.push(p.row as CampaignProduct);
        answer.set(p.campaign, list);
      }
      return answer;
    },
  };
}
