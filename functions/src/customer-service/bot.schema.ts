import * as z from 'zod';

/** The `customer-service-bot` queue's message: a bot timer that is due (bot.service.ts). */
export const BotTimerMessage = z.object({
  tenant: z.string().min(1),
  id: z.number().int().positive(),
  token: z.string().min(1).max(100),
});
export type BotTimerMessage = z.infer<typeof BotTimerMessage>;

/** The recovery sweep (lib/async/sweeps.ts): hands over outboxes that stopped moving (bot.service.ts). */
export const OutboxSweepMessage = z.object({ kind: z.literal('sweep') });

/** What the `customer-service-bot` queue carries. */
export const BotQueueMessage = z.union([BotTimerMessage, OutboxSweepMessage]);
export type BotQueueMessage = z.infer<typeof BotQueueMessage>;
