import { localDateTime } from '@freguesia/shared/domain/dates';
import { COMMUNICATION_MESSAGES, recipientList, runOnInstant, smsText, type SendableType } from '@freguesia/shared/schemas/communication';
import { clearCanceled, markCanceled, markExecuted, sendableCampaign, type SendableCampaign } from '../campaigns/communication-campaigns.service';
import { customerContacts, customerContactsPage, type CustomerContact } from '../customers/customers.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { conflict, invalid, notFound } from '../lib/errors';
import { escapeHtml, sanitizeEmailHtml } from '../lib/html';
import { logger } from '../lib/logger';
import { mailPort } from '../lib/ports/mail';
import { sendPush, sendSms } from '../lib/ports/messaging';
import { queuePort } from '../lib/ports/queue';
import { schedulerPort } from '../lib/ports/scheduler';
import { limit, take } from '../lib/ratelimit';
import { listMembers } from '../segmentation/population.service';
import { readSettingValue } from '../settings/settings.service';
import type { FireMessage, PlanMessage, SendMessage } from './sending.schema';
import { sendingRepository, type Recipient, type SendRun } from './sending.repository';

/**
 * The sending pipeline (functions/README.md, "Communications"):
 *
 *   campaign saved ──stream──▶ schedule (EventBridge Scheduler: at(...) or cron, São Paulo)
 *        │                        │ fires {kind:'fire'}
 *   'Enviar agora' ───────────────┴──▶ queue `communications` ─▶ planner: one audience page per
 *        message (lead members, the whole base or the explicit list), minus opt-outs, the suppression
 *        list and customers without an address ─▶ batches of 50 on the channel's queue ─▶ sender.
 *
 * Exactly-once effect: the sender claims each recipient in the ledger before the provider call and
 * completes the entry with the provider's message id after it, moving the run's counters in the same
 * transaction. A redelivered batch finds its recipients done; a claim left by a sender that died is
 * taken over after the lease and sent with the same idempotency key (the provider's dedup — SES has
 * none: see the README for that window). Pause parks batches, resume re-queues the planner from its
 * cursor, cancel settles every remaining recipient as skipped.
 */

export const PLANNER_QUEUE = 'communications';
export const CHANNEL_QUEUE: Record<SendableType, string> = { EMAIL: 'email', SMS: 'sms', PUSH: 'push' };

/** Tunables (tests shorten them). */
export const sendingOptions = {
  /** Recipients per channel message. */
  batchSize: 50,
  /** Audience rows the planner reads per message. */
  pageSize: 500,
  /**
   * A claim older than this belongs to a sender that died, and another sender may take the
   * recipient over. Shorter than the queue's visibility timeout. A live sender never calls the
   * provider past its own lease: see {@link providerCallBudget}.
   */
  leaseMs: 30_000,
  /** The longest a provider call may take before it is aborted (and the recipient retried). */
  providerTimeoutMs: 10_000,
  /** Seconds a parked batch (paused run, busy claims, rate limit) waits before it is looked at again. */
  parkSeconds: 15,
  /** Messages per second per tenant and channel (the provider's account rate is shared by tenants). */
  ratePerSecond: {
    EMAIL: Number(process.env.SEND_RATE_EMAIL) || 14,
    SMS: Number(process.env.SEND_RATE_SMS) || 10,
    PUSH: Number(process.env.SEND_RATE_PUSH) || 500,
  } as Record<SendableType, number>,
};

/**
 * How long a provider call may take: the provider timeout, but never more than a third of the
 * lease. A call starts only while at least this much of the sender's lease is left, and is aborted
 * when it runs out, so it has ended before anyone may take the recipient over.
 */
export const providerCallBudget = (): number => Math.floor(Math.min(sendingOptions.providerTimeoutMs, sendingOptions.leaseMs / 3));

/** The pipeline's queue messages (their schemas: sending.schema.ts). */
export type { FireMessage, PlanMessage, SendMessage };

/** Where the planner is: the audience source and its page cursor. */
interface PlanCursor {
  source: 'list' | 'lead' | 'base';
  cursor?: string;
}

