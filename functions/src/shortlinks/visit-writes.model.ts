import { localDay } from '@freguesia/shared/domain/dates';

/**
 * How the visits of one link and day are written (shortlinks.service.ts `countShortLinkVisit`): a
 * counted set per second of the visits' ids (entities.ts `ShortLinkCountedEntity`), filled in
 * transactions that each touch a second once.
 */

/** The visits of one second counted in one write (their ids). */
export interface SecondVisits {
  /** UTC, `YYYY-MM-DDTHH:MM:SS`. */
  second: string;
  visits: readonly string[];
}

/**
 * Ids of one second in one write: its condition names each id once (`contains`, joined by `OR`),
 * and DynamoDB allows 300 operators and 4 KB in an expression: 90 ids are 182 operators and
 * 2.9 KB as ElectroDB writes it (shortlinks.repository.test.ts holds it there).
 */
export const VISITS_PER_SECOND_WRITE = 90;
/** Seconds in one transaction (its items: these, the link and its day). */
export const SECONDS_PER_WRITE = 25;

/** The second a visit happened in (UTC), the key of its counted set. */
export const secondOf = (at: string) => new Date(at).toISOString().slice(0, 19);

let lastDay: { second: string; day: string } | undefined;
/**
 * The business day (America/Sao_Paulo) a visit is counted on. The visits of a batch share a second
 * or two, so the time-zone arithmetic runs once per second, not once per visit.
 */
export function dayOfVisit(at: string): string {
  const second = secondOf(at);
  if (lastDay?.second !== second) lastDay = { second, day: localDay(new Date(`${second}Z`)) };
  return lastDay.day;
}

/**
 * Splits the visits of one link and day into transactions: each second's ids (a visit delivered
 * twice in the batch once) in parts of VISITS_PER_SECOND_WRITE, no second twice in a transaction.
 */
export function planVisitWrites(visits: readonly { visit: string; at: string }[]): SecondVisits[][] {
  const bySecond = new Map<string, Set<string>>();
  for (const v of visits) {
    const second = secondOf(v.at);
    const ids = bySecond.get(second) ?? new Set<string>();
    ids.add(v.visit);
    bySecond.set(second, ids);
  }
  const writes: SecondVisits[][] = [];
  for (const [second, ids] of bySecond) {
    const all = [...ids];
    for (let at = 0; at < all.length; at += VISITS_PER_SECOND_WRITE) {
      // The first transaction with room that does not hold this second yet.
      let index = 0;
      for (;;) {
        const w = writes[index];
        if (!w || (w.length < SECONDS_PER_WRITE && !w.some((s) => s.second === second))) break;
        index++;
      }
      (writes[index] ??= []).push({ second, visits: all.slice(at, at + VISITS_PER_SECOND_WRITE) });
    }
  }
  return writes;
}
