import { describe, expect, it } from 'vitest';
import { calendarEntry, type CalendarSource } from './calendar.model';

const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };
const campaign = (over: Partial<CalendarSource>): CalendarSource => ({
  id: 1,
  description: 'Campanha',
  type: 'D',
  active: 'Y',
  start_at: '2026-11-10',
  end_at: '2026-11-20',
  ...over,
});
const daysOf = (c: CalendarSource) => {
  const entry = calendarEntry(c, NOVEMBER);
  if (!entry) return [];
  const days: string[] = [];
  for (let d = 1; d <= 30; d++) {
    const day = `2026-11-${String(d).padStart(2, '0')}`;
    if (entry.start_at <= day && day <= entry.end_at && (!entry.days || entry.days.includes(day)))
      days.push(day);
  }
  return days;
};

describe('the campaign calendar (issue 20 item 6)', () => {
  it('shows a discount campaign on every day of its period, and nothing outside the range', () => {
    expect(daysOf(campaign({}))).toHaveLength(11);
    expect(
      calendarEntry(campaign({ start_at: '2026-12-01', end_at: '2026-12-31' }), NOVEMBER),
    ).toBeUndefined();
  });

  it('never shows an e-mail template, whatever its stored dates', () => {
    expect(
      calendarEntry(campaign({ type: 'TEMAIL', start_at: '2026-01-01', end_at: '9999-12-31' }), NOVEMBER),
    ).toBeUndefined();
  });

  it('shows a once-only send on the day it is scheduled for, not on every day to 9999-12-31', () => {
    const email = campaign({
      type: 'EMAIL',
      start_at: '2026-11-02',
      end_at: '9999-12-31',
      info: { type: 'O', run_on: '2026-11-18 09:30' },
    });
    expect(daysOf(email)).toEqual(['2026-11-18']);
  });

  it('shows a sent once-only send on the day it went out (São Paulo time)', () => {
    const sms = campaign({
      type: 'SMS',
      start_at: '2026-11-02',
      end_at: '9999-12-31',
      // 01:30 UTC on the 25th is 22:30 on the 24th in São Paulo.
      info: { type: 'O', run_on: null, executed_at: '2026-11-25T01:30:00.000Z' },
    });
    expect(daysOf(sms)).toEqual(['2026-11-24']);
  });

  it('leaves an unscheduled draft off the calendar', () => {
    expect(
      calendarEntry(
        campaign({ type: 'PUSH', end_at: '9999-12-31', info: { type: 'O', run_on: null } }),
        NOVEMBER,
      ),
    ).toBeUndefined();
  });

  it('shows a recurring send on the days its schedule fires, within its period', () => {
    const weekly = campaign({
      type: 'EMAIL',
      start_at: '2026-11-05',
      end_at: '9999-12-31',
      info: { type: 'R', run_frequency: '0 9 * * MON' },
    });
    expect(daysOf(weekly)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    const withDeadline = { ...weekly, end_at: '2026-11-20' };
    expect(daysOf(withDeadline)).toEqual(['2026-11-09', '2026-11-16']);
  });

  it('shows a cancelled send as inactive', () => {
    const entry = calendarEntry(
      campaign({
        type: 'EMAIL',
        info: { type: 'O', run_on: '2026-11-12 10:00', canceled_at: '2026-11-11T10:00:00Z' },
      }),
      NOVEMBER,
    );
    expect(entry?.active).toBe('N');
  });

  it('shows app art over its period', () => {
    expect(daysOf(campaign({ type: 'APPB', start_at: '2026-11-28', end_at: '9999-12-31' }))).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });
});
