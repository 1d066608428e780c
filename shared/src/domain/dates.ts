import { TZDate } from '@date-fns/tz';
// lightFormat, not format: the same output for these numeric patterns without format's locale (≈ 20 KB per Lambda).
import {
  addDays as addDaysFn,
  differenceInCalendarDays,
  endOfMonth as endOfMonthFn,
  isValid,
  lightFormat as format,
  parseISO,
} from 'date-fns';

/**
 * Business dates. The product's day is the day in Brasília (America/Sao_Paulo), whatever the
 * zone of the browser or of the Lambda: purchases, birthdays, validity periods and the
 * `DD/MM/YYYY` the spec shows all use it. Wire dates are `YYYY-MM-DD`; local date-times
 * `YYYY-MM-DD HH:mm:ss`; instants ISO 8601 with a zone.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant as a Date in the business zone (its fields read in Brasília time). */
const inBusinessZone = (date: Date | number): TZDate =>
  new TZDate(typeof date === 'number' ? date : date.getTime(), TIME_ZONE);

/** 'YYYY-MM-DD HH:mm:ss' of an instant in the business zone. */
export const localDateTime = (date: Date | number = Date.now()): string =>
  format(inBusinessZone(date), 'yyyy-MM-dd HH:mm:ss');

/** 'YYYY-MM-DD' of an instant in the business zone ("today" when omitted). */
export const localDay = (date: Date | number = Date.now()): string =>
  format(inBusinessZone(date), 'yyyy-MM-dd');

/** Whether `value` is a real calendar day 'YYYY-MM-DD' (2023-02-29 is not). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = parseISO(value);
  return isValid(date) && format(date, 'yyyy-MM-dd') === value;
}

/** Adds (or subtracts) calendar days to a 'YYYY-MM-DD' date. */
export const addDays = (day: string, days: number): string =>
  format(addDaysFn(parseISO(day), days), 'yyyy-MM-dd');

/** Last day of the month of a 'YYYY-MM-DD' date. */
export const endOfMonth = (day: string): string => format(endOfMonthFn(parseISO(day)), 'yyyy-MM-dd');

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(parseISO(to), parseISO(from));

/** Age in whole years on `today` of someone born on `birthday` (both 'YYYY-MM-DD'). */
export function ageOn(birthday: string, today: string = localDay()): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The product's date for people, `DD/MM/YYYY` (spec part 1 §9). A bare day or a local
 * date-time is shown as written; an instant with a zone (`…Z`, `-03:00`) is shown in Brasília
 * time. `undefined` when empty or unreadable, so callers pick their empty sign.
 */
export function toDisplayDate(value: string | null | undefined): string | undefined {
  const parts = splitLocal(value);
  return parts ? `${parts.day.slice(8, 10)}/${parts.day.slice(5, 7)}/${parts.day.slice(0, 4)}` : undefined;
}

/** `DD/MM/YYYY HH:mm` with the same rules as {@link toDisplayDate}. */
export function toDisplayDateTime(value: string | null | undefined): string | undefined {
  const parts = splitLocal(value);
  if (!parts) return undefined;
  return `${toDisplayDate(parts.day)}${parts.time ? ` ${parts.time}` : ''}`;
}

/** 'DD/MM/YYYY' typed by a person → 'YYYY-MM-DD', or undefined when not a real day. */
export function fromDisplayDate(value: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const day = `${match[3]}-${match[2]}-${match[1]}`;
  return isDay(day) ? day : undefined;
}

function splitLocal(value: string | null | undefined): { day: string; time?: string } | undefined {
  if (!value) return undefined;
  if (DAY.test(value)) return isDay(value) ? { day: value } : undefined;
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) return { day: `${local[1]}-${local[2]}-${local[3]}`, time: `${local[4]}:${local[5]}` };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  const [day, time] = localDateTime(instant).split(' ') as [string, string];
  return { day, time: time.slice(0, 5) };
}