const scheduleName = (tenant: string, campaign: number) => `comm-${tenant}-${campaign}`.slice(0, 64);
const minuteKey = (ctx: ServiceContext) => localDateTime(ctx.now()).slice(0, 16).replace(' ', 'T');

// ---------------------------------------------------------------- schedule

/**
 * Keeps a campaign's schedule in step with it (called for every change of a campaign on the
 * stream): a once-only send at `run_on`, a recurring one on its cron; nothing for an inactive,
 * unapproved, canceled or already executed once-only campaign.
 */
export async function syncSchedule(ctx: ServiceContext, id: number): Promise<'once' | 'cron' | 'none'> {
  const scheduler = await schedulerPort();
  const name = scheduleName(ctx.tenant, id);
  const c = await sendableCampaign(ctx, id);
  const target = { queue: PLANNER_QUEUE, payload: { kind: 'fire', tenant: ctx.tenant, campaign: id } satisfies FireMessage };
  if (!c || c.active !== 'Y' || !c.info.approvement || c.info.canceled_at) {
    await scheduler.cancel(name);
    return 'none';
  }
  if (c.info.type === 'R' && c.info.run_frequency) {
    await scheduler.cron(name, c.info.run_frequency, target);
    return 'cron';
  }
  const at = c.info.run_on ? runOnInstant(c.info.run_on) : undefined;
  if (c.info.type === 'O' && at && !c.info.executed_at) {
    await scheduler.once(name, new Date(Math.max(at.getTime(), ctx.now().getTime() + 1_000)), target);
    return 'once';
  }
  await scheduler.cancel(name);
  return 'none';
}

// ---------------------------------------------------------------- runs

function sendableOrThrow(c: SendableCampaign | undefined): SendableCampaign {
  if (!c) throw notFound('Campanha não encontrada.');
  return c;
}

/** Why a campaign cannot be sent now, or undefined. */
function refusal(c: SendableCampaign): string | undefined {
  if (c.active !== 'Y') return 'Ative a campanha antes de enviá-la.';
  if (!c.info.approvement) return COMMUNICATION_MESSAGES.notApproved;
  return undefined;
}

const initialCursor = (c: SendableCampaign): string =>
  JSON.stringify({ source: recipientList(c.info.recipients).length > 0 ? 'list' : c.id_lead ? 'lead' : 'base' } satisfies PlanCursor);

/**
 * Starts a run: once-only campaigns have one run ('once'); a recurring one a run per firing
 * minute. Idempotent: a second start of the same run answers the existing one.
 */
async function startRun(ctx: ServiceContext, c: SendableCampaign): Promise<SendRun> {
  const repo = sendingRepository(ctx.tenant);
  const run = c.info.type === 'R' ? minuteKey(ctx) : 'once';
  const cursor = initialCursor(c);
  const at = ctx.now().toISOString();
  if (await repo.createRun({ campaign: c.id, run, channel: c.type, cursor, at })) {
    await markExecuted(ctx, c.id, localDateTime(ctx.now()));
    await (await queuePort()).send(PLANNER_QUEUE, { kind: 'plan', tenant: ctx.tenant, campaign: c.id, run, step: 0, cursor } satisfies PlanMessage);
  }
  return (await repo.run(c.id, run))!;
}

/** A schedule fired: starts the run unless the campaign can no longer be sent (then nothing happens). */
export async function fireCampaign(ctx: ServiceContext, id: number): Promise<SendRun | undefined> {
  const c = await sendableCampaign(ctx, id);
  if (!c || refusal(c) || c.info.canceled_at) {
    logger.info('communications: schedule fired for a campaign that cannot be sent', { tenant: ctx.tenant, campaign: id });
    return undefined;
  }
  if (c.info.type === 'O' && c.info.executed_at) return sendingRepository(ctx.tenant).run(id, 'once');
  return startRun(ctx, c);
}

