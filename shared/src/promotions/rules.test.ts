import { describe, expect, it } from 'vitest';
import { evaluate } from './engine';
import { AT, campaign, discounts, itemCampaign, line, run } from './fixtures';
import { prepareCampaigns } from './prepare';

const EAN = '7891000100103';
const tenPercent = (id: number, info: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  campaign({ id, type: 'D', products: [{ code: EAN, type: 2, price: 10 }], info, ...fields });
const basket = [line(1, EAN, 1, 1000)];
const off = (...args: Parameters<typeof run>) => run(...args).total_discount_cents;

describe('who and when a campaign applies to', () => {
  it('only in its stores', () => {
    expect(off([tenPercent(1)], basket, { store_id: 2 })).toBe(0);
    expect(
      off([tenPercent(1, {}, { stores: [{ id_store: 1 }, { id_store: 2 }] })], basket, { store_id: 2 }),
    ).toBe(100);
  });

  it('only within its period, both days included, on the day in São Paulo', () => {
    const june = [tenPercent(1, {}, { start_at: '2025-06-01', end_at: '2025-06-30' })];
    // 23:30 of June 30 in São Paulo is already July 1 in UTC.
    expect(off(june, basket, { at: new Date('2025-07-01T02:30:00Z') })).toBe(100);
    expect(off(june, basket, { at: new Date('2025-07-01T03:00:00Z') })).toBe(0);
    expect(off(june, basket, { at: new Date('2025-06-01T03:00:00Z') })).toBe(100);
    expect(off(june, basket, { at: new Date('2025-06-01T02:59:59Z') })).toBe(0);
  });

  it('never when inactive', () => {
    expect(off([tenPercent(1, {}, { active: 'N' })], basket)).toBe(0);
  });

  it('only with its voucher when it has one', () => {
    const voucher = [tenPercent(1, { voucher_code: '1718900000000' })];
    expect(off(voucher, basket)).toBe(0);
    expect(off(voucher, basket, { vouchers: ['999'] })).toBe(0);
    expect(off(voucher, basket, { vouchers: [' 1718900000000 '] })).toBe(100);
  });

  it('only to customers who accepted the terms when it needs them', () => {
    const terms = [tenPercent(1, { need_terms: 'Y' })];
    expect(off(terms, basket)).toBe(0);
    expect(off(terms, basket, { customer: { accepted_terms: false } })).toBe(0);
    expect(off(terms, basket, { customer: { accepted_terms: true } })).toBe(100);
  });

  it('only to the lead it aims at; to everybody without one', () => {
    const lead = [tenPercent(1, {}, { id_lead: 42 })];
    expect(off(lead, basket)).toBe(0);
    expect(off(lead, basket, { customer: { accepted_terms: true, in_lead: (id) => id === 7 } })).toBe(0);
    expect(off(lead, basket, { customer: { accepted_terms: true, in_lead: (id) => id === 42 } })).toBe(100);
    expect(off([tenPercent(1)], basket)).toBe(100);
  });

  it('up to its per-customer limit of purchases, and never to an anonymous customer then', () => {
    const limited = [tenPercent(1, { customer_limit: 2 })];
    expect(off(limited, basket)).toBe(0);
    expect(off(limited, basket, { customer: { accepted_terms: false, usage: { 1: 1 } } })).toBe(100);
    expect(off(limited, basket, { customer: { accepted_terms: false, usage: { 1: 2 } } })).toBe(0);
  });

  it('DBP only with one of its payment methods, multiplied by the method factor', () => {
    const byCard = [
      campaign({
        id: 1,
        type: 'DBP',
        payments: [
          { id_payment_method: 3, factor: 1 },
          { id_payment_method: 4, factor: 2 },
        ],
        info: { type: 2, value: 5 },
      }),
    ];
    expect(off(byCard, basket)).toBe(0);
    expect(off(byCard, basket, { payment_method: 9 })).toBe(0);
    expect(off(byCard, basket, { payment_method: 3 })).toBe(50);
    expect(off(byCard, basket, { payment_method: 4 })).toBe(100);
  });

  it('with trigger products (requisite), only when they are in the basket: all or any', () => {
    const products = [
      { code: EAN, type: 2, price: 10 },
      { code: '11', trigger_discount: 'T' },
      { code: '12', trigger_discount: 'T' },
    ];
    const all = [campaign({ id: 1, type: 'D', products, info: { requisite: 'all' } })];
    const any = [campaign({ id: 1, type: 'D', products, info: { requisite: 'any' } })];
    const withOne = [...basket, line(2, '11', 1, 500)];
    expect(off(all, basket)).toBe(0);
    expect(off(all, withOne)).toBe(0);
    expect(off(all, [...withOne, line(3, '12', 1, 500)])).toBe(100);
    expect(off(any, withOne)).toBe(100);
    expect(off(any, basket)).toBe(0);
  });

  it('skips items already on offer when it says so (unique_discount)', () => {
    const onOffer = [line(1, EAN, 1, 1000, { on_offer: true })];
    expect(off([tenPercent(1, { unique_discount: 'Y' })], onOffer)).toBe(0);
    expect(off([tenPercent(1)], onOffer)).toBe(100);
  });
});

describe('budgets and caps', () => {
  it('never grants beyond what is left of a product budget, in money or in units', () => {
    const budgeted = [itemCampaign(1, EAN, { type: 6, price: 2, budget: 100, budget_limit: 50 })];
    const lines = [line(1, EAN, 10, 1000)];
    expect(off(budgeted, lines, { budgets: [{ campaign_id: 1, code: EAN, amount_cents: 500 }] })).toBe(500);
    const byUnits = run(budgeted, lines, { budgets: [{ campaign_id: 1, code: EAN, units: 3000 }] });
    expect(byUnits.total_discount_cents).toBe(600);
    expect(byUnits.consumption).toEqual([
      { campaign_id: 1, code: null, units: 3000, amount_cents: 600 },
      { campaign_id: 1, code: EAN, units: 3000, amount_cents: 600 },
    ]);
    expect(off(budgeted, lines, { budgets: [{ campaign_id: 1, code: EAN, amount_cents: 0 }] })).toBe(0);
  });

  it('closes dynamic 8 when its units are sold', () => {
    const closing = [itemCampaign(1, EAN, { type: 8, take: 10, price: 5 })];
    const lines = [line(1, EAN, 3, 800)];
    expect(off(closing, lines, { budgets: [{ campaign_id: 1, code: EAN, units: 2000 }] })).toBe(600);
    expect(off(closing, lines, { budgets: [{ campaign_id: 1, code: EAN, units: 0 }] })).toBe(0);
  });

  it('caps a campaign at value_max_deduct and at its remaining budget', () => {
    const lines = [line(1, EAN, 10, 1000)];
    expect(off([tenPercent(1, { value_max_deduct: 4.5 })], lines)).toBe(450);
    expect(
      off([tenPercent(1, { budget: 100 })], lines, {
        budgets: [{ campaign_id: 1, code: null, amount_cents: 321 }],
      }),
    ).toBe(321);
    expect(off([tenPercent(1, { budget: 3 })], lines)).toBe(300);
  });

  it('reports what to reserve per campaign and product', () => {
    const result = run([itemCampaign(1, EAN, { type: 5, take: 3, pay: 2 })], [line(1, EAN, 7, 1000)]);
    expect(result.consumption).toEqual([
      { campaign_id: 1, code: null, units: 6000, amount_cents: 2000 },
      { campaign_id: 1, code: EAN, units: 6000, amount_cents: 2000 },
    ]);
  });
});

describe('stacking', () => {
  const lines = [line(1, EAN, 1, 1000)];

  it('applies cumulative campaigns one after the other on the running price', () => {
    const result = run(
      [tenPercent(2, { can_accumulate: 'Y' }), tenPercent(1, { can_accumulate: 'Y' })],
      lines,
    );
    expect(result.total_discount_cents).toBe(190);
    expect(result.lines[0]!.applied.map((a) => [a.campaign_id, a.amount_cents])).toEqual([
      [1, 100],
      [2, 90],
    ]);
  });

  it('gives one exclusive campaign, the best for the customer', () => {
    const twenty = itemCampaign(5, EAN, { type: 2, price: 20 });
    const result = run([tenPercent(1), twenty], lines);
    expect(result.lines[0]!.applied.map((a) => a.campaign_id)).toEqual([5]);
    expect(result.total_discount_cents).toBe(200);
  });

  it('prefers the cumulative campaigns together when they give more than the exclusive one', () => {
    const cumulative = [
      tenPercent(1, { can_accumulate: 'Y' }),
      itemCampaign(2, EAN, { type: 6, price: 1.5 }, { can_accumulate: 'Y' }),
    ];
    expect(off([...cumulative, itemCampaign(3, EAN, { type: 2, price: 20 })], lines)).toBe(250);
    expect(off([...cumulative, itemCampaign(3, EAN, { type: 2, price: 30 })], lines)).toBe(300);
  });

  it('runs the ticket after the items, on the discounted price', () => {
    const ticket = campaign({ id: 1, type: 'DB', info: { type: 2, value: 10, can_accumulate: 'Y' } });
    const item = tenPercent(2, { can_accumulate: 'Y' });
    const result = run([ticket, item], [...lines, line(2, '2', 1, 1000)]);
    expect(discounts(result)).toEqual([190, 100]);
    expect(result.ticket[0]!.amount_cents).toBe(190);
  });

  it('keeps a line with an exclusive item discount out of ticket discounts, and an exclusive ticket discount off discounted lines', () => {
    const cumulativeTicket = campaign({
      id: 1,
      type: 'DB',
      info: { type: 2, value: 10, can_accumulate: 'Y' },
    });
    const exclusiveTicket = campaign({ id: 1, type: 'DB', info: { type: 2, value: 10 } });
    const exclusiveItem = tenPercent(2);
    const cumulativeItem = tenPercent(2, { can_accumulate: 'Y' });
    const two = [...lines, line(2, '2', 1, 1000)];
    expect(discounts(run([cumulativeTicket, exclusiveItem], two))).toEqual([100, 100]);
    expect(discounts(run([exclusiveTicket, cumulativeItem], two))).toEqual([100, 100]);
    expect(discounts(run([exclusiveTicket, exclusiveItem], two))).toEqual([100, 100]);
  });

  it('re-evaluates an exclusive campaign on the lines the better one left', () => {
    // 20 % on product A beats 'A + B at 10 %' on A; the latter still gets B.
    const twentyOnA = itemCampaign(1, '1', { type: 2, price: 20 });
    const tenOnBoth = campaign({
      id: 2,
      type: 'D',
      products: [
        { code: '1', type: 2, price: 10 },
        { code: '2', type: 2, price: 10 },
      ],
    });
    const result = run([twentyOnA, tenOnBoth], [line(1, '1', 1, 1000), line(2, '2', 1, 1000)]);
    expect(result.lines.map((l) => l.applied.map((a) => [a.campaign_id, a.amount_cents]))).toEqual([
      [[1, 200]],
      [[2, 100]],
    ]);
  });

  it('does not depend on the order of campaigns or lines', () => {
    const campaigns = [
      tenPercent(3),
      itemCampaign(1, EAN, { type: 5, take: 2, pay: 1 }),
      campaign({ id: 2, type: 'DB', info: { type: 6, value: 3, can_accumulate: 'Y' } }),
    ];
    const lines3 = [line(2, EAN, 1, 900), line(1, EAN, 1, 1000), line(3, '9', 2, 450)];
    const a = evaluate(prepareCampaigns(campaigns), { lines: lines3, store_id: 1, at: AT });
    const b = evaluate(prepareCampaigns([...campaigns].reverse()), {
      lines: [...lines3].reverse(),
      store_id: 1,
      at: AT,
    });
    expect(b).toEqual(a);
  });
});
