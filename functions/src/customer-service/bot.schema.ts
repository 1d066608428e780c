import * as z from 'zod';

/** The `customer-service-bot` queue's message: a bot timer that is due (bot.service.ts). */
export const BotTimerMessage = z.object({
  tenant: z.string().min(1),
  id: z.number().int().positive(),
  token: z.string().min(1).max(100),
});
export type BotTimerMessage = z.infer<typeof BotTimerMessage>;