/** POST /web/communications/{id}/send: 'Enviar agora'. An executed once-only campaign is not sent again. */
export async function sendNow(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const c = sendableOrThrow(await sendableCampaign(ctx, id, 'write'));
  const refused = refusal(c);
  if (refused) throw invalid(refused);
  if (c.info.type === 'O' && c.info.executed_at) throw conflict(COMMUNICATION_MESSAGES.executed);
  if (c.info.canceled_at) await clearCanceled(ctx, id);
  return progressOf(id, await startRun(ctx, c));
}

// ---------------------------------------------------------------- planner

/** The audience page at `cursor`: contacts, and the next cursor (undefined at the end). */
async function audiencePage(ctx: ServiceContext, c: SendableCampaign, at: PlanCursor): Promise<{ recipients: Recipient[]; skipped: number; next?: PlanCursor }> {
  if (at.source === 'list') {
    const recipients = recipientList(c.info.recipients).map((address) => ({ key: address.toLowerCase(), address, name: '' }));
    return { recipients, skipped: 0 };
  }
  let contacts: CustomerContact[];
  let next: string | undefined;
  if (at.source === 'lead') {
    const page = await listMembers(ctx, c.id_lead!, at.cursor, sendingOptions.pageSize);
    contacts = await customerContacts(ctx, page.ids);
    next = page.cursor;
    // Members removed from the base since the lead was computed count as skipped.
    const missing = page.ids.length - contacts.length;
    const chosen = reachable(c.type, contacts);
    return { ...chosen, skipped: chosen.skipped + missing, ...(next ? { next: { source: 'lead', cursor: next } } : {}) };
  }
  const page = await customerContactsPage(ctx, at.cursor, sendingOptions.pageSize);
  const chosen = reachable(c.type, page.contacts);
  return { ...chosen, ...(page.cursor ? { next: { source: 'base', cursor: page.cursor } } : {}) };
}

/** Who of the contacts the channel reaches: active, with an address, not opted out. */
function reachable(type: SendableType, contacts: CustomerContact[]): { recipients: Recipient[]; skipped: number } {
  const recipients: Recipient[] = [];
  for (const c of contacts) {
    const address = type === 'EMAIL' ? c.email?.trim().toLowerCase() : type === 'SMS' ? c.cellphone?.replace(/\D/g, '') : c.app_optout === 'N' ? `c${c.id}` : undefined;
    const optedOut = type === 'EMAIL' ? c.email_optout === 'Y' : type === 'SMS' ? c.cellphone_optout === 'Y' : c.app_optout === 'Y';
    if (c.active !== 'Y' || optedOut || !address) continue;
    recipients.push({ key: `c${c.id}`, id_customer: c.id, address, name: c.fullname, document: c.document, ...(c.cellphone ? { cellphone: c.cellphone } : {}) });
  }
  return { recipients, skipped: contacts.length - recipients.length };
}

/** Times an early plan message is put back (1 s apart) before it is dropped: the redelivery of its predecessor queues it again. */
const EARLY_RETRIES = 30;

/**
 * One planner step: the page at the message's cursor becomes channel batches. The next step is
 * queued before the run moves, so a crash anywhere leaves the message to be redelivered and redone
 * (its batches are deduplicated by the ledger); a stale or duplicate message changes nothing, and
 * one that arrives before its step is due (the previous step has not committed yet) is put back.
 * A step is taken by one message at a time (a lease), so two copies delivered together do not
 * queue the page's batches twice, nor two chains of next steps.
 */
export async function planStep(ctx: ServiceContext, message: PlanMessage): Promise<void> {
  const repo = sendingRepository(ctx.tenant);
  const run = await repo.run(message.campaign, message.run);
  if (!run || run.status !== 'PLANNING' || message.step < run.step) return;
  if (message.step > run.step) {
    if ((message.early ?? 0) < EARLY_RETRIES) await (await queuePort()).send(PLANNER_QUEUE, { ...message, early: (message.early ?? 0) + 1 }, { delaySeconds: 1 });
    return;
  }
  const takenAt = ctx.now().getTime();
  const take = await repo.takeStep(run, takenAt, sendingOptions.leaseMs);
  if (!take.taken) {
    // Another copy of this message is planning the page (or the step has just moved on). The copy
    // waits: if the taker dies, the step is taken again after its lease.
    if (take.found?.status === 'PLANNING' && take.found.step === message.step) await (await queuePort()).send(PLANNER_QUEUE, message, { delaySeconds: sendingOptions.parkSeconds });
    return;
  }
  let moved = false;
  try {
    moved = await planTakenStep(ctx, run, message);
  } finally {
    // A step that did not move (paused or canceled meanwhile, or an error) is given back, so the
    // resumed or redelivered message takes it at once instead of waiting out the lease.
    if (!moved) await repo.releaseStep(run, takenAt).catch((error: unknown) => logger.warn('communications: planner step not given back', { tenant: ctx.tenant, campaign: run.campaign, error }));
  }
}

