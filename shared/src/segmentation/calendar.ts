import { TZDate, tzOffset } from '@date-fns/tz';
import {
  getISOWeek,
  getISOWeekYear,
  lightFormat as format,
  parseISO,
  setISOWeek,
  startOfISOWeek,
} from 'date-fns';
import { addDays, isDay, TIME_ZONE } from '../domain/dates';

/**
 * Calendar rules of the lead conditions, all in the business time zone (America/Sao_Paulo):
 * which business day an instant falls on, the ISO weeks of the birthday condition and where a
 * birthday lands in a given year. Pure; "today" is always passed in.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A moment written by any producer as a UTC ISO instant ('…Z'). Accepts an ISO instant with a
 * zone ('2026-03-01T12:00:00-03:00', '…Z'), or a business-zone local date-time as the POS writes
 * it ('2026-03-01 09:00:00'), or a bare business day (its midnight). Undefined when unreadable.
 */
export function toInstant(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const local = LOCAL.exec(value.trim());
  if (local) {
    const [, y, m, d, hh = '0', mm = '0', ss = '0'] = local;
    const day = `${y}-${m}-${d}`;
    if (!isDay(day)) return undefined;
    const zoned = new TZDate(
      Number(y),
      Number(m) - 1,
      Number(d),
      Number(hh),
      Number(mm),
      Number(ss),
      TIME_ZONE,
    );
    return new Date(zoned.getTime()).toISOString();
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const HOUR = 3_600_000;
/** UTC hour → offset of the business zone in ms. Zone offsets only change on the hour, so this is exact. */
const offsets = new Map<number, number>();

/**
 * The business day 'YYYY-MM-DD' of an instant in ms. The evaluator calls this for every
 * time-based row of every customer, so the zone offset is cached per UTC hour (a formatted
 * TZDate costs ≈ 60–90 µs; this ≈ 1 µs).
 */
export function businessDayAt(ms: number): string {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= 50_000) offsets.clear();
    offset = tzOffset(TIME_ZONE, new Date(hour * HOUR)) * 60_000;
    offsets.set(hour, offset);
  }
  return new Date(ms + offset).toISOString().slice(0, 10);
}

/** The business day 'YYYY-MM-DD' of a moment (see {@link toInstant} for what is accepted). */
export function businessDayOf(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  // ISO instants with a zone parse directly; local date-times and bare days go through the zone.
  if (!Number.isNaN(ms) && /(?:Z|[+-]\d{2}:?\d{2})$/.test(value)) return businessDayAt(ms);
  const instant = toInstant(value);
  return instant ? businessDayAt(Date.parse(instant)) : undefined;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day a birthday is celebrated in `year`: same month and day; 29 February is celebrated on
 * 28 February in common years.
 */
export function anniversaryIn(birthDate: string, year: number): string {
  const month = birthDate.slice(5, 7);
  let day = birthDate.slice(8, 10);
  if (month === '02' && day === '29' && !isLeap(year)) day = '28';
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

/**
 * The seven days (Monday to Sunday, [from, to]) of a birthday week: 0 is the ISO week containing
 * `today`; 1–53 is ISO week N of the ISO week-numbering year containing `today` (week 1 is the week
 * with the year's first Thursday, so it may start in late December and the last week may end in
 * early January).
 */
export function isoWeekRange(today: string, week: number): [string, string] {
  const date = parseISO(today);
  const target = week === 0 ? date : setISOWeek(date, Math.min(week, weeksInIsoYear(getISOWeekYear(date))));
  const monday = format(startOfISOWeek(target), 'yyyy-MM-dd');
  return [monday, addDays(monday, 6)];
}

/** Number of ISO weeks (52 or 53) of an ISO week-numbering year. */
export function weeksInIsoYear(isoYear: number): number {
  return getISOWeek(parseISO(`${String(isoYear).padStart(4, '0')}-12-28`));
}

/** Whether the birthday of someone born on `birthDate` is celebrated on a day of [from, to] (at most a year apart). */
export function birthdayWithin(birthDate: string, from: string, to: string): boolean {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  for (let year = first; year <= last; year++) {
    const day = anniversaryIn(birthDate, year);
    if (day >= from && day <= to) return true;
  }
  return false;
}
