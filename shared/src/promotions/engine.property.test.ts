import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DYNAMICS_BY_TYPE,
  DISCOUNT_TYPES,
  PERCENT_DYNAMICS,
  type Campaign,
  type Dynamic,
} from '../schemas/campaign';
import { evaluate } from './engine';
import { AT, campaign, STORE } from './fixtures';
import { prepareCampaigns } from './prepare';
import type { BasketLine, EvaluationInput, RemainingBudget } from './types';

/**
 * Invariants over random baskets and random campaigns of every type and dynamic: money is
 * conserved, nothing goes below zero or above what it discounts, budgets hold, and the order of
 * lines and campaigns does not matter.
 */

const CODES = ['1', '2', '3', '4', '5', '6'];
const yn = fc.constantFrom('Y', 'N');

const basketLine = fc.record({
  code: fc.constantFrom(...CODES),
  weighed: fc.boolean(),
  units: fc.integer({ min: 1, max: 13 }),
  grams: fc.integer({ min: 1, max: 5000 }),
  price: fc.integer({ min: 1, max: 20_000 }),
  category: fc.constantFrom(1, 2, 3),
  brand: fc.constantFrom(1, 2),
  onOffer: fc.boolean(),
});

const lines = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 500 }), basketLine), {
    minLength: 1,
    maxLength: 12,
    selector: ([sequence]) => sequence,
  })
  .map((rows) =>
    rows.map(([sequence, l]): BasketLine => {
      const quantity = l.weighed ? l.grams : l.units * 1000;
      return {
        sequence,
        code: l.code,
        quantity,
        unit_price_cents: l.price,
        total_cents: Math.max(1, Math.round((quantity * l.price) / 1000)),
        category_path: [l.category, l.category * 10],
        brand_id: l.brand,
        group_code: l.code === '6' ? 'FAMILIA' : null,
        on_offer: l.onOffer,
      };
    }),
  );

/** A value fitting the dynamic: a percentage or an amount in reais. */
const valueFor = (dynamic: Dynamic) =>
  PERCENT_DYNAMICS.has(dynamic)
    ? fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100)
    : fc.integer({ min: 0, max: 5_000 }).map((c) => c / 100);

const campaignPayload = (id: number) =>
  fc
    .constantFrom(...DISCOUNT_TYPES)
    .chain((type) => fc.tuple(fc.constant(type), fc.constantFrom(...DYNAMICS_BY_TYPE[type])))
    .chain(([type, dynamic]) =>
      fc
        .record({
          value: valueFor(dynamic),
          take: fc.integer({ min: 1, max: 6 }),
          free: fc.integer({ min: 1, max: 6 }),
          tiers: fc.array(
            fc.record({
              min_amount: fc.integer({ min: 0, max: 300 }),
              min_quantity: fc.integer({ min: 0, max: 5 }),
              value: valueFor(dynamic),
            }),
            { maxLength: 3 },
          ),
          codes: fc.uniqueArray(fc.constantFrom(...CODES), { minLength: 1, maxLength: 3 }),
          triggers: fc.uniqueArray(fc.constantFrom(...CODES), { maxLength: 2 }),
          limit: fc.integer({ min: 0, max: 4 }),
          budget: fc.integer({ min: 0, max: 3_000 }).map((c) => c / 100),
          budgetLimit: fc.integer({ min: 0, max: 6 }),
          accumulate: yn,
          repeat: yn,
          unique: yn,
          requisite: fc.constantFrom('all', 'any'),
          maxDeduct: fc.integer({ min: 0, max: 2_000 }).map((c) => c / 100),
          campaignBudget: fc.integer({ min: 0, max: 5_000 }).map((c) => c / 100),
          useGroupCode: fc.boolean(),
        })
        .map((p): Campaign => {
          const take = Math.max(p.take, p.free);
          const row = (code: string) => ({
            code,
            type: dynamic,
            price: p.value,
            take: dynamic === 5 ? take : p.take,
            pay: dynamic === 5 ? take - p.free : 0,
            limit: p.limit,
            budget: p.budget,
            budget_limit: p.budgetLimit,
          });
          const products =
            type === 'D'
              ? [...p.codes.map(row), ...p.triggers.map((code) => ({ code, trigger_discount: 'T' }))]
              : type === 'DG'
                ? p.codes.map(row)
                : p.triggers.map((code) => ({ code, trigger_discount: 'T' }));
          return campaign({
            id,
            type,
            products,
            brands: [{ id_brand: 1 }],
            payments: [
              { id_payment_method: 1, factor: 1 },
              { id_payment_method: 2, factor: 1.5 },
            ],
            groups:
              type === 'DG'
                ? [
                    {
                      type: 'T',
                      requisite: p.requisite,
                      items: p.triggers.length > 0 ? p.triggers.map((code) => ({ code })) : [{ code: '1' }],
                    },
                    {
                      type: 'D',
                      items: p.useGroupCode ? [{ group_code: 'FAMILIA' }] : p.codes.map((code) => ({ code })),
                    },
                  ]
                : [],
            info: {
              type: dynamic,
              value: p.value,
              tiers: dynamic === 9 || dynamic === 10 ? p.tiers : [],
              trigger_quantity: take,
              discount_quantity: p.free,
              categories: '1;2,20',
              requisite: p.requisite,
              can_accumulate: p.accumulate,
              can_repeat_customer: p.repeat,
              unique_discount: p.unique,
              value_max_deduct: p.maxDeduct,
              budget: p.campaignBudget,
            },
          });
        }),
    );