/** The page of a step this message has taken, as channel batches; answers whether the run moved on. */
async function planTakenStep(ctx: ServiceContext, run: SendRun, message: PlanMessage): Promise<boolean> {
  const repo = sendingRepository(ctx.tenant);
  const c = await sendableCampaign(ctx, message.campaign);
  if (!c) {
    await repo.setStatus(run, 'CANCELED', ['PLANNING', 'SENDING', 'PAUSED'], { finished_at: ctx.now().toISOString(), canceled_by: 'JOB' });
    return false;
  }
  const page = await audiencePage(ctx, c, JSON.parse(message.cursor) as PlanCursor);
  const suppressed = c.type === 'EMAIL' ? await repo.suppressed('EMAIL', page.recipients.map((r) => r.address)) : new Set<string>();
  const recipients = page.recipients.filter((r) => !suppressed.has(r.address));
  const queue = await queuePort();
  for (let i = 0; i < recipients.length; i += sendingOptions.batchSize) {
    await queue.send(CHANNEL_QUEUE[c.type], { kind: 'send', tenant: ctx.tenant, campaign: c.id, run: run.run, recipients: recipients.slice(i, i + sendingOptions.batchSize) } satisfies SendMessage);
  }
  const next = page.next ? JSON.stringify(page.next) : null;
  if (next) await queue.send(PLANNER_QUEUE, { kind: 'plan', tenant: ctx.tenant, campaign: c.id, run: run.run, step: run.step + 1, cursor: next } satisfies PlanMessage);
  const moved = await repo.advance(run, { cursor: next, planned: recipients.length, skipped: page.skipped + suppressed.size });
  if (moved && !next) await completeIfDone(ctx, c.id, run.run);
  return moved;
}

async function completeIfDone(ctx: ServiceContext, campaign: number, runKey: string): Promise<void> {
  const repo = sendingRepository(ctx.tenant);
  const run = await repo.run(campaign, runKey);
  if (run && run.status === 'SENDING' && run.planning_done && run.sent + run.failed + run.canceled >= run.planned) {
    await repo.setStatus(run, 'COMPLETED', ['SENDING'], { finished_at: ctx.now().toISOString() });
  }
}

// ---------------------------------------------------------------- sender

/** What a channel's provider does with one recipient: the provider's message id, or a permanent failure. */
export interface ChannelSender {
  send(input: {
    campaign: SendableCampaign;
    recipient: Recipient;
    idempotencyKey: string;
    tags: Record<string, string>;
    /** Aborts the provider request when the call's budget (inside the sender's lease) runs out. */
    signal?: AbortSignal;
  }): Promise<{ ok: true; id: string } | { ok: false; error: string }>;
}

