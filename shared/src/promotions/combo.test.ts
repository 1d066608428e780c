import { describe, expect, it } from 'vitest';
import { campaign, discounts, line, run } from './fixtures';

const BURGER = '101';
const CHEESEBURGER = '102';
const FRIES = '201';
const SODA = '301';

/** A DG campaign: `groups` as the wizard sends them, quantities per combo, 50 % off by default. */
const combo = (groups: unknown[], info: Record<string, unknown> = {}, products: unknown[] = []) =>
  campaign({
    id: 1,
    type: 'DG',
    groups,
    products,
    info: { type: 2, value: 50, trigger_quantity: 1, discount_quantity: 1, ...info },
  });
const group = (type: 'T' | 'D', codes: string[], extra: Record<string, unknown> = {}) => ({
  type,
  items: codes.map((code) => ({ code })),
  ...extra,
});

describe('combos (DG)', () => {
  it('discounts the discount group when the trigger group is in the basket', () => {
    const burgerAndFries = combo([group('T', [BURGER]), group('D', [FRIES])]);
    expect(discounts(run([burgerAndFries], [line(1, BURGER, 1, 2000), line(2, FRIES, 1, 800)]))).toEqual([
      0, 400,
    ]);
    expect(discounts(run([burgerAndFries], [line(1, FRIES, 1, 800)]))).toEqual([0]);
  });

  it('counts complete combos: trigger and discount units for each', () => {
    const burgerAndFries = combo([group('T', [BURGER]), group('D', [FRIES])]);
    // Two burgers, three fries: two combos, the cheapest fries get the discount.
    const result = run(
      [burgerAndFries],
      [line(1, BURGER, 2, 2000), line(2, FRIES, 2, 800), line(3, FRIES, 1, 600)],
    );
    expect(discounts(result)).toEqual([0, 400, 300]);
    const once = combo([group('T', [BURGER]), group('D', [FRIES])], { can_repeat_customer: 'N' });
    expect(run([once], [line(1, BURGER, 2, 2000), line(2, FRIES, 2, 800)]).total_discount_cents).toBe(400);
  });

  it('does not count a unit twice: buy 2, the 3rd at half price', () => {
    const third = combo([group('T', [SODA]), group('D', [SODA])], {
      trigger_quantity: 2,
      discount_quantity: 1,
    });
    const off = (units: number) => run([third], [line(1, SODA, units, 600)]).total_discount_cents;
    expect([2, 3, 5, 6, 7].map(off)).toEqual([0, 300, 300, 600, 600]);
  });

  it("requisite 'all' needs each item of the group, 'any' one of them", () => {
    const all = combo([group('T', [BURGER, CHEESEBURGER], { requisite: 'all' }), group('D', [FRIES])]);
    const any = combo([group('T', [BURGER, CHEESEBURGER], { requisite: 'any' }), group('D', [FRIES])]);
    const one = [line(1, BURGER, 1, 2000), line(2, FRIES, 1, 800)];
    const both = [...one, line(3, CHEESEBURGER, 1, 2500)];
    expect(run([all], one).total_discount_cents).toBe(0);
    expect(run([all], both).total_discount_cents).toBe(400);
    expect(run([any], one).total_discount_cents).toBe(400);
  });

  it("joins trigger groups with 'and' and 'or', 'and' first", () => {
    // (burger AND soda) OR cheeseburger → fries at half price.
    const groups = [
      group('T', [BURGER]),
      group('T', [SODA], { logical_operator: 'and' }),
      group('T', [CHEESEBURGER], { logical_operator: 'or' }),
      group('D', [FRIES]),
    ];
    const c = combo(groups);
    const fries = line(9, FRIES, 1, 800);
    expect(run([c], [line(1, BURGER, 1, 2000), fries]).total_discount_cents).toBe(0);
    expect(run([c], [line(1, BURGER, 1, 2000), line(2, SODA, 1, 600), fries]).total_discount_cents).toBe(400);
    expect(run([c], [line(1, CHEESEBURGER, 1, 2500), fries]).total_discount_cents).toBe(400);
  });

  it('takes the trigger and discount groups from T and D products when no groups are sent', () => {
    const products = [
      { code: BURGER, trigger_discount: 'T' },
      { code: FRIES, trigger_discount: 'D', type: 1, price: 1 },
    ];
    const c = combo([], {}, products);
    expect(discounts(run([c], [line(1, BURGER, 1, 2000), line(2, FRIES, 1, 800)]))).toEqual([0, 700]);
  });

  it('matches product families by group code', () => {
    const c = campaign({
      id: 1,
      type: 'DG',
      groups: [group('T', [BURGER]), { type: 'D', items: [{ group_code: 'BATATAS' }] }],
      info: { type: 6, value: 2, trigger_quantity: 1, discount_quantity: 1 },
    });
    const result = run([c], [line(1, BURGER, 1, 2000), line(2, '202', 1, 900, { group_code: 'BATATAS' })]);
    expect(discounts(result)).toEqual([0, 200]);
  });

  it('keeps each product row within its money budget, even when it cannot reach every line', () => {
    const rows = [SODA, FRIES].map((code) => ({
      code,
      trigger_discount: 'D',
      type: 2,
      price: 50,
      budget: 0.01,
    }));
    const c = combo(
      [group('T', [BURGER]), group('D', [SODA, FRIES])],
      { trigger_quantity: 1, discount_quantity: 4 },
      rows,
    );
    const lines = [
      line(1, BURGER, 1, 2000),
      line(2, SODA, 1, 600),
      line(3, SODA, 1, 600),
      line(4, FRIES, 1, 800),
      line(5, FRIES, 1, 800),
    ];
    const result = run([c], lines);
    expect(discounts(result)).toEqual([0, 1, 0, 1, 0]);
    expect(result.consumption.map((e) => [e.code, e.amount_cents])).toEqual([
      [null, 2],
      [FRIES, 1],
      [SODA, 1],
    ]);
  });

  it('respects a D row limit per purchase', () => {
    const c = combo([group('T', [BURGER]), group('D', [FRIES])], {}, [
      { code: FRIES, trigger_discount: 'D', type: 2, price: 50, limit: 1 },
    ]);
    expect(run([c], [line(1, BURGER, 3, 2000), line(2, FRIES, 3, 800)]).total_discount_cents).toBe(400);
  });
});