const campaigns = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 })
  .chain((ids) => fc.tuple(...ids.map(campaignPayload)));

/** Budgets left for the scenario's own campaigns (a stranger's budget changes nothing). */
const budgetsFor = (ids: readonly number[]) =>
  fc.array(
    fc.record({
      campaign_id: fc.constantFrom(...ids),
      code: fc.option(fc.constantFrom(...CODES), { nil: null }),
      amount_cents: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: undefined }),
      units: fc.option(fc.integer({ min: 0, max: 8_000 }), { nil: undefined }),
    }),
    { maxLength: 8 },
  );

const scenario = campaigns.chain((list) =>
  fc.record({
    lines,
    campaigns: fc.constant(list),
    budgets: budgetsFor(list.map((c) => c.id!)),
    payment: fc.constantFrom(null, 1, 2),
  }),
);

function inputOf(s: {
  lines: BasketLine[];
  budgets: RemainingBudget[];
  payment: number | null;
}): EvaluationInput {
  // One entry per key, as a caller would send (the first wins).
  const seen = new Set<string>();
  const unique = s.budgets.filter((b) => {
    const key = `${b.campaign_id}|${b.code}`;
    return !seen.has(key) && seen.add(key);
  });
  return { lines: s.lines, store_id: STORE, at: AT, payment_method: s.payment, budgets: unique };
}

const runs = { numRuns: 300 };
/** A few hundred baskets per property: seconds on a busy host, beyond vitest's 5 s default. */
const TIMEOUT = 60_000;

describe('engine invariants', () => {
  it(
    'keeps every discount between zero and what it discounts, and the sums exact',
    () => {
      fc.assert(
        fc.property(scenario, (s) => {
          const result = evaluate(prepareCampaigns(s.campaigns), inputOf(s));
          const total = result.lines.reduce((sum, l) => sum + l.discount_cents, 0);
          expect(result.total_discount_cents).toBe(total);
          expect(result.total_discount_cents).toBeGreaterThanOrEqual(0);
          expect(result.total_discount_cents).toBeLessThanOrEqual(result.subtotal_cents);
          expect(result.total_cents).toBe(result.subtotal_cents - total);
          for (const l of result.lines) {
            expect(l.discount_cents).toBeGreaterThanOrEqual(0);
            expect(l.discount_cents).toBeLessThanOrEqual(l.total_cents);
            expect(l.applied.reduce((sum, a) => sum + a.amount_cents, 0)).toBe(l.discount_cents);
            for (const a of l.applied) expect(a.amount_cents).toBeGreaterThan(0);
          }
          for (const t of result.ticket)
            expect(t.allocation.reduce((sum, a) => sum + a.amount_cents, 0)).toBe(t.amount_cents);
          const byCampaign = new Map<number, number>();
          for (const l of result.lines)
            for (const a of l.applied)
              byCampaign.set(a.campaign_id, (byCampaign.get(a.campaign_id) ?? 0) + a.amount_cents);
          for (const c of result.consumption.filter((e) => e.code === null))
            expect(c.amount_cents).toBe(byCampaign.get(c.campaign_id));
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'never consumes more than the budget left, given or configured',
    () => {
      fc.assert(
        fc.property(scenario, (s) => {
          const input = inputOf(s);
          const result = evaluate(prepareCampaigns(s.campaigns), input);
          for (const used of result.consumption) {
            const given = input.budgets!.find(
              (b) => b.campaign_id === used.campaign_id && b.code === used.code,
            );
            if (given?.amount_cents !== undefined)
              expect(used.amount_cents).toBeLessThanOrEqual(given.amount_cents);
            if (given?.units !== undefined) expect(used.units).toBeLessThanOrEqual(given.units);
            const payload = s.campaigns.find((c) => c.id === used.campaign_id)!;
            if (used.code === null) {
              if (payload.info.budget > 0 && given?.amount_cents === undefined)
                expect(used.amount_cents).toBeLessThanOrEqual(Math.round(payload.info.budget * 100));
              if (payload.info.value_max_deduct > 0)
                expect(used.amount_cents).toBeLessThanOrEqual(
                  Math.round(payload.info.value_max_deduct * 100),
                );
            } else {
              const row = payload.products.find((p) => p.code === used.code && p.trigger_discount === 'D')!;
              if (row.budget > 0 && given?.amount_cents === undefined)
                expect(used.amount_cents).toBeLessThanOrEqual(Math.round(row.budget * 100));
              if (row.budget_limit > 0 && given?.units === undefined)
                expect(used.units).toBeLessThanOrEqual(row.budget_limit * 1000);
            }
          }
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'gives the same answer whatever the order of the lines and of the campaigns',
    () => {
      fc.assert(
        fc.property(scenario, fc.integer(), (s, seed) => {
          const shuffle = <T>(list: readonly T[]) => {
            const out = [...list];
            let x = seed | 1;
            for (let i = out.length - 1; i > 0; i--) {
              x = (x * 1103515245 + 12345) & 0x7fffffff;
              const j = x % (i + 1);
              [out[i], out[j]] = [out[j]!, out[i]!];
            }
            return out;
          };
          const input = inputOf(s);
          const straight = evaluate(prepareCampaigns(s.campaigns), input);
          const shuffled = evaluate(prepareCampaigns(shuffle(s.campaigns)), {
            ...input,
            lines: shuffle(input.lines),
            budgets: shuffle(input.budgets!),
          });
          expect(shuffled).toEqual(straight);
        }),
        runs,
      );
    },
    TIMEOUT,
  );
});