/** Template variables of a message (spec: the customer's name and others), escaped for HTML when `html`. */
export function renderTemplate(template: string, r: Recipient, html: boolean): string {
  const first = r.name.trim().split(/\s+/)[0] ?? '';
  const title = (s: string) => s.toLowerCase().replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
  const values: Record<string, string> = {
    nome: title(r.name),
    primeiro_nome: title(first),
    email: r.address.includes('@') ? r.address : '',
    celular: r.cellphone ?? '',
    documento: r.document ?? '',
  };
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

async function senderFrom(ctx: ServiceContext): Promise<string> {
  return (await readSettingValue(ctx, 'sendgrid_from'))?.trim() || process.env.MAIL_FROM || `nao-responda@${ctx.tenant}.freguesia.app`;
}

/** The e-mail channel: SES (the local outbox in `npm start`). */
export function emailSender(ctx: ServiceContext): ChannelSender {
  let from: Promise<string> | undefined;
  return {
    async send({ campaign, recipient, idempotencyKey, tags, signal }) {
      from ??= senderFrom(ctx);
      const mail = await mailPort();
      const id = await mail.send({
        from: await from,
        to: [recipient.address],
        subject: renderTemplate(campaign.info.layout_title, recipient, false),
        html: renderTemplate(campaign.info.layout_body, recipient, true),
        idempotencyKey,
        tags,
        ...(signal ? { signal } : {}),
      });
      return { ok: true, id };
    },
  };
}

/** The SMS channel (Zenvia; a stand-in locally): the text as the spec strips it. */
export const smsSender = (): ChannelSender => ({
  async send({ campaign, recipient, idempotencyKey, signal }) {
    const answer = await sendSms({ to: recipient.address, text: smsText(renderTemplate(campaign.info.layout_body, recipient, false)), idempotencyKey: idempotencyKey.slice(0, 100), signal });
    return answer.ok ? { ok: true, id: answer.id ?? '' } : { ok: false, error: answer.error ?? 'recusado' };
  },
});

/** The push channel (OneSignal; a stand-in locally), to the customer's app by external id. */
export const pushSender = (): ChannelSender => ({
  async send({ campaign, recipient, idempotencyKey, signal }) {
    const answer = await sendPush({
      externalId: recipient.key,
      title: renderTemplate(campaign.info.layout_title, recipient, false),
      heading: renderTemplate(campaign.info.layout_header, recipient, false),
      body: renderTemplate(campaign.info.layout_body, recipient, false),
      ...(campaign.info.url ? { url: campaign.info.url } : {}),
      idempotencyKey,
      signal,
    });
    return answer.ok ? { ok: true, id: answer.id ?? '' } : { ok: false, error: answer.error ?? 'recusado' };
  },
});

/** Senders per channel (tests replace them). */
export const channelSenders: Partial<Record<SendableType, (ctx: ServiceContext) => ChannelSender>> = { EMAIL: emailSender, SMS: smsSender, PUSH: pushSender };

/** The analytics action of a send's outcome per channel (spec part 3 §3, §7 filters). */
const OUTCOME_ACTIONS: Record<SendableType, { sent: string; failed: string }> = {
  EMAIL: { sent: 'sent', failed: 'dropped' },
  SMS: { sent: 'SENT', failed: 'REJECTED' },
  PUSH: { sent: 'sent', failed: 'failed' },
};

/** Provider attempts of one recipient before it is counted as failed (never dropped silently). */
export const MAX_ATTEMPTS = 8;
/** Recipients of one message in flight at once. */
const CONCURRENCY = 8;

/**
 * One channel message: each recipient claimed, sent and completed. Recipients that cannot be
 * handled now — a paused run, a fresh claim of another sender, the tenant's rate, a provider error
 * that may pass — are parked in a new message with a delay, so the queue's own retries (then its
 * dead-letter queue) are left to failures of the pipeline itself. A recipient whose provider calls
 * keep failing is counted as failed after {@link MAX_ATTEMPTS}.
 */
export async function sendBatch(ctx: ServiceContext, message: SendMessage): Promise<void> {
  const repo = sendingRepository(ctx.tenant);
  const run = await repo.run(message.campaign, message.run);
  if (!run) return;
  const queue = await queuePort();
  const type = run.channel as SendableType;
  const park = (recipients: Recipient[]) =>
    recipients.length > 0 ? queue.send(CHANNEL_QUEUE[type], { ...message, recipients }, { delaySeconds: sendingOptions.parkSeconds }) : Promise.resolve();
  if (run.status === 'PAUSED') return park(message.recipients);
  const at = () => ctx.now().toISOString();
  if (run.status === 'CANCELED') {
    // Settled as canceled, except claims a live sender holds (its send, if it happens, still counts).
    await mapLimited(message.recipients, CONCURRENCY, async (r) => {
      if ((await repo.claim(run.campaign, run.run, r, ctx.now().getTime(), sendingOptions.leaseMs)) === 'claimed') await repo.complete(run.campaign, run.run, r.key, { status: 'CANCELED', at: at() });
    });
    return;
  }
  const campaign = await sendableCampaign(ctx, message.campaign);
  const make = channelSenders[type];
  if (!campaign || !make) throw new Error(`communications: no sender for ${type}`);
  const sender = make(ctx);
  const sendOne = async (r: Recipient): Promise<void> => {
    const claimedAt = ctx.now().getTime();
    const claim = await repo.claim(run.campaign, run.run, r, claimedAt, sendingOptions.leaseMs);
    if (claim === 'done') return;
    if (claim === 'busy') {
      parked.push(r);
      return;
    }
    // The claim is this sender's until the lease ends; then another sender may take the recipient
    // over and send. So the call starts only while a whole call budget of lease is left (a claim
    // write that crawled on a stalled host leaves too little) and is aborted when the budget runs
    // out: two live senders never call the provider for one recipient. A recipient left here gives
    // its claim back (if still ours) and is parked, so the next look claims it at once.
    const budget = providerCallBudget();
    if (ctx.now().getTime() - claimedAt > sendingOptions.leaseMs - budget) {
      logger.warn('communications: claim too old to call the provider, recipient parked', { tenant: ctx.tenant, campaign: run.campaign, elapsedMs: ctx.now().getTime() - claimedAt });
      await repo.releaseClaim(run.campaign, run.run, r.key, claimedAt);
      parked.push(r);
      return;
    }
    const idempotencyKey = `${ctx.tenant}:${run.campaign}:${run.run}:${r.key}`;
    let outcome: Awaited<ReturnType<ChannelSender['send']>>;
    try {
      outcome = await sender.send({
        campaign,
        recipient: r,
        idempotencyKey,
        tags: { tenant: ctx.tenant, campaign: String(run.campaign), run: run.run, recipient: r.key },
        signal: AbortSignal.timeout(budget),
      });
    } catch (error) {
      const attempts = (await repo.delivery(run.campaign, run.run, r.key))?.attempts ?? 1;
      if (attempts >= MAX_ATTEMPTS) {
        outcome = { ok: false, error: (error as Error).message || 'falha do provedor' };
      } else {
        logger.warn('communications: provider call failed, recipient parked', { tenant: ctx.tenant, campaign: run.campaign, attempts, error });
        await repo.releaseClaim(run.campaign, run.run, r.key, claimedAt);
        parked.push(r);
        return;
      }
    }
    const done = outcome.ok ? { status: 'SENT' as const, provider_id: outcome.id, at: at() } : { status: 'FAILED' as const, error: outcome.error, at: at() };
    // The customer's 'Recebeu SMS' (segmentation CM) is Zenvia's DELIVERED report, not the acceptance
    // (provider-events.service.ts). OneSignal's reports name only the notification id: the ledger
    // completion keeps the lookup from it to this send.
    const lookup = outcome.ok && type === 'PUSH' ? { provider: 'onesignal', ...(r.id_customer ? { id_customer: r.id_customer } : {}) } : undefined;
    await repo.complete(run.campaign, run.run, r.key, done, OUTCOME_ACTIONS[type][outcome.ok ? 'sent' : 'failed'], lookup);
  };
  const granted = await take(ctx.tenant, `send:${type}`, sendingOptions.ratePerSecond[type], 1, message.recipients.length);
  const parked: Recipient[] = message.recipients.slice(granted);
  const turn = message.recipients.slice(0, granted);
  for (let i = 0; i < turn.length; i += CONCURRENCY) {
    // A pause or cancel stops the batch within one group of calls in flight.
    if (i > 0) {
      const now = await repo.run(run.campaign, run.run);
      if (now?.status !== 'SENDING' && now?.status !== 'PLANNING') {
        parked.push(...turn.slice(i));
        break;
      }
    }
    await Promise.all(turn.slice(i, i + CONCURRENCY).map((r) => sendOne(r)));
  }
  await park(parked);
  await completeIfDone(ctx, run.campaign, run.run);
}

// ---------------------------------------------------------------- pause, resume, cancel, progress

export interface SendProgressView {
  id_campaign: number;
  run: string | null;
  status: SendRun['status'] | 'NONE';
  planned: number;
  sent: number;
  failed: number;
  skipped: number;
  started_at: string | null;
  finished_at: string | null;
}

const progressOf = (campaign: number, run: SendRun | undefined): SendProgressView => ({
  id_campaign: campaign,
  run: run?.run ?? null,
  status: run?.status ?? 'NONE',
  planned: run?.planned ?? 0,
  sent: run?.sent ?? 0,
  failed: run?.failed ?? 0,
  skipped: (run?.skipped ?? 0) + (run?.canceled ?? 0),
  started_at: run?.started_at ?? null,
  finished_at: run?.finished_at ?? null,
});

async function latestOf(ctx: ServiceContext, id: number, action: 'read' | 'write' = 'write'): Promise<SendRun | undefined> {
  sendableOrThrow(await sendableCampaign(ctx, id, action));
  return sendingRepository(ctx.tenant).latestRun(id);
}

/** GET /web/communications/{id}/progress: the latest run. */
export async function sendProgress(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  return progressOf(id, await latestOf(ctx, id, 'read'));
}

const NOT_RUNNING = 'Não há envio em andamento para esta campanha.';

/** POST /web/communications/{id}/pause. */
export async function pauseSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const run = await latestOf(ctx, id);
  if (!run || !(await sendingRepository(ctx.tenant).setStatus(run, 'PAUSED', ['PLANNING', 'SENDING']))) throw conflict(NOT_RUNNING);
  return sendProgress(ctx, id);
}

