import { toDisplayDate } from '@freguesia/shared/domain/dates';

/**
 * The 'Dashboard WhatsApp' report (spec part 3 §2 'Reports', §3 'WhatsApp report', §9): the days
 * window (1 to 180, default 30, marks Ontem, 1 Mês, 2 Meses, 6 Meses) and the export button's text.
 */

export const WHATSAPP_REPORT_TITLE = 'Dashboard WhatsApp';
export const REPORT_DAYS = { min: 1, max: 180, default: 30 } as const;
export const DAY_MARKS: Readonly<Record<number, string>> = {
  1: 'Ontem',
  30: '1 Mês',
  60: '2 Meses',
  180: '6 Meses',
};

/** The days of the query string, within 1–180 (default 30). */
export function reportDaysOf(param: string | null): number {
  const n = Number(param);
  if (!Number.isInteger(n) || n < REPORT_DAYS.min || n > REPORT_DAYS.max) return REPORT_DAYS.default;
  return n;
}

/** A mark's name, or 'N dias'. */
export const daysLabel = (days: number): string => DAY_MARKS[days] ?? `${days} dias`;

/** 'Exportar todos OptInOut's' or 'Exportar OptInOut's do canal {id}' (§2). */
export const exportButtonText = (idChannel: number | null): string =>
  idChannel ? `Exportar OptInOut's do canal ${idChannel}` : "Exportar todos OptInOut's";

/** The per-day rows as the line chart draws them (DD/MM). */
export const dayRows = (rows: readonly { date_day: string; optin: number; optout: number }[]) =>
  rows.map((r) => ({ ...r, label: (toDisplayDate(r.date_day) ?? r.date_day).slice(0, 5) }));
