/**
 * Asynchronous work queues (SQS in AWS, in-process locally). Each queue has a dead-letter
 * queue after `maxReceiveCount` failed deliveries. `consumer` names the domain whose
 * `functions/src/<domain>/<entry>` (default `consumer.ts`) exports the SQS `handler`; queues without a consumer
 * yet are created but not drained.
 */
export interface QueueDefinition {
  name: string;
  consumer?: string;
  /** The consumer's file in its domain folder (default `consumer.ts`). */
  entry?: string;
  maxReceiveCount: number;
  /** Per-message visibility timeout / consumer timeout, seconds. */
  timeoutSeconds: number;
  /**
   * Larger batches for a consumer that aggregates (default: 10 messages, handed over at once): up
   * to `size` messages, waiting at most `windowSeconds` for them (the event source mapping's
   * MaximumBatchingWindowInSeconds; the local runtime does the same).
   */
  batch?: { size: number; windowSeconds: number };
}

export const queues: QueueDefinition[] = [
  // Communications (src/communications, functions/README.md "Communications"): the planner and
  // schedule firings, one sender per channel, and the provider's delivery events.
  {
    name: 'communications',
    consumer: 'communications',
    entry: 'planner.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 120,
  },
  {
    name: 'email',
    consumer: 'communications',
    entry: 'send.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  {
    name: 'email-events',
    consumer: 'communications',
    entry: 'events.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  // The SMS (Zenvia) and push (OneSignal) delivery reports accepted by POST /api/hooks/{provider}.
  {
    name: 'provider-events',
    consumer: 'communications',
    entry: 'provider-events.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  {
    name: 'sms',
    consumer: 'communications',
    entry: 'send.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  // WhatsApp (src/whatsapp): the sender (this pipeline's ledger loop with the channel's pacing) and
  // the partners' statuses and inbound messages accepted by POST /api/hooks/whatsapp/{partner}/{id}.
  {
    name: 'whatsapp',
    consumer: 'whatsapp',
    entry: 'send.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  {
    name: 'whatsapp-events',
    consumer: 'whatsapp',
    entry: 'events.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  {
    name: 'push',
    consumer: 'communications',
    entry: 'send.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
  // Background jobs: tag renames reaching the customers (src/segmentation/tags.consumer.ts).
  {
    name: 'jobs',
    consumer: 'segmentation',
    entry: 'tags.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 300,
  },
  // Lead recomputes (plan, segments, auto-refresh, daily pass); see functions/README.md, "Population engine".
  {
    name: 'segmentation',
    consumer: 'segmentation',
    entry: 'recompute.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 300,
  },
  // Checkout holds never settled by a purchase go back to their budgets (src/campaigns/holds.consumer.ts).
  {
    name: 'campaigns',
    consumer: 'campaigns',
    entry: 'holds.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 120,
  },
  // Export jobs (src/exports/exports.consumer.ts): one file per message, streamed to the exports bucket.
  {
    name: 'exports',
    consumer: 'exports',
    entry: 'exports.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 300,
  },
  // NPS surveys to send after purchases (src/nps/send.consumer.ts), one survey per message.
  { name: 'nps', consumer: 'nps', entry: 'send.consumer.ts', maxReceiveCount: 3, timeoutSeconds: 120 },
  // Short-link visits (src/shortlinks): the redirect hands each person's visit over, the consumer
  // counts it (access_count and visits per day) once, whatever the redeliveries.
  {
    name: 'shortlink-visits',
    consumer: 'shortlinks',
    entry: 'visits.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 30,
    // A busy link's visits of a second in one batch: one transaction per link and day counts up
    // to 98 of them, instead of one per handful (and far fewer consumer invocations).
    batch: { size: 100, windowSeconds: 1 },
  },
  // Customer service's bot timers (a node's wait): fired by one-off schedules, resumed by
  // src/customer-service/bot.consumer.ts (a stale timer changes nothing).
  {
    name: 'customer-service-bot',
    consumer: 'customer-service',
    entry: 'bot.consumer.ts',
    maxReceiveCount: 3,
    timeoutSeconds: 60,
  },
];

export type QueueName = (typeof queues)[number]['name'];

/**
 * Environment variable carrying a queue's URL in AWS (set by the CDK app stack): `email-events` →
 * `QUEUE_URL_EMAIL_EVENTS` (Lambda accepts only letters, digits and underscores in variable names).
 */
export const queueUrlVariable = (name: string) =>
  `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
