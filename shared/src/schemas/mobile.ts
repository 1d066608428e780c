import * as z from 'zod';

/**
 * The mobile app admin (spec part 3 §2 'Mobile dashboard and categories', §3 'Mobile', §7) and
 * the app's own usage events (beyond the spec: `POST /api/app/events`, README "Mobile app").
 */

export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** Events the app sends: the app opened (a use), and a push id registered on the device. */
export const APP_EVENT_TYPES = ['open', 'push_registered'] as const;

export const MOBILE_LIMITS = {
  /** Events per request. */
  eventsMax: 50,
  /** Oldest event accepted (the app sends what it queued offline), in days. */
  eventAgeDaysMax: 30,
  /** How far ahead of the server's clock an event may be (device clock skew), in minutes. */
  eventSkewMinutesMax: 10,
  daysMin: 1,
  daysMax: 180,
  daysDefault: 30,
} as const;

export const MOBILE_MESSAGES = {
  events: `Envie de 1 a ${MOBILE_LIMITS.eventsMax} eventos.`,
  eventId: 'Identificador do evento inválido.',
  type: 'Tipo de evento inválido.',
  platform: 'Plataforma inválida (android ou ios).',
  at: 'Data do evento inválida.',
  atWindow: `A data do evento deve estar nos últimos ${MOBILE_LIMITS.eventAgeDaysMax} dias.`,
  pushId: 'Informe o push id do aparelho.',
  days: `Informe de ${MOBILE_LIMITS.daysMin} a ${MOBILE_LIMITS.daysMax} dias.`,
  store: 'Loja inválida.',
  categoryUpdated: 'Categoria atualizado com sucesso',
} as const;

/** One usage event as the app posts it; `id` is generated on the device (a UUID) and makes a resend harmless. */
export const AppEvent = z.object({
  id: z
    .string({ error: MOBILE_MESSAGES.eventId })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, MOBILE_MESSAGES.eventId),
  type: z.enum(APP_EVENT_TYPES, { error: MOBILE_MESSAGES.type }),
  platform: z.enum(APP_PLATFORMS, { error: MOBILE_MESSAGES.platform }),
  /** ISO instant of the event on the device; absent: now. */
  at: z.iso.datetime({ offset: true, error: MOBILE_MESSAGES.at }).optional(),
  /** The push provider's id of this device (push_registered). */
  push_id: z
    .string({ error: MOBILE_MESSAGES.pushId })
    .trim()
    .min(1, MOBILE_MESSAGES.pushId)
    .max(200)
    .optional(),
});
export type AppEvent = z.infer<typeof AppEvent>;

export const AppEventsInput = z.object({
  events: z
    .array(AppEvent, { error: MOBILE_MESSAGES.events })
    .min(1, MOBILE_MESSAGES.events)
    .max(MOBILE_LIMITS.eventsMax, MOBILE_MESSAGES.events)
    .refine((events) => events.every((e) => e.type !== 'push_registered' || e.push_id), {
      message: MOBILE_MESSAGES.pushId,
    }),
});
export type AppEventsInput = z.infer<typeof AppEventsInput>;

/** What `POST /api/app/events` answers: events stored now and events already received before. */
export const AppEventsResult = z.object({ accepted: z.number(), duplicates: z.number() });
export type AppEventsResult = z.infer<typeof AppEventsResult>;

/** GET /web/dashboard/mobile (store_id, days). */
export const MobileDashboardQuery = z.object({
  store_id: z.preprocess(
    (v) => (v === undefined || v === '' || v === '0' ? undefined : v),
    z.coerce
      .number({ error: MOBILE_MESSAGES.store })
      .int(MOBILE_MESSAGES.store)
      .positive(MOBILE_MESSAGES.store)
      .max(1e9, MOBILE_MESSAGES.store)
      .optional(),
  ),
  days: z.coerce
    .number({ error: MOBILE_MESSAGES.days })
    .int(MOBILE_MESSAGES.days)
    .min(MOBILE_LIMITS.daysMin, MOBILE_MESSAGES.days)
    .max(MOBILE_LIMITS.daysMax, MOBILE_MESSAGES.days)
    .optional()
    .default(MOBILE_LIMITS.daysDefault),
});
export type MobileDashboardQuery = z.infer<typeof MobileDashboardQuery>;

const qty = z.object({ qty: z.number() });

/** dashboardInfo of the mobile dashboard (spec part 3 §3 'Mobile'). */
export const MobileDashboard = z.object({
  perHour: z.object({
    /** Days 'YYYY-MM-DD', oldest first. */
    series: z.array(z.string()),
    /** Customers who used the app that day on Android / iOS. */
    androidCustomers: z.array(z.number()),
    iosCustomers: z.array(z.number()),
  }),
  /** Customers who ever used the app. */
  total_customers: qty,
  /** Customers with a push id (reachable by push). */
  reachable_customers: qty,
  ios_customers: qty,
  android_customers: qty,
});
export type MobileDashboard = z.infer<typeof MobileDashboard>;
