import type { SendableType } from '@freguesia/shared/domain/communication';

/**
 * The sending pipeline (functions/README.md, "Communications"), one file per step:
 *
 *   campaign saved ──stream──▶ schedules.service (EventBridge Scheduler: at(...) or cron, São Paulo)
 *        │                        │ fires {kind:'fire'}
 *   'Enviar agora' ───────────────┴──▶ queue `communications` ─▶ planner.service: one audience page
 *   (controls.service)   per message (lead members, the whole base or the explicit list), minus
 *        opt-outs, the suppression list and customers without an address ─▶ batches of 50 on the
 *        channel's queue ─▶ sender.service (the ledger loop) ─▶ channel-senders.service (providers).
 *
 * Runs start and end in runs.service; controls.service pauses, resumes, cancels and reports them.
 * Campaign state is read through campaign-state.service only (never the save path, which sanitises
 * HTML). This file holds what the steps share and nothing that does I/O: the queues, the messages
 * between the steps and the tunables.
 *
 * Exactly-once effect: the sender claims each recipient in the ledger before the provider call and
 * completes the entry with the provider's message id after it, moving the run's counters in the same
 * transaction. A redelivered batch finds its recipients done; a claim left by a sender that died is
 * taken over after the lease and sent with the same idempotency key (the provider's dedup — SES has
 * none: see the README for that window). Pause parks batches, resume re-queues the planner from its
 * cursor, cancel settles every remaining recipient as skipped.
 */

export const PLANNER_QUEUE = 'communications';
export const CHANNEL_QUEUE: Record<SendableType, string> = {
  EMAIL: 'email',
  SMS: 'sms',
  PUSH: 'push',
  // WhatsApp's sender is the whatsapp domain's (src/whatsapp/send.consumer.ts): this ledger loop with
  // the channel's pacing.
  WPPM: 'whatsapp',
  WPPG: 'whatsapp',
  WPPC: 'whatsapp',
};

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
  /**
   * How long one sender call may wait for the next second's budget of the channel's rate before it
   * parks the rest of its batch (a Lambda's 60 s timeout leaves room; the queue's visibility too).
   */
  rateWaitMaxMs: 20_000,
  /** A paced channel's wait up to this long is slept by the sender; a longer one parks the batch. */
  paceSleepMaxMs: 3_000,
  /** Messages per second per tenant and channel (the provider's account rate is shared by tenants). */
  ratePerSecond: {
    EMAIL: Number(process.env.SEND_RATE_EMAIL) || 14,
    SMS: Number(process.env.SEND_RATE_SMS) || 10,
    PUSH: Number(process.env.SEND_RATE_PUSH) || 500,
    // WhatsApp is paced per channel (the channel's pacer); this tenant-wide ceiling only bounds bursts.
    WPPM: Number(process.env.SEND_RATE_WHATSAPP) || 50,
    WPPG: Number(process.env.SEND_RATE_WHATSAPP) || 50,
    WPPC: Number(process.env.SEND_RATE_WHATSAPP) || 50,
  } as Record<SendableType, number>,
};

/**
 * How long a provider call may take: the provider timeout, but never more than a third of the
 * lease. A call starts only while at least this much of the sender's lease is left, and is aborted
 * when it runs out, so it has ended before anyone may take the recipient over.
 */
export const providerCallBudget = (): number =>
  Math.floor(Math.min(sendingOptions.providerTimeoutMs, sendingOptions.leaseMs / 3));

/** The pipeline's queue messages (their zod schemas: sending.schema.ts, read by the consumers). */
export type { FireMessage, PlanMessage, SendMessage } from './sending.schema';

/** Where the planner is: the audience source and its page cursor (a run's `cursor`, as JSON). */
export interface PlanCursor {
  source: 'list' | 'lead' | 'base';
  cursor?: string;
}
