import { ageOn } from '@freguesia/shared/domain/dates';
import { parseMoney } from '@freguesia/shared/domain/money';
import { normalizeText } from '@freguesia/shared/domain/text';
import {
  anniversaryIn,
  birthdayWithin,
  businessDayAt,
  businessDayOf,
  isoWeekRange,
} from '@freguesia/shared/segmentation/calendar';
import { ANY_CAMPAIGN, type LeadCondition } from '@freguesia/shared/segmentation/conditions';
import type { CustomerProfile } from './profile.model';

/**
 * The meaning of every lead condition (`@freguesia/shared/segmentation/conditions`) on one
 * customer profile: pure, O(rows), no I/O and no clock (the caller passes `now`). Days are
 * business days in America/Sao_Paulo.
 *
 * - Rows combine with AND. LD 'join' and OP 'limit' are not evaluated here: the engine adds the
 *   joined leads' members ({@link joinedLeads}) and caps the population ({@link populationLimit}).
 *   A filter with no other row selects nobody by itself when it joins leads (the population is
 *   then the union of the joined leads) and everybody when it only limits.
 * - A lookup or choice row with several items means "any of them"; its negation ('!in',
 *   '!channel', '!L', '!exists', …) is exactly the complement on the same profile, so a customer
 *   without the field (no gender, no city) matches every negation.
 * - Ids compare as numbers; names (tags, channels, segments, origins, city names) without case or accents.
 * - "In the last X days" means the day is at most X calendar days before today (X = 1: today or
 *   yesterday); "for more than X days" is the complement, more than X days before today, and only
 *   for someone who did it at least once: a customer who never bought is not idle (CP '!' selects
 *   them), nor is one who never used the app (QA app 'not_downloaded').
 * - A customer without a birth date matches no FE or AN row; one who never bought matches no TM row.
 */

export interface EvaluationContext {
  now: Date;
  /** ids of the leads this customer is a member of */
  memberOf: ReadonlySet<number>;
}

let lastNow = NaN;
let lastToday = '';
/** Today's business day for `now` (memoized: a recompute passes the same `now` for every customer). */
function todayOf(now: number): string {
  if (now !== lastNow) {
    lastToday = businessDayAt(now);
    lastNow = now;
  }
  return lastToday;
}

interface Env {
  now: number;
  today: string;
  memberOf: ReadonlySet<number>;
}

const isJoin = (row: LeadCondition) => row.key === 'LD' && row.option === 'join';
const isEvaluated = (row: LeadCondition) => row.key !== 'OP' && !isJoin(row);

/**
 * Whether the customer matches a lead's filter: every row except LD 'join' and OP 'limit' holds.
 * A filter made only of joins and limits: false when it joins (the joined leads are the whole
 * population), true when it only limits (everybody, capped).
 */
export function matchesFilter(
  profile: CustomerProfile,
  filter: LeadCondition[],
  ctx: EvaluationContext,
): boolean {
  const rows = filter.filter(isEvaluated);
  if (rows.length === 0) return !filter.some(isJoin);
  const env: Env = {
    now: ctx.now.getTime(),
    today: todayOf(ctx.now.getTime()),
    memberOf: ctx.memberOf,
  };
  return rows.every((row) => holds(profile, row, env));
}

/**
 * Whether one row holds for the customer (LD 'join' and OP 'limit' are neutral: true). An unknown
 * key or operator, or a value that does not fit it, never holds.
 */
export function matchesCondition(
  profile: CustomerProfile,
  row: LeadCondition,
  ctx: EvaluationContext,
): boolean {
  if (!isEvaluated(row)) return true;
  return holds(profile, row, {
    now: ctx.now.getTime(),
    today: todayOf(ctx.now.getTime()),
    memberOf: ctx.memberOf,
  });
}

/** The distinct lead ids of the LD 'join' rows (their members are added to the population by the engine). */
export function joinedLeads(filter: LeadCondition[]): number[] {
  return [...new Set(filter.filter(isJoin).flatMap((row) => ids(row.value)))];
}

