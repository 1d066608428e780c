import * as z from 'zod';

/**
 * The `email-events` queue's message: an e-mail event as SES's configuration set publishes it,
 * routed by EventBridge (the event's `detail`) or SNS (the notification's `Message`, JSON), or as
 * the local outbox (functions/src/lib/ports/local/outbox.ts) queues it (the event itself). Read by
 * events.consumer.ts; the fields are those the analytics service reads (others are dropped).
 */
const text = z.string().optional();
export const SesEvent = z
  .object({
    eventType: text,
    notificationType: text,
    mail: z
      .object({
        messageId: text,
        timestamp: text,
        destination: z.array(z.string()).optional(),
        tags: z.record(z.string(), z.array(z.string())).optional(),
      })
      .optional(),
    bounce: z
      .object({ bounceType: text, bouncedRecipients: z.array(z.object({ emailAddress: text })).optional() })
      .optional(),
    complaint: z
      .object({ complainedRecipients: z.array(z.object({ emailAddress: text })).optional() })
      .optional(),
    click: z.object({ timestamp: text, link: text, userAgent: text }).optional(),
    open: z.object({ timestamp: text, userAgent: text }).optional(),
  })
  .refine((e) => Boolean(e.eventType || e.notificationType), {
    message: 'not an SES event (no eventType nor notificationType)',
  });
export type SesEvent = z.infer<typeof SesEvent>;

/** A JSON string read as a value (an SNS notification's `Message`). */
const json = z.string().transform((value, ctx): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    ctx.issues.push({ code: 'custom', message: 'not JSON', input: undefined });
    return z.NEVER;
  }
});

/** Any of the three envelopes, read as the SES event it carries. */
export const EmailEventMessage = z.union([
  z.object({ detail: SesEvent }).transform((m) => m.detail),
  z.object({ Message: json.pipe(SesEvent) }).transform((m) => m.Message),
  SesEvent,
]);
