import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  daysBetween,
  endOfMonth,
  fromDisplayDate,
  isDay,
  localDateTime,
  localDay,
  toDisplayDate,
  toDisplayDateTime,
} from './dates';

describe('business dates (America/Sao_Paulo)', () => {
  it('gives the Brasília day of an instant, not the UTC day', () => {
    // 02:30 UTC on the 1st is still 23:30 on the previous day in Brasília (UTC-3).
    expect(localDay(new Date('2024-03-01T02:30:00Z'))).toBe('2024-02-29');
    expect(localDateTime(new Date('2024-03-01T02:30:05Z'))).toBe('2024-02-29 23:30:05');
  });
  it('shows instants in Brasília time and bare days as written', () => {
    expect(toDisplayDate('2024-03-01T02:30:00Z')).toBe('29/02/2024');
    expect(toDisplayDate('2024-03-05')).toBe('05/03/2024');
    expect(toDisplayDate('2024-03-05 23:59:00')).toBe('05/03/2024');
    expect(toDisplayDateTime('2024-03-05T12:34:00Z')).toBe('05/03/2024 09:34');
    expect(toDisplayDate('')).toBeUndefined();
    expect(toDisplayDate('not a date')).toBeUndefined();
    expect(toDisplayDate('2023-02-29')).toBeUndefined();
  });
  it('validates and converts typed dates', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(fromDisplayDate('31/12/2024')).toBe('2024-12-31');
    expect(fromDisplayDate('31/02/2024')).toBeUndefined();
  });
  it('does calendar arithmetic', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(endOfMonth('2023-02-10')).toBe('2023-02-28');
    expect(daysBetween('2024-01-01', '2024-03-01')).toBe(60);
    expect(ageOn('2000-03-10', '2024-03-09')).toBe(23);
    expect(ageOn('2000-03-10', '2024-03-10')).toBe(24);
  });
});
