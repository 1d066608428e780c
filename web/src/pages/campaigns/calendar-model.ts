import { addDays, endOfMonth } from '@freguesia/shared/domain/dates';

/**
 * The month calendar's pure rules (spec part 2 §2 '/campaign/calendar'): the weeks shown for a
 * month (Sunday first, whole weeks), the campaigns of each day, and the month's title in
 * Brazilian Portuguese. Days are 'YYYY-MM-DD'. Unit-tested in node.
 */

export const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** The first day of the month of `day` ('2025-06-17' → '2025-06-01'). */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month `delta` months away from `month` ('2025-12-01', +1 → '2026-01-01'). */
export function shiftMonth(month: string, delta: number): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1 + delta;
  const y = year + Math.floor(index / 12);
  const m = ((index % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

/** 'Junho de 2025'. */
export function monthTitle(month: string): string {
  const name = MONTHS[Number(month.slice(5, 7)) - 1] ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${month.slice(0, 4)}`;
}

/** Day of the week of a day, 0 = Sunday (Zeller-free: UTC date of the calendar day). */
export function weekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The weeks (7 days each, Sunday first) that show `month`, with the days of the neighbour months around it. */
export function monthWeeks(month: string): string[][] {
  const first = monthOf(month);
  const last = endOfMonth(first);
  let day = addDays(first, -weekday(first));
  const weeks: string[][] = [];
  while (day <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The range the calendar asks for: the first and last day shown. */
export function visibleRange(month: string): { start: string; end: string } {
  const weeks = monthWeeks(month);
  return { start: weeks[0]![0]!, end: weeks[weeks.length - 1]![6]! };
}

export interface Period {
  id: number;
  description: string;
  start_at: string;
  end_at: string;
  /** A recurring send: only these days. */
  days?: readonly string[] | undefined;
}

/**
 * The campaigns running on `day` (start ≤ day ≤ end, and one of `days` when the entry lists them),
 * longest-running first, then by description.
 */
export function runningOn<T extends Period>(entries: readonly T[], day: string): T[] {
  return entries
    .filter((e) => e.start_at <= day && day <= e.end_at && (!e.days || e.days.includes(day)))
    .sort(
      (a, b) =>
        a.start_at.localeCompare(b.start_at) ||
        a.description.localeCompare(b.description, 'pt-BR') ||
        a.id - b.id,
    );
}

/** The calendar's colour groups and their legend (the CSS classes `campaign-calendar-entry--{group}`). */
export const CALENDAR_GROUPS = [
  { group: 'product', label: 'Desconto em mercadorias e combos', types: ['D', 'DG'] },
  { group: 'ticket', label: 'Desconto no ticket e por forma de pagamento', types: ['DB', 'DBP'] },
  { group: 'category', label: 'Desconto por categoria e por marca', types: ['DC', 'DBRANDS'] },
  { group: 'loyalty', label: 'Fidelidade e TV', types: ['L', 'T', 'C', 'TV'] },
  {
    group: 'message',
    label: 'E-mail, SMS, push e WhatsApp',
    types: ['EMAIL', 'SMS', 'PUSH', 'WPPM', 'WPPMM', 'WPPG', 'WPPGM', 'WPPC'],
  },
  { group: 'art', label: 'Arte do aplicativo', types: ['APPF', 'APPB'] },
] as const;

/** The colour group of a type ('other' when the calendar does not know it). */
export function calendarGroup(type: string): string {
  return CALENDAR_GROUPS.find((g) => (g.types as readonly string[]).includes(type))?.group ?? 'other';
}
