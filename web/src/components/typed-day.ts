import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';

/** Typed dates of the product: DD/MM/AAAA (spec part 1 §9), masked as typed. */
export const DAY_MASK = '00/00/0000';
export const DAY_PLACEHOLDER = 'DD/MM/AAAA';
export const INVALID_DAY = 'Data inválida: use DD/MM/AAAA.';

/**
 * A day typed as DD/MM/AAAA → `{ day: 'YYYY-MM-DD' }`, or the message to show under the field
 * (`{ error }`: empty, incomplete or not a real day, e.g. 31/02/2024).
 */
export function readTypedDay(
  typed: string,
  emptyMessage = 'Informe a data.',
): { day: string } | { error: string } {
  const text = typed.trim();
  if (!text) return { error: emptyMessage };
  const day = fromDisplayDate(text);
  return day ? { day } : { error: INVALID_DAY };
}

/** 'YYYY-MM-DD' → the DD/MM/AAAA text of a date input ('' when not a day). */
export const dayText = (day: string): string => toDisplayDate(day) ?? '';
