import * as z from '../domain/zod-pt';
import { COMMUNICATION_MESSAGES, LIMITS, isEmailAddress } from '../domain/communication';

/**
 * The bodies of the editors' test sends (spec part 3 §7), apart from the campaign schemas of
 * ./communication (re-exported there): the functions that serve them validate with these alone,
 * and a zod schema module is bundled whole (its top-level `z.object(...)` calls are kept).
 */

/** POST /web/communications/push/test: the notification as written, to one customer's app (by CPF/CNPJ). */
export const PushTest = z.object({
  document: z
    .string({ error: COMMUNICATION_MESSAGES.pushTestDocument })
    .trim()
    .min(1, COMMUNICATION_MESSAGES.pushTestDocument)
    .max(30, COMMUNICATION_MESSAGES.pushTestDocument),
  title: z.string().trim().max(LIMITS.pushTitle, `Máximo de ${LIMITS.pushTitle} caracteres.`).default(''),
  header: z
    .string({ error: COMMUNICATION_MESSAGES.pushHeader })
    .trim()
    .min(1, COMMUNICATION_MESSAGES.pushHeader)
    .max(LIMITS.pushHeader, `Máximo de ${LIMITS.pushHeader} caracteres.`),
  body: z
    .string({ error: COMMUNICATION_MESSAGES.pushBody })
    .trim()
    .min(1, COMMUNICATION_MESSAGES.pushBody)
    .max(LIMITS.pushBody, `Máximo de ${LIMITS.pushBody} caracteres.`),
  url: z
    .string({ error: COMMUNICATION_MESSAGES.pushTestUrl })
    .trim()
    .max(2_000, COMMUNICATION_MESSAGES.pushTestUrl)
    .refine((u) => u === '' || /^https?:\/\/\S+$/i.test(u), COMMUNICATION_MESSAGES.pushTestUrl)
    .default(''),
});
export type PushTest = z.output<typeof PushTest>;

/** POST /web/communications/email/test. */
export const EmailTest = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: COMMUNICATION_MESSAGES.testEmail })
      .refine(isEmailAddress, COMMUNICATION_MESSAGES.testEmail),
  ),
  subject: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: COMMUNICATION_MESSAGES.testSubject })
      .min(1, COMMUNICATION_MESSAGES.testSubject)
      .max(200, 'Máximo de 200 caracteres.'),
  ),
  html: z
    .string({ error: 'Informe o conteúdo do e-mail.' })
    .max(512 * 1024, 'O conteúdo passou do tamanho máximo (512 KB).'),
});
export type EmailTest = z.output<typeof EmailTest>;