/** POST /web/communications/{id}/resume: planning goes on from its cursor; parked batches find the run sending. */
export async function resumeSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const repo = sendingRepository(ctx.tenant);
  const run = await latestOf(ctx, id);
  if (!run || run.status !== 'PAUSED') throw conflict('Esta campanha não está pausada.');
  const status = run.planning_done ? 'SENDING' : 'PLANNING';
  if (!(await repo.setStatus(run, status, ['PAUSED']))) throw conflict('Esta campanha não está pausada.');
  if (status === 'PLANNING' && run.cursor) {
    await (await queuePort()).send(PLANNER_QUEUE, { kind: 'plan', tenant: ctx.tenant, campaign: id, run: run.run, step: run.step, cursor: run.cursor } satisfies PlanMessage);
  }
  await completeIfDone(ctx, id, run.run);
  return sendProgress(ctx, id);
}

/** POST /web/communications/{id}/cancel: recipients not yet sent are settled as skipped. */
export async function cancelSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const run = await latestOf(ctx, id);
  const at = ctx.now().toISOString();
  const by = staffOf(ctx)?.fullname ?? 'JOB';
  if (!run || !(await sendingRepository(ctx.tenant).setStatus(run, 'CANCELED', ['PLANNING', 'SENDING', 'PAUSED'], { finished_at: at, canceled_by: by }))) throw conflict(NOT_RUNNING);
  await markCanceled(ctx, id, localDateTime(ctx.now()), by);
  return sendProgress(ctx, id);
}

/** POST /web/communications/email/test: the message as written, to one address, with sample variables. */
export async function sendTestEmail(ctx: ServiceContext, input: { email: string; subject: string; html: string }): Promise<{ status: 'success'; message: string }> {
  await limit(ctx.tenant, `email-test:${staffOf(ctx)?.userId ?? 'system'}`, 20, 60);
  const sample: Recipient = { key: 'test', address: input.email, name: staffOf(ctx)?.fullname ?? 'Cliente Exemplo' };
  await (await mailPort()).send({
    from: await senderFrom(ctx),
    to: [input.email],
    subject: `[TESTE] ${renderTemplate(input.subject, sample, false)}`,
    html: renderTemplate(sanitizeEmailHtml(input.html), sample, true),
  });
  return { status: 'success', message: COMMUNICATION_MESSAGES.testSent };
}
