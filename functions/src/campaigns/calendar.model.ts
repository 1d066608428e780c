import { isCommunicationType } from '@freguesia/shared/domain/communication';
import { cronFiresOn } from '@freguesia/shared/domain/cron';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import type { CalendarEntry } from '@freguesia/shared/schemas/campaign-api';

/** What the calendar reads of a campaign record. */
export interface CalendarSource {
  id: number;
  description: string;
  type: string;
  active: 'Y' | 'N';
  start_at: string;
  end_at: string;
  info?: unknown;
}

interface SendInfo {
  type?: 'O' | 'R';
  run_on?: string | null;
  run_frequency?: string | null;
  executed_at?: string | null;
  canceled_at?: string | null;
}

/** The longest range the route accepts (a year), so the day list stays small. */
const MAX_DAYS = 370;

const dayOfInstant = (at: string): string | undefined => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? undefined : localDay(ms);
};

/**
 * A campaign as the calendar shows it (issue 20 item 6): its real period, not the storage dates.
 * - Discount, loyalty and TV campaigns, and app art: from start to end, every day.
 * - E-mail templates are not sends: never on the calendar.
 * - A once-only e-mail, SMS or push: the day it was sent, else the day it is scheduled for; an
 *   unscheduled draft ('Enviar agora' not yet pressed) is on no day.
 * - A recurring send: each day its schedule fires within its period (start to deadline), listed in
 *   `days`.
 * A cancelled send is shown as inactive. Undefined when the campaign is on no day of [start, end].
 */
export function calendarEntry(
  c: CalendarSource,
  range: { start: string; end: string },
): CalendarEntry | undefined {
  const base = { id: c.id, description: c.description, type: c.type, active: c.active };
  const within = (from: string, to: string) => from <= range.end && to >= range.start;
  if (!isCommunicationType(c.type) || c.type === 'APPF' || c.type === 'APPB') {
    return within(c.start_at, c.end_at) ? { ...base, start_at: c.start_at, end_at: c.end_at } : undefined;
  }
  if (c.type === 'TEMAIL') return undefined;
  const info = (c.info ?? {}) as SendInfo;
  const active = info.canceled_at ? 'N' : c.active;
  if (info.type === 'R') {
    if (!info.run_frequency) return undefined;
    const from = c.start_at > range.start ? c.start_at : range.start;
    const to = c.end_at < range.end ? c.end_at : range.end;
    const days: string[] = [];
    for (let d = from, n = 0; d <= to && n < MAX_DAYS; d = addDays(d, 1), n++) {
      if (cronFiresOn(info.run_frequency, d)) days.push(d);
    }
    if (days.length === 0) return undefined;
    return { ...base, active, start_at: days[0]!, end_at: days[days.length - 1]!, days };
  }
  const day = (info.executed_at ? dayOfInstant(info.executed_at) : undefined) ?? info.run_on?.slice(0, 10);
  if (!day || !within(day, day)) return undefined;
  return { ...base, active, start_at: day, end_at: day };
}
