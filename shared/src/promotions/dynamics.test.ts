import { describe, expect, it } from 'vitest';
import { campaign, discounts, itemCampaign, line, run } from './fixtures';

const EAN = '7891000100103';

describe('the reference cases', () => {
  it('take 3 pay 2 on 3 × R$ 10,00 takes R$ 10,00 off', () => {
    const result = run([itemCampaign(1, EAN, { type: 5, take: 3, pay: 2 })], [line(1, EAN, 3, 1000)]);
    expect(result.total_discount_cents).toBe(1000);
    expect(result.lines[0]).toMatchObject({
      discount_cents: 1000,
      discount_quantity: 1000,
      unit_discount_cents: 1000,
    });
  });

  it('take 6 pay 1: 6 × R$ 20,00 → R$ 100,00; 5 units → nothing; 12 units → R$ 200,00 repeating, R$ 100,00 once', () => {
    const repeating = itemCampaign(1, EAN, { type: 5, take: 6, pay: 1 });
    const once = itemCampaign(1, EAN, { type: 5, take: 6, pay: 1 }, { can_repeat_customer: 'N' });
    expect(run([repeating], [line(1, EAN, 6, 2000)]).total_discount_cents).toBe(10000);
    expect(run([repeating], [line(1, EAN, 5, 2000)]).total_discount_cents).toBe(0);
    expect(run([repeating], [line(1, EAN, 12, 2000)]).total_discount_cents).toBe(20000);
    expect(run([once], [line(1, EAN, 12, 2000)]).total_discount_cents).toBe(10000);
  });

  it('R$ 15,00 off a ticket of R$ 22,00 + 14,00 + 43,00 + 7,50 is split into shares adding up to exactly R$ 15,00', () => {
    const ticket = campaign({ id: 1, type: 'DB', info: { type: 6, value: 15 } });
    const result = run(
      [ticket],
      [line(1, '1', 1, 2200), line(2, '2', 1, 1400), line(3, '3', 1, 4300), line(4, '4', 1, 750)],
    );
    expect(discounts(result)).toEqual([381, 243, 746, 130]);
    expect(discounts(result).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(result.ticket).toEqual([
      {
        campaign_id: 1,
        type: 'DB',
        dynamic: 6,
        amount_cents: 1500,
        allocation: [
          { sequence: 1, amount_cents: 381 },
          { sequence: 2, amount_cents: 243 },
          { sequence: 3, amount_cents: 746 },
          { sequence: 4, amount_cents: 130 },
        ],
      },
    ]);
  });

  it('progressive %: base 10 %, from R$ 100 15 %, from R$ 200 20 %', () => {
    const progressive = campaign({
      id: 1,
      type: 'DB',
      info: {
        type: 9,
        value: 10,
        tiers: [
          { min_amount: 100, value: 15 },
          { min_amount: 200, value: 20 },
        ],
      },
    });
    const off = (cents: number) => run([progressive], [line(1, '1', 1, cents)]).total_discount_cents;
    expect(off(5000)).toBe(500);
    expect(off(15000)).toBe(2250);
    expect(off(20000)).toBe(4000);
    expect(off(9999)).toBe(1000);
  });

  it('10 % per line on 1,06 + 2,06 + 3,06 + 4,06 rounds each line: 0,11 + 0,21 + 0,31 + 0,41', () => {
    const category = { category_path: [3] };
    const perLine = campaign({ id: 1, type: 'DC', info: { type: 2, value: 10, categories: '3' } });
    const lines = [106, 206, 306, 406].map((cents, i) => line(i + 1, String(i + 1), 1, cents, category));
    expect(discounts(run([perLine], lines))).toEqual([11, 21, 31, 41]);
  });
});

describe('each dynamic on an item (type D)', () => {
  const cases: {
    name: string;
    row: Record<string, unknown>;
    units: number;
    price: number;
    expected: number;
    info?: Record<string, unknown>;
  }[] = [
    {
      name: '1 fixed price R$ 7,99 on 2 × R$ 10,00',
      row: { type: 1, price: 7.99 },
      units: 2,
      price: 1000,
      expected: 402,
    },
    {
      name: '1 fixed price above the price gives nothing',
      row: { type: 1, price: 12 },
      units: 2,
      price: 1000,
      expected: 0,
    },
    {
      name: '2 discount 10 % on 3 × R$ 1,06 (rounded per line)',
      row: { type: 2, price: 10 },
      units: 3,
      price: 106,
      expected: 32,
    },
    {
      name: '2 discount 12,5 % on R$ 9,99',
      row: { type: 2, price: 12.5 },
      units: 1,
      price: 999,
      expected: 125,
    },
    {
      name: '3 from 3 units R$ 8,00 each: 2 units get nothing',
      row: { type: 3, take: 3, price: 8 },
      units: 2,
      price: 1000,
      expected: 0,
    },
    {
      name: '3 from 3 units R$ 8,00 each: 4 units',
      row: { type: 3, take: 3, price: 8 },
      units: 4,
      price: 1000,
      expected: 800,
    },
    {
      name: '4 from 2 units 20 %: 1 unit gets nothing',
      row: { type: 4, take: 2, price: 20 },
      units: 1,
      price: 1000,
      expected: 0,
    },
    {
      name: '4 from 2 units 20 %: 3 units',
      row: { type: 4, take: 2, price: 20 },
      units: 3,
      price: 1000,
      expected: 600,
    },
    {
      name: '5 take 3 pay 2 on 7 units (two groups)',
      row: { type: 5, take: 3, pay: 2 },
      units: 7,
      price: 500,
      expected: 1000,
    },
    {
      name: '6 pay R$ 1,50 less per unit',
      row: { type: 6, price: 1.5 },
      units: 2,
      price: 500,
      expected: 300,
    },
    {
      name: '6 never takes more than the price',
      row: { type: 6, price: 1.5 },
      units: 3,
      price: 100,
      expected: 300,
    },
    {
      name: '7 R$ 5,00 for up to 2 units per purchase',
      row: { type: 7, take: 2, price: 5 },
      units: 3,
      price: 800,
      expected: 600,
    },
    {
      name: '8 R$ 5,00 while 10 units last (none sold yet)',
      row: { type: 8, take: 10, price: 5 },
      units: 3,
      price: 800,
      expected: 900,
    },
    {
      name: '9 progressive % on the product: 5 % base, 10 % from R$ 50',
      row: { type: 9, price: 5 },
      info: { tiers: [{ min_amount: 50, value: 10 }] },
      units: 6,
      price: 1000,
      expected: 600,
    },
    {
      name: '10 progressive amount on the product: R$ 2 base, R$ 5 from 4 units',
      row: { type: 10, price: 2 },
      info: { tiers: [{ min_amount: 0, min_quantity: 4, value: 5 }] },
      units: 4,
      price: 300,
      expected: 500,
    },
    {
      name: 'a per-purchase limit of 2 units caps a 50 % discount',
      row: { type: 2, price: 50, limit: 2 },
      units: 5,
      price: 1000,
      expected: 1000,
    },
  ];
  it.each(cases)('$name', ({ row, units, price, expected, info }) => {
    expect(run([itemCampaign(1, EAN, row, info)], [line(1, EAN, units, price)]).total_discount_cents).toBe(
      expected,
    );
  });

  it('takes the cheapest units first when only part of the product is discounted', () => {
    // Same EAN on two lines at different prices (a weighed item re-priced): the free unit is the cheaper one.
    const result = run(
      [itemCampaign(1, EAN, { type: 5, take: 2, pay: 1 })],
      [line(1, EAN, 1, 900), line(2, EAN, 1, 700)],
    );
    expect(discounts(result)).toEqual([0, 700]);
  });

  it('prices weighed quantities by the thousandth', () => {
    // 0,750 kg at R$ 20,00/kg = R$ 15,00; fixed price R$ 16,00/kg → R$ 12,00.
    const result = run(
      [itemCampaign(1, EAN, { type: 1, price: 16 })],
      [line(1, EAN, 0, 2000, { quantity: 750 })],
    );
    expect(result.lines[0]).toMatchObject({
      total_cents: 1500,
      discount_cents: 300,
      discount_quantity: 750,
      unit_discount_cents: 400,
    });
  });

  it('applies per-unit dynamics to one unit when the discount cannot repeat', () => {
    const once = itemCampaign(1, EAN, { type: 2, price: 10 }, { can_repeat_customer: 'N' });
    expect(run([once], [line(1, EAN, 4, 1000)]).total_discount_cents).toBe(100);
  });
});

describe('each dynamic on a category, a brand and a ticket', () => {
  const shelf = [
    line(1, '1', 2, 1000, { category_path: [1, 5], brand_id: 7 }),
    line(2, '2', 1, 400, { category_path: [1, 6], brand_id: 8 }),
    line(3, '3', 1, 3000, { category_path: [2], brand_id: 7 }),
  ];

  it('DC matches a category and everything below it', () => {
    const dc = campaign({ id: 1, type: 'DC', info: { type: 2, value: 10, categories: '1' } });
    expect(discounts(run([dc], shelf))).toEqual([200, 40, 0]);
  });

  it('DC take 3 pay 2 across the category frees its cheapest unit', () => {
    const dc = campaign({
      id: 1,
      type: 'DC',
      info: { type: 5, trigger_quantity: 3, discount_quantity: 1, categories: '1,5;1,6' },
    });
    expect(discounts(run([dc], shelf))).toEqual([0, 400, 0]);
  });

  it('DBRANDS discounts the listed brands', () => {
    const brand = campaign({
      id: 1,
      type: 'DBRANDS',
      brands: [{ id_brand: 7 }],
      info: { type: 6, value: 1 },
    });
    expect(discounts(run([brand], shelf))).toEqual([200, 0, 100]);
  });

  it('DB from X units gets %, and nothing below X', () => {
    const db = campaign({ id: 1, type: 'DB', info: { type: 4, value: 10, trigger_quantity: 5 } });
    expect(run([db], shelf).total_discount_cents).toBe(0);
    expect(run([db], [...shelf, line(4, '4', 1, 1000)]).total_discount_cents).toBe(640);
  });

  it('DB progressive amount picks the best step reached', () => {
    const db = campaign({
      id: 1,
      type: 'DB',
      info: {
        type: 10,
        value: 0,
        tiers: [
          { min_amount: 30, value: 3 },
          { min_amount: 60, value: 8 },
        ],
      },
    });
    expect(run([db], shelf).total_discount_cents).toBe(300);
    expect(run([db], shelf.slice(0, 2)).total_discount_cents).toBe(0);
  });

  it('a ticket amount never exceeds the ticket', () => {
    const db = campaign({ id: 1, type: 'DB', info: { type: 6, value: 100 } });
    expect(run([db], shelf).total_discount_cents).toBe(5400);
  });
});
