import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyProfile,
  PROFILE_LIMITS,
  withActivity,
  withCustomerFacts,
  withPurchase,
  type CustomerProfile,
  type ProfileCustomerFacts,
  type ProfilePurchase,
} from './profile.model';

const facts = (over: Partial<ProfileCustomerFacts> = {}): ProfileCustomerFacts => ({
  id: 7,
  hasEmail: true,
  hasCellphone: false,
  terms: true,
  optouts: { email: false, sms: false, whatsapp: false, app: false },
  registeredAt: '2025-06-01T12:00:00.000Z',
  tags: [],
  ...over,
});

const purchase = (over: Partial<ProfilePurchase> = {}): ProfilePurchase => ({
  id: 1,
  at: '2026-03-10 10:00:00',
  store: 1,
  origin: 'PDV',
  totalCentavos: 10_000,
  products: [],
  categories: [],
  brands: [],
  partners: [],
  ...over,
});

const applyAll = (purchases: ProfilePurchase[], start: CustomerProfile = emptyProfile(facts())) =>
  purchases.reduce(withPurchase, start);

describe('emptyProfile and withCustomerFacts', () => {
  it('starts with no purchase, no activity, and normalized facts', () => {
    const p = emptyProfile(
      facts({ tags: ['VIP', ' VIP ', ''], birthDate: '1990-02-30', registeredAt: '2025-06-01 09:00:00' }),
    );
    expect(p.purchases).toMatchObject({ count: 0, totalCentavos: 0, days: [], products: [] });
    expect(p.tags).toEqual(['VIP']);
    expect(p.birthDate).toBeUndefined();
    expect('birthDate' in p).toBe(false);
    expect(p.registeredAt).toBe('2025-06-01T12:00:00.000Z');
    expect(p.app).toEqual({ android: false, ios: false, push: false });
  });

  it('replaces the facts (a cleared field is cleared) and keeps the aggregates', () => {
    const before = withPurchase(emptyProfile(facts({ gender: 'F', tags: ['VIP'] })), purchase());
    const after = withCustomerFacts(before, facts({ tags: ['Cerveja'] }));
    expect(after.gender).toBeUndefined();
    expect(after.tags).toEqual(['Cerveja']);
    expect(after.purchases.count).toBe(1);
  });
});

describe('withPurchase', { timeout: 30_000 }, () => {
  it('counts the purchase in integer centavos, on its Brasília day', () => {
    const p = applyAll([
      purchase({ id: 1, at: '2026-03-18T23:30:00-03:00', totalCentavos: 1_999 }),
      purchase({ id: 2, at: '2026-03-01 08:00:00', totalCentavos: 1 }),
    ]);
    expect(p.purchases.count).toBe(2);
    expect(p.purchases.totalCentavos).toBe(2_000);
    expect(p.purchases.firstAt).toBe('2026-03-01T11:00:00.000Z');
    expect(p.purchases.lastAt).toBe('2026-03-19T02:30:00.000Z');
    expect(p.purchases.days).toEqual(['2026-03-18', '2026-03-01']);
  });

  it('keeps the items of the newest purchase first and never lets a late older purchase push them out', () => {
    let p = applyAll([
      purchase({ at: '2026-03-10 10:00:00', products: [1, 2] }),
      purchase({ at: '2026-03-12 10:00:00', products: [3, 1] }),
    ]);
    expect(p.purchases.products).toEqual([3, 1, 2]);
    p = withPurchase(p, purchase({ at: '2026-01-01 10:00:00', products: [4, 3] }));
    expect(p.purchases.products).toEqual([3, 1, 2, 4]);
  });

  it('bounds every list so the item stays small', () => {
    const many = Array.from({ length: 1_200 }, (_, i) =>
      purchase({
        id: i,
        at: new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString(),
        products: [i + 1, i + 100_000],
        origin: `Canal ${i % 70}`,
      }),
    );
    const p = applyAll(many);
    expect(p.purchases.count).toBe(1_200);
    expect(p.purchases.products).toHaveLength(PROFILE_LIMITS.products);
    expect(p.purchases.products[0]).toBe(1_200);
    expect(p.purchases.days).toHaveLength(PROFILE_LIMITS.days);
    expect(Object.keys(p.purchases.origins)).toHaveLength(PROFILE_LIMITS.origins);
    expect(JSON.stringify(p).length).toBeLessThan(60_000);
  });

  it('folds an origin written in another case or with accents into the same origin', () => {
    const p = applyAll([
      purchase({ origin: 'E-commerce' }),
      purchase({ origin: 'E-COMMERCE', at: '2026-03-11 10:00:00' }),
    ]);
    expect(p.purchases.origins).toEqual({ 'E-commerce': '2026-03-11T13:00:00.000Z' });
  });

  it('gives the same count, total, first, last, days and origins in any order of arrival', () => {
    const arbPurchase = fc.record({
      id: fc.nat(),
      at: fc
        .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 31) })
        .map((ms) => new Date(ms).toISOString()),
      store: fc.integer({ min: 1, max: 4 }),
      origin: fc.constantFrom('PDV', 'App', 'E-commerce', 'e-commerce'),
      totalCentavos: fc.integer({ min: 0, max: 1_000_000 }),
      products: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
      categories: fc.constant<number[]>([]),
      brands: fc.constant<number[]>([]),
      partners: fc.constant<number[]>([]),
    });
    fc.assert(
      fc.property(
        fc
          .array(arbPurchase, { maxLength: 12 })
          .chain((list) =>
            fc.tuple(
              fc.constant(list),
              fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
            ),
          ),
        ([list, shuffled]) => {
          const a = applyAll(list).purchases;
          const b = applyAll(shuffled).purchases;
          expect([
            b.count,
            b.totalCentavos,
            b.firstAt,
            b.lastAt,
            b.days,
            Object.values(b.origins).sort(),
          ]).toEqual([
            a.count,
            a.totalCentavos,
            a.firstAt,
            a.lastAt,
            a.days,
            Object.values(a.origins).sort(),
          ]);
          expect(new Set(b.products)).toEqual(new Set(a.products));
        },
      ),
    );
  });
});

