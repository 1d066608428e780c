import { describe, expect, it } from 'vitest';
import {
  acceleratorFactor,
  releaseInstant,
  renderTicketLayout,
  scheduleGifts,
  SCHEDULE_LAYOUT_ERROR,
  ticketsEarned,
  type AcceleratorRuleFacts,
  type PurchaseFactsForTickets,
} from './tickets';

const purchase: PurchaseFactsForTickets = {
  totalCents: 10_000,
  lines: [
    { code: '789001', totalCents: 6_000, brands: ['10'], partners: ['7'], categories: ['3', '1'] },
    { code: '789002', totalCents: 4_000, brands: ['11'], partners: [], categories: ['4', '1'] },
  ],
  payments: [
    { method: '2', valueCents: 7_000 },
    { method: '5', valueCents: 3_000 },
  ],
};

const rule = (r: Partial<AcceleratorRuleFacts>): AcceleratorRuleFacts => ({
  logical_operator: 'and',
  type: 'product',
  multiplier_factor: 2,
  condition: null,
  minCents: 0,
  requisite: 'any',
  items: [],
  ...r,
});

describe('acceleratorFactor (spec part 2 §3 Accelerator rule)', () => {
  it.each<[string, AcceleratorRuleFacts[], number]>([
    ['no rules: factor 1', [], 1],
    ['product any, one bought', [rule({ items: ['789001', '999'] })], 2],
    ['product all, one missing', [rule({ requisite: 'all', items: ['789001', '999'] })], 1],
    ['product all, both bought', [rule({ requisite: 'all', items: ['789001', '789002'] })], 2],
    ['brand any', [rule({ type: 'brand', items: ['11'], multiplier_factor: 3 })], 3],
    ['brand not bought', [rule({ type: 'brand', items: ['99'], multiplier_factor: 3 })], 1],
    ['partner', [rule({ type: 'partner', items: ['7'], multiplier_factor: 4 })], 4],
    ['category by ancestor', [rule({ type: 'category', items: ['1'], multiplier_factor: 5 })], 5],
    ['payment any', [rule({ type: 'payment', items: ['5'] })], 2],
    ['payment all, one unused', [rule({ type: 'payment', requisite: 'all', items: ['5', '9'] })], 1],
    [
      '>= met by matched lines only (60.00 ≥ 60.00)',
      [rule({ items: ['789001'], condition: '>=', minCents: 6_000 })],
      2,
    ],
    [
      '>= not met (60.00 < 60.01): the whole total does not count',
      [rule({ items: ['789001'], condition: '>=', minCents: 6_001 })],
      1,
    ],
    [
      '>= on payments (70.00 by method 2)',
      [rule({ type: 'payment', items: ['2'], condition: '>=', minCents: 7_000, multiplier_factor: 3 })],
      3,
    ],
    [
      'and multiplies',
      [
        rule({ type: 'brand', items: ['10'], multiplier_factor: 2 }),
        rule({ type: 'payment', items: ['2'], multiplier_factor: 3 }),
      ],
      6,
    ],
    [
      'and: one failing rule sinks the group',
      [
        rule({ type: 'brand', items: ['10'], multiplier_factor: 2 }),
        rule({ type: 'payment', items: ['9'], multiplier_factor: 3 }),
      ],
      1,
    ],
    [
      'or: the best holding alternative, not the sum nor the product',
      [
        rule({ type: 'brand', items: ['10'], multiplier_factor: 2 }),
        rule({ logical_operator: 'or', type: 'payment', items: ['2'], multiplier_factor: 3 }),
      ],
      3,
    ],
    [
      'or: the alternative that holds',
      [
        rule({ type: 'brand', items: ['99'], multiplier_factor: 5 }),
        rule({ logical_operator: 'or', type: 'payment', items: ['2'], multiplier_factor: 3 }),
      ],
      3,
    ],
    [
      'and binds tighter than or: (a and b) or c',
      [
        rule({ type: 'brand', items: ['10'], multiplier_factor: 2 }),
        rule({ type: 'payment', items: ['2'], multiplier_factor: 4 }),
        rule({ logical_operator: 'or', type: 'product', items: ['789002'], multiplier_factor: 3 }),
      ],
      8,
    ],
    ['factor 0 holds: no tickets', [rule({ items: ['789001'], multiplier_factor: 0 })], 0],
    ['a rule without items never holds', [rule({ items: [] })], 1],
  ])('%s', (_name, rules, expected) => {
    expect(acceleratorFactor(rules, purchase)).toBe(expected);
  });
});

describe('ticketsEarned: floor(total × factor / value)', () => {
  it.each([
    // total, factor, value, carried, accumulate → tickets, carry
    [10_000, 1, 2_000, 0, false, 5, 0],
    [9_999, 1, 2_000, 0, false, 4, 0],
    [9_999, 2, 2_000, 0, false, 9, 0],
    [1_500, 1, 2_000, 0, false, 0, 0],
    [1_500, 1, 2_000, 0, true, 0, 1_500],
    [1_500, 1, 2_000, 1_500, true, 1, 1_000],
    [1_500, 1, 2_000, 1_500, false, 0, 0],
    [10_000, 0, 2_000, 0, false, 0, 0],
    [0, 3, 2_000, 700, true, 0, 700],
  ])(
    '%i × %i / %i (carried %i, accumulate %s) → %i tickets, carry %i',
    (total, factor, value, carried, acc, t, c) => {
      expect(
        ticketsEarned({
          totalCents: total,
          factor,
          valueCents: value,
          carriedCents: carried,
          canAccumulate: acc,
        }),
      ).toEqual({ tickets: t, carryCents: c });
    },
  );
});

