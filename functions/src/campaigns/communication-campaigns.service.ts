import type { DynamoDBRecord } from 'aws-lambda';
import { localDay, localDateTime, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import {
  COMMUNICATION_MESSAGES,
  estimatedCost,
  isCommunicationType,
  isSendable,
  recipientList,
  smsText,
  UNIT_PRICES,
  type CommunicationCampaign,
  type CommunicationInfo,
  type CommunicationType,
  type SendableType,
} from '@freguesia/shared/schemas/communication';
import { customerTotal } from '../customers/customers.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { plainImage } from '../lib/ddb/stream-images';
import { sanitizeEmailHtml } from '../lib/html';
import { conflict, invalid, notFound } from '../lib/errors';
import { leadSummaries } from '../segmentation/leads.service';
import { readSettingValue } from '../settings/settings.service';
import { assertCampaignAccess } from './campaigns.service';
import { CAMPAIGN_NOT_FOUND, campaignsRepository, STALE_CAMPAIGN, type CampaignFields, type CampaignRecord } from './campaigns.repository';

/**
 * Communication campaigns (spec part 3 §3–§5, §9): e-mail, e-mail template, SMS, push and app art,
 * stored as campaigns (same model, list, details and delete as the discounts). This service owns
 * what is special to them on save — sanitised HTML, the SMS text rules, the estimated cost, who
 * approved it, the executed-campaign rule — and the reads the sending pipeline (the
 * communications domain) makes. Sending itself is never triggered from here: the pipeline reacts
 * to campaign changes on the table's stream.
 */

/** What the sending pipeline reads of a campaign. */
export interface SendableCampaign {
  id: number;
  description: string;
  type: SendableType;
  active: 'Y' | 'N';
  id_lead: number | null;
  info: CommunicationInfo & { executed_at?: string | null; canceled_at?: string | null; value?: number };
  version: number;
  updated_at: string;
}

type StoredInfo = CommunicationInfo & { value: number; executed_at: string | null; canceled_at: string | null; canceled_by: string | null };

const pricingKey = { EMAIL: 'pricing_email', SMS: 'pricing_sms', PUSH: 'pricing_push' } as const;

/** The unit price of a channel: the tenant's `pricing_*` setting, else spec part 3 §9. */
export async function unitPrice(ctx: ServiceContext, type: SendableType): Promise<number> {
  const configured = Number((await readSettingValue(ctx, pricingKey[type]))?.replace(',', '.'));
  return Number.isFinite(configured) && configured > 0 ? configured : UNIT_PRICES[type];
}

/**
 * Recipients of a send: the explicit list when given, else the lead's population, else the
 * customer base (the counter; opt-outs are left out when sending, so this is an upper bound).
 */
export async function audienceSize(ctx: ServiceContext, input: { id_lead: number | null; recipients: string }): Promise<number> {
  const listed = recipientList(input.recipients);
  if (listed.length > 0) return listed.length;
  if (input.id_lead) return (await leadSummaries(ctx, [input.id_lead])).get(input.id_lead)?.population ?? 0;
  return customerTotal(ctx);
}

/** GET /web/communications/estimate: the recipient count and estimated cost (R$) of a send. */
export async function estimateSend(ctx: ServiceContext, input: { type: SendableType; id_lead: number | null; recipients: string }): Promise<{ recipients: number; unit_price: number; value: number }> {
  const [recipients, price] = await Promise.all([audienceSize(ctx, input), unitPrice(ctx, input.type)]);
  return { recipients, unit_price: price, value: estimatedCost(recipients, price) };
}

const approvementNow = (ctx: ServiceContext) => {
  const name = staffOf(ctx)?.fullname ?? 'Sistema';
  return `Aprovado por: ${name} Em: ${toDisplayDateTime(localDateTime(ctx.now()))}`;
};

/** The fields stored for a communication campaign. */
async function fieldsOf(ctx: ServiceContext, c: CommunicationCampaign, current: CampaignRecord | undefined): Promise<CampaignFields> {
  const before = (current?.info ?? {}) as unknown as Partial<StoredInfo>;
  const info: StoredInfo = {
    ...c.info,
    layout_body: c.type === 'SMS' ? smsText(c.info.layout_body) : c.type === 'EMAIL' || c.type === 'TEMAIL' ? sanitizeEmailHtml(c.info.layout_body) : c.info.layout_body,
    // Who agreed with the cost is the person saving the first approval, never what the client says.
    approvement: c.info.approvement ? (before.approvement ?? approvementNow(ctx)) : null,
    value: isSendable(c.type) ? (await estimateSend(ctx, { type: c.type, id_lead: c.id_lead, recipients: c.info.recipients })).value : 0,
    executed_at: before.executed_at ?? null,
    canceled_at: before.canceled_at ?? null,
    canceled_by: before.canceled_by ?? null,
  };
  const today = localDay(ctx.now());
  const art = c.type === 'APPF' || c.type === 'APPB';
  return {
    description: c.description,
    type: c.type as never,
    active: c.active,
    id_lead: c.id_lead,
    start_at: c.start_at ?? current?.start_at ?? today,
    end_at: art && c.always_valid === 'Y' ? NO_END_DATE : (c.end_at ?? NO_END_DATE),
    stores: [],
    brands: [],
    payments: [],
    groups: [],
    info: info as never,
  };
}

async function checkLead(ctx: ServiceContext, c: CommunicationCampaign) {
  if (c.id_lead && !(await leadSummaries(ctx, [c.id_lead])).has(c.id_lead)) throw invalid({ id_lead: 'Lead não encontrado.' });
}

/** POST /web/campaign/new with a communication type: {id}. */
export async function createCommunication(ctx: ServiceContext, c: CommunicationCampaign): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', [c.type]);
  await checkLead(ctx, c);
  const saved = await campaignsRepository(ctx.tenant).create(await fieldsOf(ctx, c, undefined), [], staffOf(ctx)?.userId ?? null, ctx.now().toISOString());
  return { id: saved.id };
}

