import { Entity } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * Which campaigns use a lead (issue 20: a lead in use is not deleted): one small item per
 * (lead, campaign), `campaignLead`, under the lead's own partition, written when a campaign of any
 * kind is saved with a lead and removed when it stops using it or is deleted. Read with one Query,
 * never a scan of the campaigns; a reader checks each campaign still names the lead, so an item
 * left behind by an interrupted save never refuses a delete wrongly.
 */
export const CampaignLeadEntity = new Entity(
  {
    model: { entity: 'campaignLead', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      lead: { type: 'number', required: true, readOnly: true },
      campaign: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
    },
    indexes: { byLead: key('primary', ['tenant', 'lead'], ['campaign']) },
  },
  { client: documentClient, table: tableName() },
);

export function leadUsesRepository(tenant: string) {
  return {
    async set(campaign: number, before: number | null | undefined, after: number | null | undefined) {
      if (after) await CampaignLeadEntity.put({ tenant, lead: after, campaign }).go();
      if (before && before !== after)
        await CampaignLeadEntity.delete({ tenant, lead: before, campaign }).go();
    },
    /** Campaign ids recorded as using the lead (at most `limit`). */
    async campaigns(lead: number, limit = 200): Promise<number[]> {
      const { data } = await CampaignLeadEntity.query.byLead({ tenant, lead }).go({ limit });
      return data.map((d) => d.campaign);
    },
  };
}
