import * as z from 'zod';

/** The `whatsapp-events` queue's message: the events of one accepted webhook request (webhooks.service.ts). */
export const WhatsappEventsMessage = z.object({
  tenant: z.string().min(1),
  channel: z.number().int().positive(),
  events: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({
          kind: z.literal('status'),
          messageId: z.string(),
          action: z.enum(['sent', 'delivered', 'read', 'failed']),
          at: z.string(),
        }),
        z.object({
          kind: z.literal('inbound'),
          messageId: z.string(),
          from: z.string(),
          text: z.string(),
          at: z.string(),
          mediaUrl: z.string().optional(),
        }),
      ]),
    )
    .max(500),
  /** Times a status that outran the ledger was put back. */
  early: z.number().int().nonnegative().optional(),
});
export type WhatsappEventsMessage = z.infer<typeof WhatsappEventsMessage>;
