import type { ServiceContext } from '../lib/context';
import { campaignsUsingLead as read, type CampaignLeadUse } from './lead-uses.repository';

/**
 * The campaigns (every kind: discounts, e-mail, SMS, push, WhatsApp sends, lucky numbers,
 * tickets) that use a lead now, from the lead-use items campaign-records keeps on every save and
 * delete (one Query). A light module of its own, so the segmentation function does not carry the
 * campaign records to ask.
 */
export async function campaignsUsingLead(ctx: ServiceContext, leadId: number): Promise<CampaignLeadUse[]> {
  return read(ctx.tenant, leadId);
}
