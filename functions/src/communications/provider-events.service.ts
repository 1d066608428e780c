import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServiceContext } from '../lib/context';
import { invalid, unauthenticated } from '../lib/errors';
import { logger } from '../lib/logger';
import { webhookSecret } from '../lib/ports/messaging';
import { queuePort } from '../lib/ports/queue';
import { limit } from '../lib/ratelimit';
import { applySmsReply } from './sms-replies.service';
import { recordActivity } from '../segmentation/population.service';
import {
  readProviderEvent,
  SMS_ACTIVITY,
  type Provider,
  type ProviderReport,
  type SendKey,
} from './provider-events.model';
import { findProviderMessage, sendingRepository } from './sending.repository';

/**
 * The SMS and push providers' delivery reports (functions/README.md, "Communications"):
 *
 *   Zenvia / OneSignal ──POST /api/hooks/{provider}──▶ secret checked, event read (nothing else)
 *        ──▶ queue `provider-events` (DLQ) ──▶ consumer: the send it is about (Zenvia: the key in
 *        `externalId`; OneSignal: the lookup kept at completion), checked against the ledger ──▶
 *        one mark per (action, recipient) with the campaign's counter, and the customer activity.
 *
 * The webhook answers at once and writes nothing but the queue message; everything after it is
 * idempotent, so a provider's retry or a redelivered queue message counts once.
 */

export const PROVIDER_EVENTS_QUEUE = 'provider-events';

/** The owner of the webhook's rate-limit counters: not a tenant label (those start with a letter or digit). */
const HOOKS_SCOPE = '_hooks';

/** Refused requests per minute from one address before it gets 429 (a provider sends the right secret). */
export const HOOK_LIMITS = { deniedPerMinute: 20 };

/** A report whose send is still being completed is looked at again this many times, this far apart (tests shorten it). */
export const REPORT_RETRY = { delaySeconds: 30, times: 10 };

const REFUSED = 'Não autorizado.';
/** The channel of the runs each provider reports on. */
const CHANNEL_OF: Record<Provider, string> = { zenvia: 'SMS', onesignal: 'PUSH' };

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Compares in constant time (over digests: equal lengths whatever was sent). */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

let warnedUnconfigured = false;

/**
 * POST /api/hooks/{provider}: a provider's event. Refused (401, the same answer whatever is
 * wrong) without the right secret, and rate-limited per address after repeated refusals; 400 for
 * a body that is no event of that provider. A report worth recording goes to the queue; other
 * events (Zenvia's SENT, OneSignal's sent) are acknowledged and dropped.
 */
export async function acceptProviderEvent(
  ctx: ServiceContext,
  provider: Provider,
  input: { token: string | undefined; body: unknown },
): Promise<{ received: true }> {
  const secret = await webhookSecret(provider);
  if (!secret || !input.token || !sameSecret(input.token, secret)) {
    if (!secret && !warnedUnconfigured) {
      warnedUnconfigured = true;
      logger.warn('communications: provider webhook secret is not configured; its reports are refused', {
        provider,
      });
    }
    await limit(
      HOOKS_SCOPE,
      `hooks:${provider}:denied:${ctx.sourceIp ?? 'unknown'}`,
      HOOK_LIMITS.deniedPerMinute,
      60,
    );
    throw unauthenticated(REFUSED);
  }
  const reading = readProviderEvent(provider, input.body);
  if (reading.kind === 'malformed') throw invalid('Evento não reconhecido.');
  if (reading.kind === 'report') await (await queuePort()).send(PROVIDER_EVENTS_QUEUE, reading.report);
  // An opt-out or opt-in reply is applied at once (a few small writes; the customer expects it to hold now).
  if (reading.kind === 'reply')
    await applySmsReply(
      { from: reading.from, text: reading.text, ...(reading.id ? { id: reading.id } : {}) },
      ctx.now(),
    );
  return { received: true };
}