describe('withActivity', () => {
  const base = emptyProfile(facts());
  const at = (day: string) => `${day}T12:00:00.000Z`;

  it('keeps the latest instant of each communication, in any order', () => {
    const p = [at('2026-03-10'), at('2026-03-01')].reduce(
      (acc, t) => withActivity(acc, { customerId: 7, kind: 'email_read', at: t }),
      base,
    );
    expect(p.communications.emailReadAt).toBe(at('2026-03-10'));
  });

  it('keeps the last NPS answer and ignores a score outside 0–10', () => {
    let p = withActivity(base, { customerId: 7, kind: 'nps_answered', at: at('2026-03-10'), score: 9 });
    p = withActivity(p, { customerId: 7, kind: 'nps_answered', at: at('2026-03-01'), score: 2 });
    p = withActivity(p, { customerId: 7, kind: 'nps_answered', at: at('2026-03-11'), score: 11 });
    expect(p.communications.nps).toEqual({ at: at('2026-03-10'), score: 9 });
  });

  it('lets the latest WhatsApp opt-in or opt-out win', () => {
    const optout = { customerId: 7, kind: 'whatsapp_optout' as const, at: at('2026-03-10') };
    const optin = { customerId: 7, kind: 'whatsapp_optin' as const, at: at('2026-03-01') };
    expect(withActivity(withActivity(base, optout), optin).communications.whatsapp).toBe('out');
    expect(withActivity(withActivity(base, optin), optout).communications.whatsapp).toBe('out');
  });

  it('records app use (first and last), devices and push ids', () => {
    let p = withActivity(base, { customerId: 7, kind: 'app_used', at: at('2026-03-10'), platform: 'ios' });
    p = withActivity(p, { customerId: 7, kind: 'app_used', at: at('2026-02-01') });
    p = withActivity(p, {
      customerId: 7,
      kind: 'push_registered',
      at: at('2026-02-02'),
      platform: 'android',
    });
    expect(p.app).toEqual({
      firstUsedAt: at('2026-02-01'),
      lastUsedAt: at('2026-03-10'),
      ios: true,
      android: true,
      push: true,
    });
  });

  it('records campaign participations by kind, most recent first, without duplicates', () => {
    let p = withActivity(base, {
      customerId: 7,
      kind: 'campaign_participation',
      at: at('2026-03-01'),
      campaignType: 'L',
      campaignId: 3,
    });
    p = withActivity(p, {
      customerId: 7,
      kind: 'campaign_participation',
      at: at('2026-03-02'),
      campaignType: 'L',
      campaignId: 4,
    });
    p = withActivity(p, {
      customerId: 7,
      kind: 'campaign_participation',
      at: at('2026-03-03'),
      campaignType: 'L',
      campaignId: 3,
    });
    expect(p.campaigns).toEqual({ L: [3, 4] });
    expect(
      withActivity(base, {
        customerId: 7,
        kind: 'campaign_participation',
        at: at('2026-03-01'),
        campaignType: 'L',
      }),
    ).toBe(base);
  });

  it("ignores another customer's activity and an unreadable instant", () => {
    expect(withActivity(base, { customerId: 8, kind: 'email_sent', at: at('2026-03-01') })).toBe(base);
    expect(withActivity(base, { customerId: 7, kind: 'email_sent', at: 'ontem' })).toBe(base);
  });
});