/**
 * PUT /web/campaign/update with a communication type. A once-only send already made can no longer
 * be edited (spec part 3 §5); the type of a campaign never changes.
 */
export async function updateCommunication(ctx: ServiceContext, c: CommunicationCampaign): Promise<{ id: number }> {
  if (!c.id) throw invalid({ id: 'Campanha inválida.' });
  const repo = campaignsRepository(ctx.tenant);
  const current = await repo.get(c.id);
  if (!current || (current.type as string) !== c.type) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'write', [c.type]);
  if (c.updated_at && c.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  const info = current.info as unknown as Partial<StoredInfo>;
  if (isSendable(current.type) && info.executed_at && (info.type ?? 'O') === 'O') throw conflict(COMMUNICATION_MESSAGES.executed);
  await checkLead(ctx, c);
  await repo.update(current, await fieldsOf(ctx, c, current), [], ctx.now().toISOString());
  return { id: current.id };
}

const toSendable = (c: CampaignRecord): SendableCampaign => ({
  id: c.id,
  description: c.description,
  type: c.type as unknown as SendableType,
  active: c.active,
  id_lead: c.id_lead,
  info: c.info as unknown as SendableCampaign['info'],
  version: c.version,
  updated_at: c.updated_at,
});

/**
 * A sendable campaign (e-mail, SMS, push) for the pipeline; undefined when gone or of another type.
 * With a staff user, `action` is checked against the campaign's type (Campaigns or its channel).
 */
export async function sendableCampaign(ctx: ServiceContext, id: number, action: 'read' | 'write' = 'read'): Promise<SendableCampaign | undefined> {
  const c = await campaignsRepository(ctx.tenant).get(id);
  if (!c || !isSendable(c.type)) return undefined;
  assertCampaignAccess(ctx, action, [c.type]);
  return toSendable(c);
}

/**
 * Every sendable campaign (e-mail, SMS, push) of the tenant: id, description and type (the
 * expense report). No campaign permission is checked: the caller's route guards the report.
 */
export async function sendableCampaigns(ctx: ServiceContext): Promise<{ id: number; description: string; type: SendableType }[]> {
  const all = await campaignsRepository(ctx.tenant).all();
  return all.filter((c) => isSendable(c.type)).map((c) => ({ id: c.id, description: c.description, type: c.type as unknown as SendableType }));
}

/** A communication campaign of any type (analytics headers, lead creation). */
export async function communicationCampaign(ctx: ServiceContext, id: number): Promise<{ id: number; description: string; type: CommunicationType } | undefined> {
  const c = await campaignsRepository(ctx.tenant).get(id);
  if (!c || !isCommunicationType(c.type)) return undefined;
  assertCampaignAccess(ctx, 'read', [c.type]);
  return { id: c.id, description: c.description, type: c.type };
}

/** Records a run of the campaign: `executed_at` (the red 'Campanha já executada em' flag) — the latest run of a recurring one. */
export async function markExecuted(ctx: ServiceContext, id: number, at: string): Promise<void> {
  await campaignsRepository(ctx.tenant).patchInfo(id, { executed_at: at });
}

/** Records a cancellation (`canceled_by` 'JOB' when the pipeline cancels, else the user's name). */
export async function markCanceled(ctx: ServiceContext, id: number, at: string, by: string): Promise<void> {
  await campaignsRepository(ctx.tenant).patchInfo(id, { canceled_at: at, canceled_by: by });
}

/** Clears a cancellation (a resumed campaign). */
export async function clearCanceled(ctx: ServiceContext, id: number): Promise<void> {
  await campaignsRepository(ctx.tenant).patchInfo(id, { canceled_at: null, canceled_by: null });
}

/** A change of a campaign item on the table's stream: which tenant and campaign, and whether it is sendable. */
export interface CampaignChange {
  tenant: string;
  id: number;
  type: string;
  removed: boolean;
}

/** The campaign change a stream record carries (other entities: null). */
export function campaignChangeOf(record: DynamoDBRecord): CampaignChange | null {
  const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  if (!image) return null;
  const item = plainImage(image as never) as { __edb_e__?: string; tenant?: string; id?: number; type?: string };
  if (item.__edb_e__ !== 'campaign' || !item.tenant || typeof item.id !== 'number') return null;
  return { tenant: item.tenant, id: item.id, type: item.type ?? '', removed: record.eventName === 'REMOVE' };
}

export { STALE_CAMPAIGN };
