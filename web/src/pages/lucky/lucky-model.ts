import { z } from 'zod';
import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import { centsToNumber, parseMoney } from '@freguesia/shared/domain/money';
import { LUCKY_MESSAGES } from '@freguesia/shared/schemas/lucky';
import type { LuckyDetails, LuckyPayload } from '../../api/lucky';

/** The lucky form's values (spec part 2 §2.3): dates as typed DD/MM/AAAA, money as typed. */
export const LuckyFormValues = z
  .object({
    description: z.string().trim().min(1, LUCKY_MESSAGES.description).max(200, 'Máximo de 200 caracteres.'),
    active: z.enum(['Y', 'N']),
    start: z.string().trim().min(1, LUCKY_MESSAGES.period),
    end: z.string().trim(),
    no_end: z.boolean(),
    value: z.string().trim().min(1, LUCKY_MESSAGES.value),
    need_terms: z.enum(['Y', 'N']),
    can_accumulate: z.enum(['Y', 'N']),
    series_quantity: z.string().trim().min(1, LUCKY_MESSAGES.series),
  })
  .superRefine((v, ctx) => {
    const start = fromDisplayDate(v.start);
    if (!start) ctx.addIssue({ code: 'custom', path: ['start'], message: LUCKY_MESSAGES.period });
    if (!v.no_end) {
      const end = fromDisplayDate(v.end);
      if (!end) ctx.addIssue({ code: 'custom', path: ['end'], message: LUCKY_MESSAGES.period });
      else if (start && end < start)
        ctx.addIssue({ code: 'custom', path: ['end'], message: LUCKY_MESSAGES.periodOrder });
    }
    const cents = parseMoney(v.value);
    if (cents === undefined || cents <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: LUCKY_MESSAGES.value });
    const series = Number(v.series_quantity);
    if (!Number.isInteger(series) || series < 1 || series > 100)
      ctx.addIssue({ code: 'custom', path: ['series_quantity'], message: LUCKY_MESSAGES.series });
  });
export type LuckyFormValues = z.output<typeof LuckyFormValues>;

export const EMPTY_LUCKY: LuckyFormValues = {
  description: '',
  active: 'Y',
  start: '',
  end: '',
  no_end: false,
  value: '',
  need_terms: 'N',
  can_accumulate: 'N',
  series_quantity: '1',
};

export const reaisText = (reais: number) =>
  reais.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** 0–1 → 0–100 with two decimals (a few numbers of 10 million still move the bar). */
export const progressPercent = (progress: number) => Math.round(progress * 10_000) / 100;

export function formOf(c: LuckyDetails): LuckyFormValues {
  const noEnd = c.end_at === '9999-12-31';
  return {
    description: c.description,
    active: c.active,
    start: toDisplayDate(c.start_at) ?? '',
    end: noEnd ? '' : (toDisplayDate(c.end_at) ?? ''),
    no_end: noEnd,
    value: reaisText(c.info.value).replace(/^R\$\s*/, ''),
    need_terms: c.info.need_terms,
    can_accumulate: c.info.can_accumulate,
    series_quantity: String(c.info.series_quantity),
  };
}

/** The Lucky campaign payload (spec part 2 §3) of the form; `id` when editing. */
export function payloadOf(v: LuckyFormValues, existing?: LuckyDetails): LuckyPayload {
  return {
    ...(existing
      ? {
          id: existing.id,
          updated_at: existing.updated_at,
          id_lead: existing.id_lead,
          stores: existing.stores,
        }
      : {}),
    description: v.description,
    type: 'L',
    active: v.active,
    start_at: fromDisplayDate(v.start) ?? '',
    end_at: v.no_end ? '9999-12-31' : (fromDisplayDate(v.end) ?? ''),
    info: {
      value: centsToNumber(parseMoney(v.value) ?? 0),
      need_terms: v.need_terms,
      can_accumulate: v.can_accumulate,
      series_quantity: Number(v.series_quantity),
    },
  };
}