/** The OP 'limit' of the filter (the smallest, if several), or undefined when the population is not capped. */
export function populationLimit(filter: LeadCondition[]): number | undefined {
  const limits = filter
    .filter((row) => row.key === 'OP' && row.option === 'limit')
    .map((row) => integer(row.value))
    .filter((n): n is number => n !== undefined && n > 0);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

const TIME_RELATIVE_OPTIONS: Partial<Record<string, ReadonlySet<string>>> = {
  CP: new Set(['last_minutes', 'last_days', 'idle_days']),
  QA: new Set(['registered_days', 'registered_minutes']),
  CM: new Set([
    'email_read',
    'email_sent',
    'email_clicked',
    'sms_received',
    'sms_clicked',
    'nps_answered',
    'nps_detractor',
    'nps_passive',
    'nps_promoter',
  ]),
};

/**
 * Whether the filter's answer can change with the passing of time alone (no write to the customer):
 * age, birthday, "in the last X days/minutes", "for more than X days", app use windows. Such
 * leads need the daily pass (minute windows are only as fresh as that pass or a recompute).
 */
export function isTimeRelative(filter: LeadCondition[]): boolean {
  return filter.some((row) => {
    if (row.key === 'FE' || row.key === 'AN') return true;
    if (row.key === 'QA' && row.option === 'app') return /^(used|idle)_\d+$/.test(String(row.value));
    return TIME_RELATIVE_OPTIONS[row.key]?.has(row.option) ?? false;
  });
}

// ---- values (rows are validated on write; these readers still refuse what does not fit) ----

function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

const items = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

function asId(item: unknown): number | undefined {
  if (typeof item === 'number') return Number.isInteger(item) ? item : undefined;
  if (typeof item === 'string' && /^\s*\d{1,15}\s*$/.test(item)) return Number(item);
  return undefined;
}

const ids = (value: unknown): number[] =>
  items(value)
    .map(asId)
    .filter((id): id is number => id !== undefined);
const texts = (value: unknown): string[] =>
  items(value)
    .map((item) => normalizeText(String(item)))
    .filter((text) => text !== '');

function period(value: unknown): [string, string] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [from, to] = value as unknown[];
  return typeof from === 'string' && typeof to === 'string' && from <= to ? [from, to] : undefined;
}

const inPeriod = (day: string | undefined, [from, to]: [string, string]) =>
  day !== undefined && day >= from && day <= to;

// A recompute evaluates the same rows against every customer: the wanted sets are built once per value.
const idSets = new WeakMap<object, ReadonlySet<number>>();
const textSets = new WeakMap<object, ReadonlySet<string>>();

function wanted<T>(
  cache: WeakMap<object, ReadonlySet<T>>,
  value: unknown,
  read: (value: unknown) => T[],
): ReadonlySet<T> {
  if (typeof value !== 'object' || value === null) return new Set(read(value));
  let set = cache.get(value);
  if (!set) cache.set(value, (set = new Set(read(value))));
  return set;
}

const anyId = (value: unknown, have: readonly (number | undefined)[]) => {
  const set = wanted(idSets, value, ids);
  return have.some((id) => id !== undefined && set.has(id));
};

const anyText = (value: unknown, have: readonly (string | undefined)[]) => {
  const set = wanted(textSets, value, texts);
  return have.some((text) => text !== undefined && set.has(normalizeText(text)));
};

const moneyCache = new Map<number | string, number | undefined>();
/** A TM value (reais) in centavos, parsed once per distinct value. */
function centsOf(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (!moneyCache.has(value)) {
    if (moneyCache.size >= 1_000) moneyCache.clear();
    moneyCache.set(value, parseMoney(value));
  }
  return moneyCache.get(value);
}

function compare(actual: number, option: string, expected: number): boolean {
  switch (option) {
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '=':
      return actual === expected;
    case '!=':
      return actual !== expected;
    default:
      return false;
  }
}

/** Calendar days from one 'YYYY-MM-DD' to another (both read as UTC midnights: exact whole days, no zone). */
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** `instant` happened at most `days` calendar days before today (never for no instant). */
function withinDays(instant: string | undefined, days: number | undefined, env: Env): boolean {
  const day = businessDayOf(instant);
  return day !== undefined && days !== undefined && daysFrom(day, env.today) <= days;
}

/** `instant` happened more than `days` calendar days before today (never for no instant). */
function idleFor(instant: string | undefined, days: number | undefined, env: Env): boolean {
  const day = businessDayOf(instant);
  return day !== undefined && days !== undefined && daysFrom(day, env.today) > days;
}