/** A deterministic random sequence. */
const seq =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('releaseInstant (spec part 2 §5 prize import)', () => {
  it.each<[string, Record<string, unknown>, number[], string | undefined]>([
    [
      'hora_liberado wins',
      { data: '01/12/2026', hora_liberado: '14:35', hora_min: 8, hora_max: 9 },
      [],
      '2026-12-01T14:35:00-03:00',
    ],
    ['ISO date and hour only', { data: '2026-12-01', hora_liberado: 9 }, [], '2026-12-01T09:00:00-03:00'],
    [
      'random hour in range, minute 1..59 (low end)',
      { data: '01/12/2026', hora_min: 10, hora_max: 12 },
      [0, 0],
      '2026-12-01T10:01:00-03:00',
    ],
    [
      'random minute high end is 59',
      { data: '01/12/2026', hora_min: 10, hora_max: 12 },
      [0.4, 0.999],
      '2026-12-01T11:59:00-03:00',
    ],
    [
      'hour equal to hora_max: minutes 00',
      { data: '01/12/2026', hora_min: 10, hora_max: 12 },
      [0.99, 0.5],
      '2026-12-01T12:00:00-03:00',
    ],
    [
      'min = max: that hour at 00',
      { data: '01/12/2026', hora_min: '15:00', hora_max: '15h' },
      [0.3],
      '2026-12-01T15:00:00-03:00',
    ],
    ['Excel serial date', { data: 46357, hora_liberado: '08:00' }, [], '2026-12-01T08:00:00-03:00'],
    ['Excel time fraction', { data: '01/12/2026', hora_liberado: 0.5 }, [], '2026-12-01T12:00:00-03:00'],
    ['no date', { hora_liberado: '10:00' }, [], undefined],
    ['invalid date', { data: '31/02/2026', hora_liberado: '10:00' }, [], undefined],
    ['only hora_min', { data: '01/12/2026', hora_min: 10 }, [], undefined],
    ['min after max', { data: '01/12/2026', hora_min: 14, hora_max: 10 }, [], undefined],
    ['hour out of range', { data: '01/12/2026', hora_min: 10, hora_max: 25 }, [], undefined],
  ])('%s', (_name, row, random, expected) => {
    expect(releaseInstant(row, seq(...random))).toBe(expected);
  });

  it('draws every hour of the range and minutes only from 1 to 59 (00 at the maximum hour)', () => {
    const hours = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const at = releaseInstant({ data: '01/12/2026', hora_min: 8, hora_max: 10 }, Math.random)!;
      const [hour, minute] = [at.slice(11, 13), Number(at.slice(14, 16))];
      hours.add(hour);
      if (hour === '10') expect(minute).toBe(0);
      else expect(minute >= 1 && minute <= 59).toBe(true);
    }
    expect([...hours].sort()).toEqual(['08', '09', '10']);
  });
});

describe('scheduleGifts', () => {
  const rows = [
    { Loja: 1, Premio: 'Bicicleta', Data: '01/12/2026', hora_liberado: '10:00' },
    { loja: '2', premio: 'TV', data: '01/12/2026', hora_min: 9, hora_max: 9 },
    { loja: 3, premio: 'Caneca', data: '02/12/2026', hora_liberado: '11:30' },
  ];

  it('keeps only the selected stores, with qt_print 0', () => {
    expect(scheduleGifts(rows, new Set([1, 2]))).toEqual({
      ok: true,
      skipped: 1,
      gifts: [
        { id_store: 1, available_at: '2026-12-01T10:00:00-03:00', gift: 'Bicicleta', qt_print: 0 },
        { id_store: 2, available_at: '2026-12-01T09:00:00-03:00', gift: 'TV', qt_print: 0 },
      ],
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['no store', { premio: 'TV', data: '01/12/2026', hora_liberado: '10:00' }],
    ['no prize', { loja: 1, data: '01/12/2026', hora_liberado: '10:00' }],
    ['no hours', { loja: 1, premio: 'TV', data: '01/12/2026' }],
    ['wrong columns', { store: 1, prize: 'TV', date: '01/12/2026', hour: '10:00' }],
  ])('a row with %s refuses the whole file with the spec message', (_name, bad) => {
    expect(scheduleGifts([rows[0]!, bad], new Set([1]))).toEqual({
      ok: false,
      message: SCHEDULE_LAYOUT_ERROR,
      row: 2,
    });
  });

  it('an empty sheet is a wrong layout', () => {
    expect(scheduleGifts([], new Set([1]))).toMatchObject({ ok: false, message: SCHEDULE_LAYOUT_ERROR });
  });
});

describe('renderTicketLayout', () => {
  it('fills placeholders, escapes values and empties unknown ones', () => {
    expect(
      renderTicketLayout('<b>{{ ticket }}</b> {{customer}} {{nope}}', {
        ticket: 42,
        customer: '<Ana & Cia>',
      }),
    ).toBe('<b>42</b> &lt;Ana &amp; Cia&gt; ');
  });
});
