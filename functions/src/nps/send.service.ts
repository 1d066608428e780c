import type { SendableType } from '@freguesia/shared/domain/communication';
import { sendToCustomer } from '../communications/direct.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { npsRepository, type NpsSettingsItem } from './nps.repository';
import type { NpsSendMessage } from './send.schema';
import { surveyLink } from './survey-link.service';

/**
 * The send rule (spec part 3 §3 'NPS', §5; functions/README.md "NPS"): after a purchase at an
 * included store, a customer not surveyed within `interval_days` gets one survey. The purchase
 * stream (purchases.stream.ts) opens the customer's window with a conditional write — at most one
 * survey per window, whatever the purchases, redeliveries or concurrent processors — and queues
 * the survey; the `nps` queue's consumer sends it on each enabled channel through the
 * communications service (opt-outs, suppression list and costs are its rules).
 */

export const NPS_QUEUE = 'nps';
const DAY_MS = 86_400_000;

/** A purchase as the rule needs it (customers/changes.service's StoredPurchase). */
export interface NpsPurchase {
  id: number;
  store: number;
  customerId: number | null;
}

/** The channels a survey goes out on. */
export function enabledChannels(
  s: Pick<NpsSettingsItem, 'mail_active' | 'sms_active' | 'push_active'>,
): SendableType[] {
  return [
    ...(s.mail_active ? (['EMAIL'] as const) : []),
    ...(s.sms_active ? (['SMS'] as const) : []),
    ...(s.push_active ? (['PUSH'] as const) : []),
  ];
}

/** Whether purchases at `store` are surveyed (no store chosen: every store). */
export const storeIncluded = (stores: readonly number[], store: number): boolean =>
  stores.length === 0 || stores.includes(store);

/**
 * Purchases stored by POS ingestion (stream order): each identified purchase at an included store
 * opens a survey unless the customer's window is still open. Idempotent: a redelivered purchase
 * finds the window it opened and queues its survey again (the consumer sends a survey once).
 */
export async function surveyAfterPurchases(
  ctx: ServiceContext,
  purchases: readonly NpsPurchase[],
): Promise<number> {
  const repo = npsRepository(ctx.tenant);
  const settings = await repo.settings();
  if (!settings?.active || enabledChannels(settings).length === 0) return 0;
  const queue = await queuePort();
  let opened = 0;
  for (const p of purchases) {
    if (!p.customerId || p.customerId <= 0 || !storeIncluded(settings.stores, p.store)) continue;
    const now = ctx.now();
    const cutoff = new Date(now.getTime() - settings.interval_days * DAY_MS).toISOString();
    const window = await repo.window(p.customerId);
    if (window && window.surveyed_at >= cutoff) {
      // This purchase's own window (a redelivery): make sure its survey is queued.
      if (window.basket === p.id)
        await queue.send(NPS_QUEUE, {
          kind: 'nps-send',
          tenant: ctx.tenant,
          survey: window.survey,
        } satisfies NpsSendMessage);
      continue;
    }
    const survey = await repo.nextSurveyId();
    const at = now.toISOString();
    const created = await repo.openWindow(
      { customer: p.customerId, surveyed_at: at, survey, basket: p.id },
      { id: survey, customer: p.customerId, store: p.store, basket: p.id, created_at: at, sent: [] },
      cutoff,
    );
    if (!created) continue;
    opened++;
    await queue.send(NPS_QUEUE, { kind: 'nps-send', tenant: ctx.tenant, survey } satisfies NpsSendMessage);
  }
  return opened;
}

/**
 * Sends one survey on each enabled channel, once per channel: the channel is marked on the survey
 * before the provider is called, and given back when the call fails (the queue retries it).
 */
export async function sendSurvey(ctx: ServiceContext, message: NpsSendMessage): Promise<void> {
  const repo = npsRepository(ctx.tenant);
  const [survey, settings] = await Promise.all([repo.survey(message.survey), repo.settings()]);
  if (!survey || !settings?.active || survey.answered_at) return;
  const link = await surveyLink(ctx.tenant, survey.customer, survey.id);
  const failures: string[] = [];
  for (const channel of enabledChannels(settings)) {
    if (survey.sent?.includes(channel)) continue;
    if (!(await repo.markSent(survey.id, channel))) continue;
    const text = (t: string) => withLink(t, link, channel === 'EMAIL');
    const outcome = await sendToCustomer(ctx, {
      origin: 'NPS',
      channel,
      customerId: survey.customer,
      title: channel === 'EMAIL' ? settings.layout_mail_subject : settings.layout_push_title,
      body:
        channel === 'EMAIL'
          ? text(settings.layout_mail_body)
          : channel === 'SMS'
            ? text(settings.layout_sms_body)
            : text(settings.layout_push_body),
      ...(channel === 'PUSH' ? { url: link } : {}),
      idempotencyKey: `${ctx.tenant}:nps:${survey.id}:${channel}`,
    }).catch((error: unknown) => ({ status: 'ERROR' as const, error }));
    if (outcome.status === 'ERROR') {
      const current = await repo.survey(survey.id);
      await repo.unmarkSent(survey.id, channel, current?.sent ?? []);
      failures.push(channel);
      logger.warn('nps: survey not sent, retried', {
        tenant: ctx.tenant,
        survey: survey.id,
        channel,
        error: outcome.error,
      });
    } else if (outcome.status !== 'SENT') {
      logger.info('nps: survey not sent on a channel', {
        tenant: ctx.tenant,
        survey: survey.id,
        channel,
        outcome,
      });
    }
  }
  if (failures.length > 0) throw new Error(`nps: survey ${survey.id} not sent on ${failures.join(', ')}`);
}

/**
 * The survey link in a message: `{{link}}` (or `{{url}}`) replaced, else appended. In HTML the link
 * is an attribute-safe URL (its characters are base 62, ';' escaped and the signature's base64url).
 */
export function withLink(template: string, link: string, html: boolean): string {
  const href = html ? link.replace(/&/g, '&amp;').replace(/"/g, '%22') : link;
  if (/\{\{\s*(link|url)\s*\}\}/.test(template)) return template.replace(/\{\{\s*(link|url)\s*\}\}/g, href);
  if (!html) return `${template} ${link}`.trim();
  const button = `<p style="text-align:center"><a href="${href}">Responder a pesquisa</a></p>`;
  return template.includes('</body>')
    ? template.replace('</body>', `${button}</body>`)
    : `${template}${button}`;
}
