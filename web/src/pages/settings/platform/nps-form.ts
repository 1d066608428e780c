import { NPS_LIMITS } from '@freguesia/shared/domain/nps';
import { NPS_MESSAGES } from '@freguesia/shared/schemas/nps';
import { z } from 'zod';
import type { NpsSettings, NpsSettingsBody } from '../../../api/nps';

/** The 'NPS' tab's fields besides the two designs (which the editors hold). */
export const npsFormSchema = z
  .object({
    active: z.boolean(),
    interval_days: z.coerce
      .number({ error: NPS_MESSAGES.interval })
      .int(NPS_MESSAGES.interval)
      .min(NPS_LIMITS.intervalMin, NPS_MESSAGES.interval)
      .max(NPS_LIMITS.intervalMax, NPS_MESSAGES.interval),
    mail_active: z.boolean(),
    push_active: z.boolean(),
    sms_active: z.boolean(),
    stores: z.array(z.string()),
    layout_mail_subject: z.string().max(200, 'O assunto pode ter no máximo 200 caracteres.'),
    layout_push_title: z.string().max(NPS_LIMITS.pushTitleMax, NPS_MESSAGES.pushTitle),
    layout_push_body: z.string().max(NPS_LIMITS.pushBodyMax, NPS_MESSAGES.pushBody),
    layout_sms_body: z.string().max(NPS_LIMITS.smsMax, NPS_MESSAGES.sms),
  })
  .superRefine((v, ctx) => {
    if (v.mail_active && !v.layout_mail_subject.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_mail_subject'], message: NPS_MESSAGES.mailSubject });
    if (v.push_active && !v.layout_push_title.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_push_title'], message: NPS_MESSAGES.pushRequired });
    if (v.push_active && !v.layout_push_body.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_push_body'], message: NPS_MESSAGES.pushRequired });
    if (v.sms_active && !v.layout_sms_body.trim())
      ctx.addIssue({ code: 'custom', path: ['layout_sms_body'], message: NPS_MESSAGES.smsRequired });
  });
export type NpsFormInput = z.input<typeof npsFormSchema>;
export type NpsFormValues = z.output<typeof npsFormSchema>;

export const npsFormValues = (s: NpsSettings): NpsFormInput => ({
  active: s.active,
  interval_days: s.interval_days,
  mail_active: s.mail_active,
  push_active: s.push_active,
  sms_active: s.sms_active,
  stores: s.stores_id.map((x) => String(x.store_id)),
  layout_mail_subject: s.layout_mail_subject,
  layout_push_title: s.layout_push_title,
  layout_push_body: s.layout_push_body,
  layout_sms_body: s.layout_sms_body,
});

/** The design an editor exported: its HTML and its project (to open it again). */
export interface ExportedDesign {
  html: string;
  flow: string;
}

export const DESIGNS_PENDING = 'Exporte os layouts do e-mail e da landing page antes de salvar.';

/**
 * PUT /web/settings/nps's body: the form and both exported designs (spec part 3 §4: saved only
 * after both were exported). Undefined while a design is missing or empty.
 */
export function npsPayload(
  v: NpsFormValues,
  mail: ExportedDesign | undefined,
  lp: ExportedDesign | undefined,
): NpsSettingsBody | undefined {
  if (!mail?.html.trim() || !lp?.html.trim()) return undefined;
  return {
    active: v.active,
    interval_days: v.interval_days,
    mail_active: v.mail_active,
    push_active: v.push_active,
    sms_active: v.sms_active,
    stores_id: v.stores.map((id) => ({ store_id: Number(id) })),
    layout_mail_subject: v.layout_mail_subject.trim(),
    layout_mail_body: mail.html,
    layout_mail_editor: mail.flow,
    layout_lp_body: lp.html,
    layout_lp_editor: lp.flow,
    layout_push_title: v.layout_push_title.trim(),
    layout_push_body: v.layout_push_body.trim(),
    layout_sms_body: v.layout_sms_body.trim(),
  };
}