function withinMinutes(instant: string | undefined, minutes: number | undefined, env: Env): boolean {
  if (instant === undefined || minutes === undefined) return false;
  const at = Date.parse(instant);
  return !Number.isNaN(at) && env.now - at <= minutes * 60_000;
}

/** 'in' / '!in' on the same test: the negation is exactly the complement. */
function inOrNot(option: string, test: () => boolean): boolean {
  if (option === 'in') return test();
  if (option === '!in') return !test();
  return false;
}

// ---- the catalogue ----

function holds(p: CustomerProfile, row: LeadCondition, env: Env): boolean {
  const { option, value } = row;
  const bought = p.purchases;
  switch (row.key) {
    case 'FE': {
      const years = integer(value);
      return (
        p.birthDate !== undefined &&
        years !== undefined &&
        compare(ageOn(p.birthDate, env.today), option, years)
      );
    }
    case 'EC':
      return inOrNot(option, () => anyText(value, [p.marital]));
    case 'GE':
      return inOrNot(option, () => anyText(value, [p.gender]));
    case 'CD':
      return inOrNot(option, () => anyId(value, [p.cityId]) || anyText(value, [p.city]));
    case 'PD':
      return inOrNot(option, () => anyId(value, bought.products));
    case 'CA':
      return inOrNot(option, () => anyId(value, bought.categories));
    case 'TA':
      if (option === '!') return p.tags.length === 0;
      return inOrNot(option, () => anyText(value, p.tags));
    case 'TM': {
      // Average = total / count, compared without division: total ⋚ value × count, in centavos.
      const cents = centsOf(value);
      return (
        bought.count > 0 && cents !== undefined && compare(bought.totalCentavos, option, cents * bought.count)
      );
    }
    case 'LP':
      return inOrNot(option, () => anyId(value, [p.favoriteStore]));
    case 'AN':
      return p.birthDate !== undefined && birthday(p.birthDate, option, value, env);
    case 'CN':
      return inOrNot(option, () => anyText(value, [p.channel]));
    case 'CP':
      return purchases(p, option, value, env);
    case 'QA':
      return quality(p, option, value, env);
    case 'PC':
      if (option === 'partner') return anyId(value, bought.partners);
      if (option === 'brand') return anyId(value, bought.brands);
      return false;
    case 'CM':
      return communications(p, option, value, env);
    case 'CAMP': {
      const negated = option.startsWith('!');
      const taken = p.campaigns[negated ? option.slice(1) : option] ?? [];
      const wanted = items(value);
      const took = wanted.includes(ANY_CAMPAIGN) ? taken.length > 0 : anyId(wanted, taken);
      return negated ? !took : took;
    }
    case 'LD': {
      const member = ids(value).some((id) => env.memberOf.has(id));
      if (option === 'exists') return member;
      if (option === '!exists') return !member;
      return false;
    }
    default:
      return false;
  }
}

/**
 * AN: 'month' 0 = the current month, 1–12 a month; 'day' 0 = the birthday is today (29 February
 * is celebrated on the 28th in common years), 1–31 = born on that day of any month (combine with
 * 'month' for one date); 'week' 0 = the birthday falls in the current Monday–Sunday ISO week,
 * 1–52 = in ISO week N of the current ISO week-numbering year.
 */
function birthday(birthDate: string, option: string, value: unknown, env: Env): boolean {
  const n = integer(value);
  if (n === undefined) return false;
  switch (option) {
    case 'month':
      return Number(birthDate.slice(5, 7)) === (n === 0 ? Number(env.today.slice(5, 7)) : n);
    case 'day':
      return n === 0
        ? anniversaryIn(birthDate, Number(env.today.slice(0, 4))) === env.today
        : Number(birthDate.slice(8, 10)) === n;
    case 'week': {
      const [from, to] = isoWeekRange(env.today, n);
      return birthdayWithin(birthDate, from, to);
    }
    default:
      return false;
  }
}

