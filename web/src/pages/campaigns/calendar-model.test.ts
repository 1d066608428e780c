import { describe, expect, it } from 'vitest';
import {
  monthOf,
  monthTitle,
  monthWeeks,
  runningOn,
  shiftMonth,
  visibleRange,
  weekday,
} from './calendar-model';

describe('campaign calendar', () => {
  it('names the month in Portuguese', () => {
    expect(monthTitle('2026-03-01')).toBe('Março de 2026');
    expect(monthTitle('2026-12-01')).toBe('Dezembro de 2026');
  });

  it('moves between months across years', () => {
    expect(monthOf('2026-11-24')).toBe('2026-11-01');
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-06-01', -18)).toBe('2024-12-01');
  });

  it('shows whole weeks from Sunday around the month', () => {
    expect(weekday('2026-11-01')).toBe(0);
    const november = monthWeeks('2026-11-01');
    expect(november).toHaveLength(5);
    expect(november[0]![0]).toBe('2026-11-01');
    expect(november[4]![6]).toBe('2026-12-05');
    const february = monthWeeks('2026-02-01');
    expect(february[0]![0]).toBe('2026-02-01');
    expect(february).toHaveLength(4);
    expect(visibleRange('2026-05-01')).toEqual({ start: '2026-04-26', end: '2026-06-06' });
    for (const week of monthWeeks('2026-08-01')) expect(week).toHaveLength(7);
  });

  it('lists the campaigns running on a day, including those without an end', () => {
    const entries = [
      { id: 1, description: 'B', start_at: '2026-11-10', end_at: '2026-11-20' },
      { id: 2, description: 'A', start_at: '2026-11-01', end_at: '9999-12-31' },
      { id: 3, description: 'C', start_at: '2026-11-21', end_at: '2026-11-21' },
    ];
    expect(runningOn(entries, '2026-11-10').map((e) => e.id)).toEqual([2, 1]);
    expect(runningOn(entries, '2026-11-21').map((e) => e.id)).toEqual([2, 3]);
    expect(runningOn(entries, '2026-10-31')).toEqual([]);
  });
});
