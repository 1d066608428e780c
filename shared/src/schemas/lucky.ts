import { isDay } from '../domain/dates';
import { MAX_SERIES } from '../domain/lucky';
import { centsToNumber, parseMoney } from '../domain/money';
import * as z from '../domain/zod-pt';

/**
 * Lucky-number campaigns on the wire (spec part 2 §2.3, §3 'Lucky campaign payload', §5, §9) and
 * the points campaigns the lists show (type C, part 2 §1: no editor in the spec; saved through the
 * API with the same shape). The form and the API validate with these schemas.
 */

export const LUCKY_MESSAGES = {
  description: 'Informe a descrição da campanha',
  period: 'Selecione o Período',
  periodOrder: 'A data final deve ser igual ou posterior à inicial.',
  value: 'Informe o valor (maior que zero) que dá direito a um número.',
  series: 'A quantidade de séries deve ser de 1 a 100.',
  seriesShrink: 'A quantidade de séries não pode ser menor que a das séries já usadas.',
  drawResult: 'Informe o 1º prêmio da Loteria Federal (5 ou 6 dígitos).',
} as const;

/** 9999-12-31: no end (spec part 2 §1). */
const NO_END = '9999-12-31';
const empty = (v: unknown) => v === undefined || v === null || v === '';
const day = z
  .string({ error: LUCKY_MESSAGES.period })
  .trim()
  .min(1, LUCKY_MESSAGES.period)
  .refine(isDay, 'Data inválida: use AAAA-MM-DD.');
const yesNo = (fallback: 'Y' | 'N') =>
  z.preprocess(
    (v) => (v === true ? 'Y' : v === false ? 'N' : empty(v) ? undefined : v),
    z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }).default(fallback),
  );
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** Money in reais with ≤ 2 decimals, above zero and ≤ R$ 9.999.999,99 (text '50,00' accepted). */
const positiveReais = z.unknown().transform((value, ctx): number => {
  const cents =
    typeof value === 'number' || typeof value === 'string' ? parseMoney(value as string | number) : undefined;
  if (cents === undefined || cents <= 0 || cents > 999_999_999) {
    ctx.addIssue({ code: 'custom', message: LUCKY_MESSAGES.value });
    return z.NEVER;
  }
  return centsToNumber(cents);
});

const base = {
  id: id('Campanha inválida.').optional(),
  description: z
    .string({ error: LUCKY_MESSAGES.description })
    .trim()
    .min(1, LUCKY_MESSAGES.description)
    .max(200, 'Máximo de 200 caracteres.'),
  active: yesNo('Y'),
  /** The lead aimed at; null = the whole base. */
  id_lead: z
    .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Lead inválido.').nullable())
    .default(null),
  start_at: day,
  end_at: z.preprocess((v) => (empty(v) ? NO_END : v), day),
  updated_at: z.string().optional(),
  /** Stores where purchases count; empty = every store. */
  stores: z
    .array(z.object({ id_store: id('Loja inválida.') }))
    .max(2_000)
    .default([]),
};

export const LuckyInfo = z.object({
  /** Purchase value (reais) that earns one number. */
  value: positiveReais,
  need_terms: yesNo('N'),
  can_accumulate: yesNo('N'),
  series_quantity: z.coerce
    .number({ error: LUCKY_MESSAGES.series })
    .int(LUCKY_MESSAGES.series)
    .min(1, LUCKY_MESSAGES.series)
    .max(MAX_SERIES, LUCKY_MESSAGES.series),
});
export type LuckyInfo = z.output<typeof LuckyInfo>;

const periodOrder = (c: { start_at: string; end_at: string }) => c.start_at <= c.end_at;

export const LuckyCampaign = z
  .object({ ...base, type: z.literal('L', { error: 'Tipo de campanha inválido.' }), info: LuckyInfo })
  .refine(periodOrder, { message: LUCKY_MESSAGES.periodOrder, path: ['end_at'] });
export type LuckyCampaign = z.output<typeof LuckyCampaign>;

export const PointsInfo = z.object({
  /** Purchase value (reais) that earns one point. */
  value: positiveReais,
  need_terms: yesNo('N'),
  /** Days a credit is valid; 0 = no expiry. */
  expiration_days: z.coerce
    .number({ error: 'Validade inválida.' })
    .int('Validade inválida.')
    .min(0, 'Validade inválida.')
    .max(3_650, 'Validade inválida.')
    .default(0),
});
export type PointsInfo = z.output<typeof PointsInfo>;

export const PointsCampaign = z
  .object({ ...base, type: z.literal('C', { error: 'Tipo de campanha inválido.' }), info: PointsInfo })
  .refine(periodOrder, { message: LUCKY_MESSAGES.periodOrder, path: ['end_at'] });
export type PointsCampaign = z.output<typeof PointsCampaign>;

/** POST /web/lucky-numbers/{id}/draw: the Loteria Federal's 1st prize as staff typed it. */
export const LuckyDrawRequest = z.object({
  first_prize: z
    .string({ error: LUCKY_MESSAGES.drawResult })
    .trim()
    .regex(/^\d{5,6}$/, LUCKY_MESSAGES.drawResult),
  /** The draw's date (for the record), 'YYYY-MM-DD'. */
  draw_date: z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.').optional(),
});
export type LuckyDrawRequest = z.output<typeof LuckyDrawRequest>;

/** One issued number as the details, the customer and the auditor see it. */
export const LuckyNumberRow = z.object({
  lucky_number: z.string(),
  serie: z.string(),
  seq: z.number(),
  id_customer: z.number(),
  id_basket: z.number(),
  id_store: z.number(),
  origin: z.string(),
  basket_at: z.string(),
  created_at: z.string(),
  hash: z.string(),
});
export type LuckyNumberRow = z.output<typeof LuckyNumberRow>;

/** The campaign's issuance state (details). */
export const LuckyStatus = z.object({
  id: z.number(),
  series_quantity: z.number(),
  capacity: z.number(),
  generated: z.number(),
  progress: z.number(),
  exhausted: z.boolean(),
  /** Numbers earned by purchases and not received because the space was full. */
  missing: z.number(),
  head: z.string(),
});
export type LuckyStatus = z.output<typeof LuckyStatus>;

export const LuckyAudit = z.object({
  ok: z.boolean(),
  checked: z.number(),
  generated: z.number(),
  head: z.string(),
  /** The first broken link: its sequence number and what is wrong. */
  broken: z.object({ seq: z.number(), reason: z.string() }).nullable(),
});
export type LuckyAudit = z.output<typeof LuckyAudit>;

export const LuckyDrawResult = z.object({
  element: z.string(),
  rule: z.string(),
  series: z.array(
    z.object({
      serie: z.string(),
      lucky_number: z.string().nullable(),
      exact: z.boolean(),
      id_customer: z.number().nullable(),
      fullname: z.string().nullable(),
      document: z.string().nullable(),
    }),
  ),
});
export type LuckyDrawResult = z.output<typeof LuckyDrawResult>;
