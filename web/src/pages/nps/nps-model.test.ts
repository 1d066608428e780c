import { describe, expect, it } from 'vitest';
import { daysOf, formatNps, monthLabel, monthRows } from './nps-model';

describe('NPS screen', () => {
  it('keeps the window within 1 to 180 days, 30 by default', () => {
    expect(daysOf(null)).toBe(30);
    expect(daysOf('0')).toBe(30);
    expect(daysOf('181')).toBe(30);
    expect(daysOf('7')).toBe(7);
    expect(daysOf('2.5')).toBe(30);
  });

  it('groups the monthly classification per month with its NPS', () => {
    const rows = monthRows({
      month_scores: [
        { month: '2026-11', classification: 'promoter', qty: 3 },
        { month: '2026-10', classification: 'detractor', qty: 1 },
        { month: '2026-11', classification: 'detractor', qty: 1 },
        { month: '2026-11', classification: 'passive', qty: 2 },
      ],
    });
    expect(rows).toEqual([
      { month: '2026-10', detractor: 1, passive: 0, promoter: 0, total: 1, nps: -100 },
      { month: '2026-11', detractor: 1, passive: 2, promoter: 3, total: 6, nps: 33.33 },
    ]);
    expect(monthLabel('2026-11')).toBe('11/2026');
    expect(formatNps(33.33)).toBe('33,33');
  });
});
