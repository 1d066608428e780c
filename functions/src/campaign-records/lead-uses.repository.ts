import { Entity } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * Which campaigns use a lead (issue 20: a lead in use is not deleted): one small item per
 * (lead, campaign), `campaignLead`, under the lead's own partition, with the campaign's description
 * and type, written after a campaign of any kind is saved with a lead and removed when it stops
 * using it or is deleted. Read with one Query, never a scan of the campaigns. Kept light (no
 * campaign entity): the segmentation function reads it on every lead delete.
 */
export const CampaignLeadEntity = new Entity(
  {
    model: { entity: 'campaignLead', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      lead: { type: 'number', required: true, readOnly: true },
      campaign: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      description: { type: 'string', required: true },
      type: { type: 'string', required: true },
    },
    indexes: { byLead: key('primary', ['tenant', 'lead'], ['campaign']) },
  },
  { client: documentClient, table: tableName() },
);

export interface CampaignLeadUse {
  id: number;
  description: string;
  type: string;
}

export function leadUsesRepository(tenant: string) {
  return {
    /** The campaign now uses `after` (or no lead) instead of `before`. */
    async set(
      campaign: { id: number; description: string; type: string },
      before: number | null | undefined,
      after: number | null | undefined,
    ): Promise<void> {
      if (after)
        await CampaignLeadEntity.put({
          tenant,
          lead: after,
          campaign: campaign.id,
          description: campaign.description,
          type: campaign.type,
        }).go();
      if (before && before !== after)
        await CampaignLeadEntity.delete({ tenant, lead: before, campaign: campaign.id }).go();
    },
    /** The campaigns recorded as using the lead (at most `limit`). */
    async campaigns(lead: number, limit = 200): Promise<CampaignLeadUse[]> {
      const { data } = await CampaignLeadEntity.query.byLead({ tenant, lead }).go({ limit });
      return data.map((d) => ({ id: d.campaign, description: d.description, type: d.type }));
    },
  };
}

/** The campaigns (every kind, sends included) that use a lead, from the lead-use items (one Query). */
export const campaignsUsingLead = (tenant: string, lead: number): Promise<CampaignLeadUse[]> =>
  leadUsesRepository(tenant).campaigns(lead);
