import {
  estimatedCost,
  recipientList,
  UNIT_PRICES,
  type SendableType,
} from '@freguesia/shared/domain/communication';
import { assertCampaignAccess } from '../campaign-records/campaign-records.service';
import { customerReach, customerTotal } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { leadSummaries } from '../segmentation/leads.service';
import { readSettingValue } from '../settings/settings.service';

/**
 * What a send costs (spec part 3 §9): the recipient count and the channel's unit price. Used by
 * the estimate route, by the save path (the campaign's stored `value`) and by the expense report.
 */

const pricingKey = {
  EMAIL: 'pricing_email',
  SMS: 'pricing_sms',
  PUSH: 'pricing_push',
  WPPM: 'pricing_whatsapp',
  WPPG: 'pricing_whatsapp',
  WPPC: 'pricing_whatsapp',
} as const;

/** The unit price of a channel: the tenant's `pricing_*` setting, else spec part 3 §9. */
export async function unitPrice(ctx: ServiceContext, type: SendableType): Promise<number> {
  const configured = Number((await readSettingValue(ctx, pricingKey[type]))?.replace(',', '.'));
  return Number.isFinite(configured) && configured > 0 ? configured : UNIT_PRICES[type];
}

/** The reach counter of each channel (customers.service `customerReach`). */
const REACH = {
  EMAIL: 'EMAIL',
  SMS: 'SMS',
  PUSH: 'PUSH',
  WPPM: 'WHATSAPP',
  WPPG: 'WHATSAPP',
  WPPC: 'WHATSAPP',
} as const;

/**
 * Recipients of a send: the explicit list when given, else the lead's population, else the
 * customers the channel reaches in the whole base (active, with an address, not opted out: the
 * counters kept on write — no scan), never above the base's total.
 */
export async function audienceSize(
  ctx: ServiceContext,
  input: { type: SendableType; id_lead: number | null; recipients: string },
): Promise<number> {
  const listed = recipientList(input.recipients);
  if (listed.length > 0) return listed.length;
  if (input.id_lead) return (await leadSummaries(ctx, [input.id_lead])).get(input.id_lead)?.population ?? 0;
  const [total, reach] = await Promise.all([customerTotal(ctx), customerReach(ctx, REACH[input.type])]);
  return Math.max(0, Math.min(total, reach));
}

/** The recipient count and estimated cost (R$) of a send. */
export async function estimateSend(
  ctx: ServiceContext,
  input: { type: SendableType; id_lead: number | null; recipients: string },
): Promise<{ recipients: number; unit_price: number; value: number }> {
  const [recipients, price] = await Promise.all([audienceSize(ctx, input), unitPrice(ctx, input.type)]);
  return { recipients, unit_price: price, value: estimatedCost(recipients, price) };
}

/** GET /web/communications/estimate: {@link estimateSend} for a user who may read campaigns of that channel. */
export async function estimateSendFor(
  ctx: ServiceContext,
  input: { type: SendableType; id_lead: number | null; recipients: string },
): Promise<{ recipients: number; unit_price: number; value: number }> {
  assertCampaignAccess(ctx, 'read', [input.type]);
  return estimateSend(ctx, input);
}