function purchases(p: CustomerProfile, option: string, value: unknown, env: Env): boolean {
  const bought = p.purchases;
  switch (option) {
    case 'last_minutes':
      return withinMinutes(bought.lastAt, integer(value), env);
    case 'last_days':
      return withinDays(bought.lastAt, integer(value), env);
    case 'idle_days':
      return idleFor(bought.lastAt, integer(value), env);
    case 'between': {
      // The first and last purchase and the retained purchase days (PROFILE_LIMITS.days), both bounds included.
      const range = period(value);
      if (!range) return false;
      return (
        inPeriod(businessDayOf(bought.firstAt), range) ||
        inPeriod(businessDayOf(bought.lastAt), range) ||
        bought.days.some((day) => inPeriod(day, range))
      );
    }
    case '!':
      return bought.count === 0;
    case 'channel':
      return anyText(value, Object.keys(bought.origins));
    case '!channel':
      return !anyText(value, Object.keys(bought.origins));
    default:
      return false;
  }
}

function quality(p: CustomerProfile, option: string, value: unknown, env: Env): boolean {
  switch (option) {
    case 'email':
      return p.hasEmail;
    case 'cellphone':
      return p.hasCellphone;
    case 'terms':
      return p.terms;
    case 'registered_between': {
      const range = period(value);
      return range !== undefined && inPeriod(businessDayOf(p.registeredAt), range);
    }
    case 'registered_days':
      return withinDays(p.registeredAt, integer(value), env);
    case 'registered_minutes':
      return withinMinutes(p.registeredAt, integer(value), env);
    case 'purchases': {
      const n = integer(value);
      return n !== undefined && p.purchases.count >= n;
    }
    case 'app':
      return app(p, String(value), env);
    case 'segment':
      // The customer segments are the customer's tags (GET /web/customers/segments lists them).
      return anyText(value, [p.segment, ...p.tags]);
    default:
      return false;
  }
}

/**
 * QA 'app': 'used' = used it at least once; 'used_N' = last use at most N days ago; 'idle_N' =
 * used it, but not for more than N days; 'not_downloaded' = no use, no device, no push id ever.
 */
function app(p: CustomerProfile, code: string, env: Env): boolean {
  const a = p.app;
  const window = /^(used|idle)_(\d+)$/.exec(code);
  if (window)
    return window[1] === 'used'
      ? withinDays(a.lastUsedAt, Number(window[2]), env)
      : idleFor(a.lastUsedAt, Number(window[2]), env);
  switch (code) {
    case 'used':
      return a.lastUsedAt !== undefined;
    case 'not_downloaded':
      return a.lastUsedAt === undefined && !a.push && !a.android && !a.ios;
    case 'android':
      return a.android;
    case 'ios':
      return a.ios;
    case 'push':
      return a.push;
    default:
      return false;
  }
}

/** NPS bands: detractor 0–6, passive 7–8, promoter 9–10. */
const NPS_BANDS: Record<string, (score: number) => boolean> = {
  nps_answered: () => true,
  nps_detractor: (score) => score <= 6,
  nps_passive: (score) => score === 7 || score === 8,
  nps_promoter: (score) => score >= 9,
};

/**
 * CM: the day windows look at the last fact of each kind (the last NPS answer for its band).
 * WhatsApp: refused when the customer record opts out or the last WhatsApp fact is an opt-out;
 * accepted when not refused and the last fact is an opt-in; the '!' forms are the complements.
 */
function communications(p: CustomerProfile, option: string, value: unknown, env: Env): boolean {
  const c = p.communications;
  const days = integer(value);
  const refused = p.optouts.whatsapp || c.whatsapp === 'out';
  const accepted = !refused && c.whatsapp === 'in';
  switch (option) {
    case 'email_read':
      return withinDays(c.emailReadAt, days, env);
    case 'email_sent':
      return withinDays(c.emailSentAt, days, env);
    case 'email_clicked':
      return withinDays(c.emailClickedAt, days, env);
    case 'sms_received':
      return withinDays(c.smsReceivedAt, days, env);
    case 'sms_clicked':
      return withinDays(c.smsClickedAt, days, env);
    case 'whatsapp_optin':
      return accepted;
    case 'whatsapp_optout':
      return refused;
    case '!whatsapp_optin':
      return !accepted;
    case '!whatsapp_optout':
      return !refused;
    default: {
      const band = NPS_BANDS[option];
      return (
        band !== undefined && c.nps !== undefined && withinDays(c.nps.at, days, env) && band(c.nps.score)
      );
    }
  }
}
