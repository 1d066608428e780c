import * as z from 'zod';
import { NPS_LIMITS } from '../domain/nps';

/** NPS settings, dashboard and survey answers (spec part 3 §3 'NPS', §5, §7). */

export const NPS_MESSAGES = {
  interval: `O intervalo deve ser de ${NPS_LIMITS.intervalMin} a ${NPS_LIMITS.intervalMax} dias.`,
  pushTitle: `O título do push pode ter no máximo ${NPS_LIMITS.pushTitleMax} caracteres.`,
  pushBody: `A mensagem do push pode ter no máximo ${NPS_LIMITS.pushBodyMax} caracteres.`,
  sms: `O SMS pode ter no máximo ${NPS_LIMITS.smsMax} caracteres.`,
  mailSubject: 'Informe o assunto do e-mail.',
  mailBody: 'Exporte o layout do e-mail antes de salvar.',
  lpBody: 'Exporte o layout da landing page antes de salvar.',
  pushRequired: 'Informe o título e a mensagem do push.',
  smsRequired: 'Informe o texto do SMS.',
  days: `Informe de ${NPS_LIMITS.daysMin} a ${NPS_LIMITS.daysMax} dias.`,
  score: 'Escolha uma nota',
  stores: 'Loja inválida.',
} as const;

const yn = z
  .union([z.boolean(), z.literal('Y'), z.literal('N'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 'Y' || v === 1);

/** GET /web/settings/nps: the settings as stored (defaults while never saved). */
export const NpsSettings = z.object({
  active: z.boolean(),
  interval_days: z.number(),
  mail_active: z.boolean(),
  push_active: z.boolean(),
  sms_active: z.boolean(),
  stores_id: z.array(z.object({ store_id: z.number() })),
  layout_mail_subject: z.string(),
  layout_mail_body: z.string(),
  layout_mail_editor: z.string(),
  layout_lp_body: z.string(),
  layout_lp_editor: z.string(),
  layout_push_title: z.string(),
  layout_push_body: z.string(),
  layout_sms_body: z.string(),
  updated_at: z.string().nullable(),
});
export type NpsSettings = z.infer<typeof NpsSettings>;

const text = (max: number, message: string) =>
  z
    .string()
    .optional()
    .default('')
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, { message });

/**
 * PUT /web/settings/nps. Saved only with both designs exported (spec part 3 §4): the e-mail and the
 * landing page HTML must be there, and each enabled channel needs its texts.
 */
export const NpsSettingsWrite = z
  .object({
    active: yn,
    interval_days: z.coerce
      .number({ error: NPS_MESSAGES.interval })
      .int(NPS_MESSAGES.interval)
      .min(NPS_LIMITS.intervalMin, NPS_MESSAGES.interval)
      .max(NPS_LIMITS.intervalMax, NPS_MESSAGES.interval),
    mail_active: yn,
    push_active: yn,
    sms_active: yn,
    stores_id: z
      .array(z.object({ store_id: z.coerce.number().int(NPS_MESSAGES.stores).positive(NPS_MESSAGES.stores) }))
      .max(500)
      .optional()
      .default([]),
    layout_mail_subject: text(200, 'O assunto pode ter no máximo 200 caracteres.'),
    layout_mail_body: z.string().max(500_000).optional().default(''),
    layout_mail_editor: z.string().max(1_000_000).optional().default(''),
    layout_lp_body: z.string().max(500_000).optional().default(''),
    layout_lp_editor: z.string().max(1_000_000).optional().default(''),
    layout_push_title: text(NPS_LIMITS.pushTitleMax, NPS_MESSAGES.pushTitle),
    layout_push_body: text(NPS_LIMITS.pushBodyMax, NPS_MESSAGES.pushBody),
    layout_sms_body: text(NPS_LIMITS.smsMax, NPS_MESSAGES.sms),
  })
  .superRefine((v, ctx) => {
    if (!v.layout_mail_body.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_mail_body'], message: NPS_MESSAGES.mailBody });
    if (!v.layout_lp_body.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_lp_body'], message: NPS_MESSAGES.lpBody });
    if (v.mail_active && !v.layout_mail_subject)
      ctx.addIssue({ code: 'custom', path: ['layout_mail_subject'], message: NPS_MESSAGES.mailSubject });
    if (v.push_active && (!v.layout_push_title || !v.layout_push_body))
      ctx.addIssue({
        code: 'custom',
        path: [v.layout_push_title ? 'layout_push_body' : 'layout_push_title'],
        message: NPS_MESSAGES.pushRequired,
      });
    if (v.sms_active && !v.layout_sms_body)
      ctx.addIssue({ code: 'custom', path: ['layout_sms_body'], message: NPS_MESSAGES.smsRequired });
  });
export type NpsSettingsWrite = z.output<typeof NpsSettingsWrite>;

/** GET /web/nps/dashboard?days (1–180, default 30). */
export const NpsDashboardQuery = z.object({
  days: z.coerce
    .number({ error: NPS_MESSAGES.days })
    .int(NPS_MESSAGES.days)
    .min(NPS_LIMITS.daysMin, NPS_MESSAGES.days)
    .max(NPS_LIMITS.daysMax, NPS_MESSAGES.days)
    .optional()
    .default(NPS_LIMITS.daysDefault),
});

export const NpsDashboard = z.object({
  scores: z.array(z.object({ score: z.number(), qty: z.number() })),
  month_scores: z.array(
    z.object({
      month: z.string(),
      classification: z.enum(['detractor', 'passive', 'promoter']),
      qty: z.number(),
    }),
  ),
  observations: z.array(
    z.object({
      id_customer: z.number(),
      score: z.number(),
      observation: z.string(),
      answered_at: z.string(),
      origin: z.string(),
    }),
  ),
  /** Beyond the spec: the window's totals and its NPS (promoter % − detractor %, 2 decimals). */
  total: z.number(),
  nps: z.number(),
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
});
export type NpsDashboard = z.infer<typeof NpsDashboard>;

/** POST /nps/submit (spec part 3 §7). */
export const SurveySubmit = z.object({
  id: z.coerce.number().int().positive(),
  id_customer: z.coerce.number().int().positive(),
  answered_at: z.string().max(40).optional(),
  answered_date: z.string().max(20).optional(),
  score: z.coerce
    .number({ error: NPS_MESSAGES.score })
    .int(NPS_MESSAGES.score)
    .min(0, NPS_MESSAGES.score)
    .max(10, NPS_MESSAGES.score),
  observation: z
    .string()
    .max(1000, 'A observação pode ter no máximo 1000 caracteres.')
    .optional()
    .default(''),
});
export type SurveySubmit = z.output<typeof SurveySubmit>;
