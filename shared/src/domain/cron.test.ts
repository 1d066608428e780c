import { Cron } from 'croner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cronFiresOn, isCronExpression } from './cron';

/** What the local scheduler runs: croner on 5 fields. */
const cronerParses = (expression: string) => {
  try {
    new Cron(expression.trim().split(/\s+/).join(' '), { paused: true });
    return true;
  } catch {
    return false;
  }
};

const FIELD_TOKENS = [
  [
    '*',
    '0',
    '59',
    '60',
    '*/5',
    '*/0',
    '5/15',
    '0-30',
    '30-0',
    '1,2,3',
    '0-59/10',
    'x',
    'L',
    '?',
    '1-2-3',
    '-1',
  ],
  ['*', '0', '23', '24', '*/2', '9-17', '17-9', '8,12', '?'],
  ['*', '1', '31', '32', '0', 'L', '15W', '?', '1-15', '*/2', '1,15'],
  ['*', '1', '12', '13', '0', 'JAN', 'dec', 'JAN-MAR', '*/3', 'FOO'],
  ['*', '0', '6', '7', '8', 'MON', 'sun', 'MON-FRI', '1-5', '5-1', '2#3', '5L', '?', '*/2', '1,3,5'],
];

describe('isCronExpression', () => {
  it('accepts the 5-field expressions of the screens (daily at midnight, weekly, ranges, steps, names)', () => {
    for (const expression of [
      '0 0 * * *',
      '30 8 * * 1',
      ' 0 9 * * 1 ',
      '*/15 9-17 * * MON-FRI',
      '0 6 1,15 JAN-JUN *',
      '0 0 * * 7',
    ]) {
      expect(isCronExpression(expression), expression).toBe(true);
    }
  });

  it("refuses what does not parse, is not 5 fields, or uses croner's extensions", () => {
    for (const expression of [
      '',
      'todo dia',
      '61 0 * * *',
      '0 0 * *',
      '0 0 0 * * *',
      '* * 32 * *',
      '5/15 0 * * *',
      '0 0 L * *',
      '0 0 * * 2#3',
      '0 0 ? * *',
    ]) {
      expect(isCronExpression(expression), expression).toBe(false);
    }
  });

  it('accepts nothing that the local scheduler (croner) would refuse', () => {
    const expression = fc
      .tuple(...FIELD_TOKENS.map((tokens) => fc.constantFrom(...tokens)))
      .map((fields) => fields.join(' '));
    fc.assert(
      fc.property(expression, (e) => !isCronExpression(e) || cronerParses(e)),
      { numRuns: 5000 },
    );
  });
});

describe('cronFiresOn', () => {
  it('tells the days a schedule fires: daily, weekdays, a day of the month, months', () => {
    expect(cronFiresOn('0 9 * * *', '2026-11-26')).toBe(true);
    expect(cronFiresOn('0 9 * * MON-FRI', '2026-11-28')).toBe(false); // a Saturday
    expect(cronFiresOn('0 9 * * MON-FRI', '2026-11-27')).toBe(true);
    expect(cronFiresOn('0 9 15 * *', '2026-11-15')).toBe(true);
    expect(cronFiresOn('0 9 15 * *', '2026-11-16')).toBe(false);
    expect(cronFiresOn('0 9 * JAN-MAR *', '2026-11-26')).toBe(false);
    expect(cronFiresOn('0 0 * * 7', '2026-11-29')).toBe(true); // 7 is Sunday
    expect(cronFiresOn('not a cron', '2026-11-26')).toBe(false);
  });

  it('agrees with the local scheduler (croner) on every day of a year', () => {
    const valid = fc
      .tuple(...FIELD_TOKENS.map((tokens) => fc.constantFrom(...tokens)))
      .map((fields) => fields.join(' '))
      .filter(isCronExpression);
    const day = fc.integer({ min: 0, max: 365 }).map((n) => {
      const d = new Date(Date.UTC(2026, 0, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(valid, day, (expression, d) => {
        const cron = new Cron(expression, { paused: true, timezone: 'UTC' });
        const start = new Date(`${d}T00:00:00Z`);
        const next = cron.nextRun(new Date(start.getTime() - 1_000));
        const fires = next !== null && next.toISOString().slice(0, 10) === d;
        return fires === cronFiresOn(expression, d);
      }),
      { numRuns: 3000 },
    );
  });
});
