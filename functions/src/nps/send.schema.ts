import * as z from 'zod';

/** The `nps` queue's message (built by send.service.ts after a purchase, read by send.consumer.ts). */
export const NpsSendMessage = z.object({
  kind: z.literal('nps-send'),
  tenant: z.string().min(1),
  survey: z.number().int().positive(),
});
export type NpsSendMessage = z.infer<typeof NpsSendMessage>;
