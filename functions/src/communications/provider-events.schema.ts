import * as z from 'zod';

/**
 * The `provider-events` queue's message: an SMS (Zenvia) or push (OneSignal) delivery report,
 * read by provider-events.model.ts from the webhook body, queued by provider-events.service.ts
 * (`acceptProviderEvent`, and again when its send is still claimed) and read by
 * provider-events.consumer.ts. No phone number, no text.
 */
export const ProviderReport = z
  .object({
    kind: z.literal('provider-report'),
    provider: z.enum(['zenvia', 'onesignal']),
    /** The provider's id of this event (a redelivered webhook repeats it); for logs. */
    eventId: z.string().optional(),
    /** Zenvia: the send, from the message's `externalId`. */
    key: z
      .object({
        tenant: z.string().min(1),
        campaign: z.number().int().positive(),
        run: z.string().min(1),
        recipient: z.string().min(1),
      })
      .optional(),
    /** The provider's message id (OneSignal: the notification id the lookup is keyed by). */
    messageId: z.string().optional(),
    /** OneSignal: the user's external id (`c{id}`), checked against the send. */
    externalId: z.string().optional(),
    /** Analytics actions, recorded once each per recipient. */
    actions: z.array(z.string()),
    /** Instant of the event (the provider's), ISO 8601. */
    at: z.string().optional(),
    /** Times it was put back because its send was not completed yet. */
    early: z.number().int().nonnegative().optional(),
  })
  .refine((r) => (r.provider === 'zenvia' ? r.key !== undefined : r.messageId !== undefined), {
    message: 'a Zenvia report names its send, a OneSignal one its notification',
  });
export type ProviderReport = z.infer<typeof ProviderReport>;
