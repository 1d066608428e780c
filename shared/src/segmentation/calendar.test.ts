import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from '../domain/dates';
import {
  anniversaryIn,
  birthdayWithin,
  businessDayAt,
  businessDayOf,
  isoWeekRange,
  toInstant,
  weeksInIsoYear,
} from './calendar';

describe('instants and business days (America/Sao_Paulo)', () => {
  it('reads ISO instants and the POS local time as Brasília time', () => {
    expect(toInstant('2026-03-18T23:30:00Z')).toBe('2026-03-18T23:30:00.000Z');
    expect(toInstant('2026-03-18 20:30:00')).toBe('2026-03-18T23:30:00.000Z');
    expect(toInstant('2026-03-18T20:30:00-03:00')).toBe('2026-03-18T23:30:00.000Z');
    expect(toInstant('2026-03-18')).toBe('2026-03-18T03:00:00.000Z');
    expect(toInstant('2026-02-30 10:00:00')).toBeUndefined();
    expect(toInstant('ontem')).toBeUndefined();
    expect(toInstant(undefined)).toBeUndefined();
  });

  it('gives the same business day as the zone database, summer time years included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1985, 0, 1), max: Date.UTC(2035, 0, 1) }), (ms) => {
        expect(businessDayAt(ms)).toBe(localDay(ms));
        expect(businessDayOf(new Date(ms).toISOString())).toBe(localDay(ms));
      }),
      { numRuns: 500 },
    );
    // Summer time 2018/19 (UTC−2): 23:30 local on 1 January is 01:30Z on the 2nd.
    expect(businessDayOf('2019-01-02T01:30:00Z')).toBe('2019-01-01');
    expect(businessDayOf('2026-01-02T01:30:00Z')).toBe('2026-01-01');
    expect(businessDayOf('2019-01-01 23:30:00')).toBe('2019-01-01');
  });

  it('puts a late-evening purchase on the Brasília day, not the UTC day', () => {
    expect(businessDayOf('2026-03-19T02:30:00Z')).toBe('2026-03-18');
    expect(businessDayOf('2026-03-19T03:00:00Z')).toBe('2026-03-19');
  });
});

describe('birthdays', () => {
  it('celebrates 29 February on the 28th in common years', () => {
    expect(anniversaryIn('2000-02-29', 2026)).toBe('2026-02-28');
    expect(anniversaryIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(anniversaryIn('1990-07-14', 2026)).toBe('2026-07-14');
  });

  it('finds a birthday inside a week that crosses the new year', () => {
    expect(birthdayWithin('1990-12-31', '2025-12-29', '2026-01-04')).toBe(true);
    expect(birthdayWithin('1990-01-02', '2025-12-29', '2026-01-04')).toBe(true);
    expect(birthdayWithin('1990-01-05', '2025-12-29', '2026-01-04')).toBe(false);
  });
});

describe('ISO weeks', () => {
  it('0 is the Monday–Sunday week of today', () => {
    expect(isoWeekRange('2026-03-18', 0)).toEqual(['2026-03-16', '2026-03-22']);
    expect(isoWeekRange('2026-03-22', 0)).toEqual(['2026-03-16', '2026-03-22']);
    expect(isoWeekRange('2026-03-23', 0)).toEqual(['2026-03-23', '2026-03-29']);
  });

  it('N is ISO week N of the ISO year of today (week 1 may start in December)', () => {
    expect(isoWeekRange('2026-03-18', 1)).toEqual(['2025-12-29', '2026-01-04']);
    expect(isoWeekRange('2026-03-18', 12)).toEqual(['2026-03-16', '2026-03-22']);
    expect(isoWeekRange('2026-03-18', 52)).toEqual(['2026-12-21', '2026-12-27']);
    // 2026-01-01 is still in ISO year 2026 (a Thursday): week 1 of 2026.
    expect(isoWeekRange('2026-01-01', 0)).toEqual(['2025-12-29', '2026-01-04']);
    // 2027-01-01 is a Friday: ISO week 53 of 2026, so week 1 is 2025-12-29.
    expect(isoWeekRange('2027-01-01', 1)).toEqual(['2025-12-29', '2026-01-04']);
    expect(weeksInIsoYear(2026)).toBe(53);
    expect(weeksInIsoYear(2025)).toBe(52);
  });
});