/** The send a report is about. */
export type ReportedSend = SendKey & { id_customer?: number };

/**
 * Which send (and so which tenant) a report is about: Zenvia's names it in the key; OneSignal's
 * through the lookup the sender kept. Undefined for messages the pipeline did not send. Not bound
 * to a tenant: this is what finds it.
 */
export async function locateProviderReport(report: ProviderReport): Promise<ReportedSend | undefined> {
  if (report.provider === 'zenvia') return report.key;
  const found = report.messageId ? await findProviderMessage('onesignal', report.messageId) : undefined;
  if (!found) {
    // The lookup is written when the sender completes the send, after OneSignal has accepted it: a
    // report may come first (a loaded host, a fast provider). It is looked at again for a while
    // rather than dropped; a notification the pipeline never sent is left out after the retries.
    if ((await parkReport(report)) === 'parked') return undefined;
    logger.info('communications: push report of a notification the pipeline did not send', {
      eventId: report.eventId,
    });
    return undefined;
  }
  if (report.externalId && report.externalId !== found.recipient) {
    logger.warn('communications: push report of another user than the notification’s, left out', {
      tenant: found.tenant,
      campaign: found.campaign,
      eventId: report.eventId,
    });
    return undefined;
  }
  return {
    tenant: found.tenant,
    campaign: found.campaign,
    run: found.run,
    recipient: found.recipient,
    ...(found.id_customer ? { id_customer: found.id_customer } : {}),
  };
}

/**
 * Records a located report: checked against the ledger (a sent message of a run of the provider's
 * channel), then for each action the customer activity (an SMS delivery is 'Recebeu SMS',
 * segmentation CM) by the event's own instant, and the mark with its counter, once. A report that
 * arrives before its send is completed is put back on the queue for a while.
 */
export async function recordProviderReport(
  ctx: ServiceContext,
  report: ProviderReport,
  send: ReportedSend,
): Promise<'recorded' | 'parked' | 'ignored'> {
  const repo = sendingRepository(ctx.tenant);
  const delivery = await repo.delivery(send.campaign, send.run, send.recipient);
  if (delivery?.status === 'CLAIMED')
    return parkReport(report, { tenant: ctx.tenant, campaign: send.campaign });
  if (delivery?.status !== 'SENT') {
    logger.info('communications: provider report of no sent message, left out', {
      tenant: ctx.tenant,
      campaign: send.campaign,
      provider: report.provider,
      eventId: report.eventId,
    });
    return 'ignored';
  }
  if ((await repo.run(send.campaign, send.run))?.channel !== CHANNEL_OF[report.provider]) {
    logger.warn('communications: provider report of another channel’s send, left out', {
      tenant: ctx.tenant,
      campaign: send.campaign,
      provider: report.provider,
    });
    return 'ignored';
  }
  const idCustomer = delivery.id_customer ?? send.id_customer;
  const at = ctx.now().toISOString();
  for (const action of report.actions) {
    const kind = report.provider === 'zenvia' ? SMS_ACTIVITY[action] : undefined;
    if (kind && idCustomer) await recordActivity(ctx, { customerId: idCustomer, kind, at: report.at ?? at });
    await repo.mark(send.campaign, action, send.recipient, idCustomer, at);
  }
  return 'recorded';
}

async function parkReport(
  report: ProviderReport,
  send: { tenant?: string; campaign?: number } = {},
): Promise<'parked' | 'ignored'> {
  const early = report.early ?? 0;
  if (early >= REPORT_RETRY.times) {
    logger.warn('communications: provider report of a send never completed, left out', {
      ...send,
      provider: report.provider,
      eventId: report.eventId,
    });
    return 'ignored';
  }
  await (
    await queuePort()
  ).send(PROVIDER_EVENTS_QUEUE, { ...report, early: early + 1 } satisfies ProviderReport, {
    delaySeconds: REPORT_RETRY.delaySeconds,
  });
  return 'parked';
}
