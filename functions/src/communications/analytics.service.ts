import { ANALYTICS_ACTIONS, isSendable } from '@freguesia/shared/domain/communication';
import type { AnalyticsLead, AnalyticsRow } from '@freguesia/shared/schemas/communication';
import type { ServiceContext } from '../lib/context';
import { invalid, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { createLeadFromList } from '../segmentation/leads.service';
import { recordActivity } from '../segmentation/population.service';
import { communicationCampaign } from './campaign-state.service';
import { sendingRepository } from './sending.repository';

/**
 * What happened to the messages of a campaign (spec part 3 §3 'Analytics rows', §7): provider
 * events become one mark per (action, recipient) with the campaign's counter for that action, so
 * a redelivered event counts once; hard bounces and complaints join the suppression list. Clicks
 * that are not a person's (link scanners, HEAD probes, a click within seconds of delivery) are
 * left out.
 */

/** An e-mail event as SES's configuration set publishes it (EventBridge `detail`, or the SNS message). */
export interface SesEvent {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string; timestamp?: string; destination?: string[]; tags?: Record<string, string[]> };
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
  click?: { timestamp?: string; link?: string; userAgent?: string };
  open?: { timestamp?: string; userAgent?: string };
}

const ACTION_OF: Record<string, string> = {
  Delivery: 'delivered',
  Open: 'open',
  Click: 'click',
  Bounce: 'bounce',
  Complaint: 'complaint',
  Reject: 'dropped',
  RenderingFailure: 'dropped',
  DeliveryDelay: 'deferred',
};

/** The customer activity (segmentation condition CM) an e-mail event is. */
const ACTIVITY_OF: Record<string, 'email_sent' | 'email_read' | 'email_clicked'> = {
  Delivery: 'email_sent',
  Open: 'email_read',
  Click: 'email_clicked',
};

/** User agents of link scanners and mail-security gateways that follow links before a person does. */
const SCANNERS =
  /bot|crawler|spider|scanner|preview|barracuda|mimecast|proofpoint|safelinks|microsoft office|google-safety|slurp|python-requests|curl|wget|headless/i;
/** A click this soon after the message was sent is a machine's. */
export const HUMAN_AFTER_SECONDS = 5;

/** Whether an event is a person's action (opens and clicks); other events always count. */
export function isHuman(event: SesEvent): boolean {
  const action = event.click ?? event.open;
  if (!action) return true;
  if (action.userAgent && SCANNERS.test(action.userAgent)) return false;
  if (event.click && event.mail?.timestamp && action.timestamp) {
    const seconds = (Date.parse(action.timestamp) - Date.parse(event.mail.timestamp)) / 1000;
    if (seconds < HUMAN_AFTER_SECONDS) return false;
  }
  return true;
}

const tag = (event: SesEvent, name: string) => event.mail?.tags?.[name]?.[0];

/** The tenant an event belongs to (its `tenant` tag); undefined for messages not sent by a campaign. */
export const eventTenant = (event: SesEvent): string | undefined => tag(event, 'tenant');

/** Records one e-mail event of a campaign message. Answers the action counted, or undefined. */
export async function recordEmailEvent(ctx: ServiceContext, event: SesEvent): Promise<string | undefined> {
  const type = event.eventType ?? event.notificationType ?? '';
  const action = ACTION_OF[type];
  const campaign = Number(tag(event, 'campaign'));
  const recipient = tag(event, 'recipient');
  if (!action || !Number.isInteger(campaign) || !recipient) return undefined;
  if (!isHuman(event)) {
    logger.info('communications: machine click or open left out', { tenant: ctx.tenant, campaign, type });
    return undefined;
  }
  const repo = sendingRepository(ctx.tenant);
  const at = ctx.now().toISOString();
  const idCustomer = /^c\d+$/.test(recipient) ? Number(recipient.slice(1)) : undefined;
  // The segmentation conditions on communications (CM) see it first: recorded by the event's own
  // instant, so a redelivered event is the same activity; then the mark and counter, once.
  const kind = ACTIVITY_OF[type];
  if (kind && idCustomer) {
    const when = event.open?.timestamp ?? event.click?.timestamp ?? event.mail?.timestamp ?? at;
    await recordActivity(ctx, {
      customerId: idCustomer,
      kind,
      at: Number.isNaN(Date.parse(when)) ? at : new Date(when).toISOString(),
    });
  }
  await repo.mark(campaign, action, recipient, idCustomer, at);
  if ((type === 'Bounce' && event.bounce?.bounceType === 'Permanent') || type === 'Complaint') {
    const addresses = [
      ...(event.bounce?.bouncedRecipients ?? []),
      ...(event.complaint?.complainedRecipients ?? []),
    ]
      .map((r) => r.emailAddress?.toLowerCase())
      .filter((a): a is string => !!a);
    for (const address of addresses) await repo.suppress('EMAIL', address, type.toLowerCase(), at);
  }
  return action;
}

async function sendableOrThrow(ctx: ServiceContext, id: number) {
  const c = await communicationCampaign(ctx, id);
  if (!c || !isSendable(c.type)) throw notFound('Campanha não encontrada.');
  return c as typeof c & { type: 'EMAIL' | 'SMS' | 'PUSH' };
}

/** GET /web/campaigns/{id}/analytics: the count of each action of the campaign's channel. */
export async function campaignAnalytics(ctx: ServiceContext, id: number): Promise<AnalyticsRow[]> {
  const c = await sendableOrThrow(ctx, id);
  const counts = await sendingRepository(ctx.tenant).actionCounts(id);
  return ANALYTICS_ACTIONS[c.type].map((action) => ({ action, quantity: counts.get(action) ?? 0 }));
}

/** POST /web/campaigns/{id}/analytics/lead: a manual lead of the customers behind the actions. */
export async function leadFromAnalytics(
  ctx: ServiceContext,
  id: number,
  input: AnalyticsLead,
): Promise<{ id: number }> {
  const c = await sendableOrThrow(ctx, id);
  const known = new Set<string>(ANALYTICS_ACTIONS[c.type]);
  const unknown = input.filter.find((a) => !known.has(a));
  if (unknown) throw invalid({ filter: `Ação desconhecida: ${unknown}` });
  const ids = await sendingRepository(ctx.tenant).customersWith(id, input.filter);
  if (ids.length === 0) throw invalid({ filter: 'Nenhum cliente nesta audiência.' });
  const saved = await createLeadFromList(ctx, {
    description: input.title,
    customers: ids.map((id_customer) => ({ id_customer })),
  });
  return { id: saved.id };
}
