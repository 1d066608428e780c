import type { SendableType } from '@freguesia/shared/domain/communication';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { take } from '../lib/ratelimit';
import { sendableCampaign } from './campaign-state.service';
import { channelSenders, type SendOutcome } from './channel-senders.service';
import { completeIfDone } from './runs.service';
import { CHANNEL_QUEUE, providerCallBudget, sendingOptions, type SendMessage } from './sending.model';
import { sendingRepository, type Recipient } from './sending.repository';

/** The channel queues' message schema (a channel's own consumer, e.g. src/whatsapp/send.consumer.ts, parses with it). */
export { SendMessage } from './sending.schema';

/**
 * The sender (the channel queues `email`, `sms`, `push`; send.consumer.ts): the ledger loop around
 * a channel's provider (channel-senders.service.ts). Each recipient is claimed in the ledger, sent
 * with the idempotency key `tenant:campaign:run:recipient` and completed with the provider's
 * message id in one transaction with the run's counter (sending.model.ts has the whole pipeline).
 */

/** The analytics action of a send's outcome per channel (spec part 3 §3, §7 filters). */
const OUTCOME_ACTIONS: Record<SendableType, { sent: string; failed: string }> = {
  EMAIL: { sent: 'sent', failed: 'dropped' },
  SMS: { sent: 'SENT', failed: 'REJECTED' },
  PUSH: { sent: 'sent', failed: 'failed' },
  WPPM: { sent: 'sent', failed: 'failed' },
  WPPG: { sent: 'sent', failed: 'failed' },
  WPPC: { sent: 'sent', failed: 'failed' },
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
  // A parked batch carries only recipients not yet settled: a copy of a batch (the queue delivers
  // at least once) finds its twin's work done and ends, instead of both parking again and again.
  const park = async (recipients: Recipient[], delaySeconds = sendingOptions.parkSeconds) => {
    if (recipients.length === 0) return;
    const settled = await repo.settled(
      message.campaign,
      message.run,
      recipients.map((r) => r.key),
    );
    const left = recipients.filter((r) => !settled.has(r.key));
    if (left.length > 0)
      await queue.send(CHANNEL_QUEUE[type], { ...message, recipients: left }, { delaySeconds });
  };
  if (run.status === 'PAUSED') return park(message.recipients);
  const at = () => ctx.now().toISOString();
  if (run.status === 'CANCELED') {
    // Settled as canceled, except claims a live sender holds (its send, if it happens, still counts).
    await mapLimited(message.recipients, CONCURRENCY, async (r) => {
      if (
        (await repo.claim(run.campaign, run.run, r, ctx.now().getTime(), sendingOptions.leaseMs)) ===
        'claimed'
      )
        await repo.complete(run.campaign, run.run, r.key, { status: 'CANCELED', at: at() });
    });
    return;
  }
  const campaign = await sendableCampaign(ctx, message.campaign);
  const make = channelSenders[type];
  if (!campaign || !make) throw new Error(`communications: no sender for ${type}`);
  const sender = make(ctx);
  /** A paced channel's wait before its next slot (ms): the rest of the batch waits that long. */
  let paceWaitMs = 0;
  const sendOne = async (r: Recipient): Promise<void> => {
    const claimedAt = ctx.now().getTime();
    const claim = await repo.claim(run.campaign, run.run, r, claimedAt, sendingOptions.leaseMs);
    if (claim === 'done') return;
    if (claim === 'busy') {
      parked.push(r);
      return;
    }
    if (sender.admit) {
      const admitted = await sender.admit({ campaign, recipient: r });
      if (!admitted.ok) {
        await repo.complete(run.campaign, run.run, r.key, {
          status: 'CANCELED',
          error: admitted.error,
          at: at(),
        });
        return;
      }
    }
    if (sender.pace) {
      // The slot is taken after the claim: a recipient already sent (a redelivered batch) costs none.
      // A short wait is slept here (the claim's lease allowing); a longer one parks the batch.
      let slept = false;
      for (;;) {
        const slot = await sender.pace({ campaign, recipient: r });
        if (slot.ok) {
          // A wait was slept: the send-time rules are looked at again (an opt-out may have come in).
          const admitted =
            slept && sender.admit ? await sender.admit({ campaign, recipient: r }) : { ok: true };
          if (!admitted.ok) {
            await repo.complete(run.campaign, run.run, r.key, {
              status: 'CANCELED',
              error: 'error' in admitted ? admitted.error : '',
              at: at(),
            });
            return;
          }
          break;
        }
        const elapsed = ctx.now().getTime() - claimedAt;
        if (
          slot.waitMs <= sendingOptions.paceSleepMaxMs &&
          elapsed + slot.waitMs < sendingOptions.leaseMs - providerCallBudget()
        ) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(1, slot.waitMs)));
          slept = true;
          continue;
        }
        await repo.releaseClaim(run.campaign, run.run, r.key, claimedAt);
        paceWaitMs = slot.waitMs;
        parked.push(r);
        return;
      }
    }
    // The claim is this sender's until the lease ends; then another sender may take the recipient
    // over and send. So the call starts only while a whole call budget of lease is left (a claim
    // write that crawled on a stalled host leaves too little) and is aborted when the budget runs
    // out: two live senders never call the provider for one recipient. A recipient left here gives
    // its claim back (if still ours) and is parked, so the next look claims it at once.
    const budget = providerCallBudget();
    if (ctx.now().getTime() - claimedAt > sendingOptions.leaseMs - budget) {
      logger.warn('communications: claim too old to call the provider, recipient parked', {
        tenant: ctx.tenant,
        campaign: run.campaign,
        elapsedMs: ctx.now().getTime() - claimedAt,
      });
      await repo.releaseClaim(run.campaign, run.run, r.key, claimedAt);
      parked.push(r);
      return;
    }
    const idempotencyKey = `${ctx.tenant}:${run.campaign}:${run.run}:${r.key}`;
    let outcome: SendOutcome;
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
        logger.warn('communications: provider call failed, recipient parked', {
          tenant: ctx.tenant,
          campaign: run.campaign,
          attempts,
          error,
        });
        await repo.releaseClaim(run.campaign, run.run, r.key, claimedAt);
        parked.push(r);
        return;
      }
    }
    if (!outcome.ok && outcome.skip) {
      await repo.complete(run.campaign, run.run, r.key, {
        status: 'CANCELED',
        error: outcome.error,
        at: at(),
      });
      return;
    }
    const done = outcome.ok
      ? { status: 'SENT' as const, provider_id: outcome.id, at: at() }
      : { status: 'FAILED' as const, error: outcome.error, at: at() };
    // The customer's 'Recebeu SMS' (segmentation CM) is Zenvia's DELIVERED report, not the acceptance
    // (provider-events.service.ts). OneSignal's reports name only the notification id: the ledger
    // completion keeps the lookup from it to this send.
    const provider = outcome.ok ? (outcome.lookup ?? (type === 'PUSH' ? 'onesignal' : undefined)) : undefined;
    const lookup = provider
      ? {
          provider,
          ...(r.id_customer ? { id_customer: r.id_customer } : {}),
          ...(outcome.ok && outcome.ids ? { ids: outcome.ids } : {}),
        }
      : undefined;
    await repo.complete(
      run.campaign,
      run.run,
      r.key,
      done,
      OUTCOME_ACTIONS[type][outcome.ok ? 'sent' : 'failed'],
      lookup,
    );
  };
  // The tenant's rate (per second): a batch beyond it waits for the next second in the same call
  // (up to `rateWaitMaxMs`) instead of parking the rest for `parkSeconds` — parking 36 of 50 for
  // 15 s held a 14/s channel at ~1/s on small sends. Recipients left when the wait runs out are parked
  // for about as long as the rate needs to reach them.
  const rate = sendingOptions.ratePerSecond[type];
  const startedAt = Date.now();
  const granted = await take(ctx.tenant, `send:${type}`, rate, 1, message.recipients.length);
  const parked: Recipient[] = [];
  if (sender.pace) {
    // A paced channel: one message at a time, each in a slot of the channel's pacer; the run's
    // status (pause, cancel) and the pacer's wait are looked at before each.
    const turn = message.recipients.slice(0, granted);
    parked.push(...message.recipients.slice(granted));
    for (let i = 0; i < turn.length; i++) {
      if (i > 0) {
        const now = await repo.run(run.campaign, run.run);
        if (now?.status !== 'SENDING' && now?.status !== 'PLANNING') {
          parked.push(...turn.slice(i));
          break;
        }
      }
      await sendOne(turn[i]!);
      if (paceWaitMs > 0) {
        parked.push(...turn.slice(i + 1));
        break;
      }
    }
    await park(parked, paceWaitMs > 0 ? Math.min(900, Math.max(1, Math.ceil(paceWaitMs / 1000))) : undefined);
    await completeIfDone(ctx, run.campaign, run.run);
    return;
  }
  let pending = message.recipients;
  let turn = granted;
  let groups = 0;
  while (pending.length > 0) {
    const now = pending.slice(0, turn);
    pending = pending.slice(turn);
    let i = 0;
    for (; i < now.length; i += CONCURRENCY) {
      // A pause or cancel stops the batch within one group of calls in flight.
      if (groups++ > 0) {
        const current = await repo.run(run.campaign, run.run);
        if (current?.status !== 'SENDING' && current?.status !== 'PLANNING') break;
      }
      await Promise.all(now.slice(i, i + CONCURRENCY).map((r) => sendOne(r)));
    }
    if (i < now.length) {
      parked.push(...now.slice(i), ...pending);
      pending = [];
      break;
    }
    if (pending.length === 0) break;
    // The rest waits for the next second's budget, while this call may still wait.
    const nextWindow = 1000 - (Date.now() % 1000) + 5;
    if (Date.now() - startedAt + nextWindow > sendingOptions.rateWaitMaxMs) break;
    await new Promise((resolve) => setTimeout(resolve, nextWindow));
    turn = await take(ctx.tenant, `send:${type}`, rate, 1, Math.min(pending.length, rate));
  }
  // Beyond the rate when the wait ran out: back for about as long as the rate needs to reach them.
  if (pending.length > 0)
    await park(pending, Math.min(sendingOptions.parkSeconds, Math.max(1, Math.ceil(pending.length / rate))));
  await park(parked);
  await completeIfDone(ctx, run.campaign, run.run);
}
