import * as z from 'zod';

/**
 * Messages of the sending pipeline (functions/README.md, "Communications"), built by the sending
 * service and read by planner.consumer.ts (`communications` queue) and send.consumer.ts (the
 * channel queues `email`, `sms`, `push`).
 */

const tenant = z.string().min(1);
const campaign = z.number().int().positive();

/** A schedule firing (EventBridge Scheduler's payload): start a run of the campaign. */
export const FireMessage = z.object({ kind: z.literal('fire'), tenant, campaign });
export type FireMessage = z.infer<typeof FireMessage>;

/** One planner step: the audience page at `cursor` becomes channel batches. */
export const PlanMessage = z.object({
  kind: z.literal('plan'),
  tenant,
  campaign,
  run: z.string().min(1),
  /** The planner step this message is for (the run's `step` when it is due). */
  step: z.number().int().nonnegative(),
  /** Where the planner is (JSON: the audience source and its page cursor). */
  cursor: z.string(),
  /** Times it arrived before its step was due (it is queued before the previous step commits). */
  early: z.number().int().nonnegative().optional(),
});
export type PlanMessage = z.infer<typeof PlanMessage>;

/** The recovery sweep (every few minutes): resume runs whose state has not moved for a lease. */
export const SweepMessage = z.object({ kind: z.literal('sweep') });

/** The `communications` queue's messages. */
export const PlannerMessage = z.discriminatedUnion('kind', [FireMessage, PlanMessage, SweepMessage]);
export type PlannerMessage = z.infer<typeof PlannerMessage>;

/** A recipient as the ledger keys it: 'c{id}' for a customer, the address for an explicit list. */
export const Recipient = z.object({
  key: z.string().min(1),
  id_customer: z.number().int().positive().optional(),
  address: z.string(),
  name: z.string(),
  document: z.string().optional(),
  cellphone: z.string().optional(),
  store: z.string().optional(),
});

/** A batch of recipients of one run, on its channel's queue. */
export const SendMessage = z.object({
  kind: z.literal('send'),
  tenant,
  campaign,
  run: z.string().min(1),
  recipients: z.array(Recipient),
});
export type SendMessage = z.infer<typeof SendMessage>;
