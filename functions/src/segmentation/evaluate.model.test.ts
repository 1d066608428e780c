import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONDITIONS,
  LeadConditions,
  type ConditionKey,
  type LeadCondition,
} from '@freguesia/shared/segmentation/conditions';
import { addDays } from '@freguesia/shared/domain/dates';
import { businessDayOf } from '@freguesia/shared/segmentation/calendar';
import {
  isTimeRelative,
  joinedLeads,
  matchesCondition,
  matchesFilter,
  populationLimit,
  type EvaluationContext,
} from './evaluate.model';
import {
  emptyProfile,
  withActivity,
  withPurchase,
  type CustomerActivity,
  type CustomerProfile,
  type ProfileCustomerFacts,
  type ProfilePurchase,
} from './profile.model';

// Wednesday 18 March 2026, 12:00 in Brasília (ISO week 12: Monday 16 to Sunday 22).
const NOW = new Date('2026-03-18T15:00:00.000Z');
const TODAY = '2026-03-18';
const ctx = (over: Partial<EvaluationContext> = {}): EvaluationContext => ({
  now: NOW,
  memberOf: new Set(),
  ...over,
});

const facts = (over: Partial<ProfileCustomerFacts> = {}): ProfileCustomerFacts => ({
  id: 1,
  hasEmail: false,
  hasCellphone: false,
  terms: false,
  optouts: { email: false, sms: false, whatsapp: false, app: false },
  registeredAt: '2025-01-10T12:00:00.000Z',
  tags: [],
  ...over,
});

const purchase = (over: Partial<ProfilePurchase> = {}): ProfilePurchase => ({
  id: 1,
  at: `${TODAY} 10:00:00`,
  store: 1,
  origin: 'PDV',
  totalCentavos: 10_000,
  products: [],
  categories: [],
  brands: [],
  partners: [],
  ...over,
});

function profile(
  over: Partial<ProfileCustomerFacts> = {},
  purchases: Partial<ProfilePurchase>[] = [],
  activities: Omit<CustomerActivity, 'customerId'>[] = [],
): CustomerProfile {
  const bought = purchases.reduce((p, x) => withPurchase(p, purchase(x)), emptyProfile(facts(over)));
  return activities.reduce((p, a) => withActivity(p, { customerId: 1, ...a }), bought);
}

/** A row as a lead stores it: parsed by the catalogue (so the tests also prove the rows are valid). */
const parsedRows = new Map<string, LeadCondition>();
const row = (key: ConditionKey, option: string, value?: unknown): LeadCondition => {
  const id = JSON.stringify([key, option, value]);
  let parsed = parsedRows.get(id);
  if (!parsed) parsedRows.set(id, (parsed = LeadConditions.parse([{ key, option, value }])[0]!));
  return parsed;
};
const is = (p: CustomerProfile, key: ConditionKey, option: string, value?: unknown, c = ctx()) =>
  matchesFilter(p, [row(key, option, value)], c);
const daysAgo = (n: number) => `${addDays(TODAY, -n)} 10:00:00`;

describe('FE age range (age on the Brasília day)', () => {
  const p = profile({ birthDate: '1996-03-18' }); // 30 today
  it.each([
    ['>', 29, true],
    ['>', 30, false],
    ['>=', 30, true],
    ['>=', 31, false],
    ['<', 31, true],
    ['<', 30, false],
    ['<=', 30, true],
    ['<=', 29, false],
    ['=', 30, true],
    ['=', 29, false],
    ['!=', 29, true],
    ['!=', 30, false],
  ])('%s %i → %s', (option, value, expected) => expect(is(p, 'FE', option, value)).toBe(expected));

  it('turns a year older on the Brasília birthday, not the UTC one', () => {
    const tomorrowBorn = profile({ birthDate: '1996-03-19' });
    const lateEvening = ctx({ now: new Date('2026-03-19T02:30:00.000Z') }); // 18 March, 23:30 in Brasília
    expect(is(tomorrowBorn, 'FE', '=', 29, lateEvening)).toBe(true);
    expect(is(tomorrowBorn, 'FE', '=', 30, ctx({ now: new Date('2026-03-19T03:00:00.000Z') }))).toBe(true);
  });

  it('never matches a customer without a birth date', () => {
    expect(is(profile(), 'FE', '!=', 30)).toBe(false);
    expect(is(profile(), 'FE', '>', 1)).toBe(false);
  });
});

describe('EC marital status and GE gender', () => {
  const p = profile({ marital: 'C', gender: 'F' });
  it('in / !in', () => {
    expect(is(p, 'EC', 'in', ['S', 'C'])).toBe(true);
    expect(is(p, 'EC', 'in', ['S'])).toBe(false);
    expect(is(p, 'EC', '!in', ['S'])).toBe(true);
    expect(is(p, 'EC', '!in', ['C', 'V'])).toBe(false);
    expect(is(p, 'GE', 'in', ['F'])).toBe(true);
    expect(is(p, 'GE', 'in', ['M', 'O'])).toBe(false);
    expect(is(p, 'GE', '!in', ['M'])).toBe(true);
    expect(is(p, 'GE', '!in', ['F'])).toBe(false);
  });
  it('a customer without the field is in every negation', () => {
    expect(is(profile(), 'GE', 'in', ['M', 'F', 'O'])).toBe(false);
    expect(is(profile(), 'GE', '!in', ['M', 'F', 'O'])).toBe(true);
  });
});

describe('CD city (by IBGE code or by name without accents)', () => {
  const p = profile({ cityId: 3303302, city: 'Niterói', state: 'RJ' });
  it('in / !in', () => {
    expect(is(p, 'CD', 'in', [3304557, 3303302])).toBe(true);
    expect(is(p, 'CD', 'in', ['NITEROI'])).toBe(true);
    expect(is(p, 'CD', 'in', [3304557, 'Rio de Janeiro'])).toBe(false);
    expect(is(p, 'CD', '!in', [3304557])).toBe(true);
    expect(is(p, 'CD', '!in', ['niteroi'])).toBe(false);
  });
});

describe('PD products, CA categories, PC partners and brands (ids bought)', () => {
  const p = profile({}, [{ products: [10, 11], categories: [5], brands: [7], partners: [9] }]);
  it('PD in / !in', () => {
    expect(is(p, 'PD', 'in', [11, 99])).toBe(true);
    expect(is(p, 'PD', 'in', [99])).toBe(false);
    expect(is(p, 'PD', '!in', [99])).toBe(true);
    expect(is(p, 'PD', '!in', [10])).toBe(false);
  });
  it('CA in / !in', () => {
    expect(is(p, 'CA', 'in', [5])).toBe(true);
    expect(is(p, 'CA', 'in', [6])).toBe(false);
    expect(is(p, 'CA', '!in', [6])).toBe(true);
    expect(is(p, 'CA', '!in', [5])).toBe(false);
  });
  it('PC partner / brand', () => {
    expect(is(p, 'PC', 'partner', [9])).toBe(true);
    expect(is(p, 'PC', 'partner', [7])).toBe(false);
    expect(is(p, 'PC', 'brand', [7])).toBe(true);
    expect(is(p, 'PC', 'brand', [9])).toBe(false);
  });
});

describe('TA tags (names without case or accents)', () => {
  const p = profile({ tags: ['Ração Premium', 'VIP'] });
  it('in / !in / none at all', () => {
    expect(is(p, 'TA', 'in', ['racao premium'])).toBe(true);
    expect(is(p, 'TA', 'in', ['Cerveja'])).toBe(false);
    expect(is(p, 'TA', '!in', ['Cerveja'])).toBe(true);
    expect(is(p, 'TA', '!in', ['vip'])).toBe(false);
    expect(is(p, 'TA', '!')).toBe(false);
    expect(is(profile(), 'TA', '!')).toBe(true);
  });
});

describe('TM average ticket (total / count in centavos against reais)', () => {
  // 3 purchases: R$ 100,00 + R$ 50,00 + R$ 0,01 → average R$ 50,003…
  const p = profile({}, [{ totalCentavos: 10_000 }, { totalCentavos: 5_000 }, { totalCentavos: 1 }]);
  const even = profile({}, [{ totalCentavos: 2_000 }, { totalCentavos: 3_000 }]); // R$ 25,00
  it.each([
    ['>', 50, true],
    ['>', 50.01, false],
    ['>=', '50,00', true],
    ['>=', 50.01, false],
    ['<', 50.01, true],
    ['<', 50, false],
    ['<=', 50.01, true],
    ['<=', 50, false],
    ['=', 50, false],
  ])('%s %s → %s', (option, value, expected) => expect(is(p, 'TM', option, value)).toBe(expected));
  it('= compares exactly', () => {
    expect(is(even, 'TM', '=', 25)).toBe(true);
    expect(is(even, 'TM', '=', 25.01)).toBe(false);
  });
  it('never matches a customer who never bought', () => {
    expect(is(profile(), 'TM', '<', 10)).toBe(false);
    expect(is(profile(), 'TM', '>=', 0)).toBe(false);
  });
});

describe('LP favourite store and CN registration channel', () => {
  const p = profile({ favoriteStore: 3, channel: 'Landing Page' });
  it('LP in / !in', () => {
    expect(is(p, 'LP', 'in', [3])).toBe(true);
    expect(is(p, 'LP', 'in', [4])).toBe(false);
    expect(is(p, 'LP', '!in', [4])).toBe(true);
    expect(is(p, 'LP', '!in', [3])).toBe(false);
  });
  it('CN in / !in', () => {
    expect(is(p, 'CN', 'in', ['landing page'])).toBe(true);
    expect(is(p, 'CN', 'in', ['PDV'])).toBe(false);
    expect(is(p, 'CN', '!in', ['PDV'])).toBe(true);
    expect(is(p, 'CN', '!in', ['LANDING PAGE'])).toBe(false);
  });
});

describe('AN birthday (0 = current; ISO weeks Monday–Sunday)', () => {
  it('month', () => {
    expect(is(profile({ birthDate: '1990-03-02' }), 'AN', 'month', '0')).toBe(true);
    expect(is(profile({ birthDate: '1990-04-02' }), 'AN', 'month', '0')).toBe(false);
    expect(is(profile({ birthDate: '1990-04-02' }), 'AN', 'month', '4')).toBe(true);
    expect(is(profile({ birthDate: '1990-04-02' }), 'AN', 'month', '12')).toBe(false);
  });
  it('day: 0 = today; N = born on day N of any month', () => {
    expect(is(profile({ birthDate: '1990-03-18' }), 'AN', 'day', 0)).toBe(true);
    expect(is(profile({ birthDate: '1990-04-18' }), 'AN', 'day', 0)).toBe(false);
    expect(is(profile({ birthDate: '1990-04-18' }), 'AN', 'day', 18)).toBe(true);
    expect(is(profile({ birthDate: '1990-04-17' }), 'AN', 'day', 18)).toBe(false);
    // 29 February is celebrated on the 28th in common years.
    const leap = profile({ birthDate: '2000-02-29' });
    expect(is(leap, 'AN', 'day', 0, ctx({ now: new Date('2026-02-28T15:00:00Z') }))).toBe(true);
    expect(is(leap, 'AN', 'day', 0, ctx({ now: new Date('2026-03-01T15:00:00Z') }))).toBe(false);
  });
  it('day 0 follows the Brasília day', () => {
    const p = profile({ birthDate: '1990-03-19' });
    expect(is(p, 'AN', 'day', 0, ctx({ now: new Date('2026-03-19T02:30:00Z') }))).toBe(false);
    expect(is(p, 'AN', 'day', 0, ctx({ now: new Date('2026-03-19T03:30:00Z') }))).toBe(true);
  });
  it('week: 0 = this Monday–Sunday week; N = ISO week N of this ISO year', () => {
    expect(is(profile({ birthDate: '1980-03-16' }), 'AN', 'week', 0)).toBe(true);
    expect(is(profile({ birthDate: '1980-03-22' }), 'AN', 'week', 0)).toBe(true);
    expect(is(profile({ birthDate: '1980-03-23' }), 'AN', 'week', 0)).toBe(false);
    expect(is(profile({ birthDate: '1980-03-23' }), 'AN', 'week', 13)).toBe(true);
    expect(is(profile({ birthDate: '1980-12-30' }), 'AN', 'week', 1)).toBe(true); // week 1 of 2026 starts 29/12/2025
    expect(is(profile({ birthDate: '1980-01-05' }), 'AN', 'week', 1)).toBe(false);
  });
  it('never matches without a birth date', () => {
    expect(is(profile(), 'AN', 'month', '0')).toBe(false);
  });
});

describe('CP purchases', () => {
  const recent = profile({}, [
    { at: '2026-03-18T14:30:00.000Z', origin: 'App' },
    { at: daysAgo(40), origin: 'PDV' },
  ]);
  const old = profile({}, [{ at: daysAgo(31), origin: 'E-commerce' }]);
  const never = profile();

  it('last_minutes', () => {
    expect(is(recent, 'CP', 'last_minutes', 30)).toBe(true);
    expect(is(recent, 'CP', 'last_minutes', 29)).toBe(false);
    expect(is(never, 'CP', 'last_minutes', 525_600)).toBe(false);
  });
  it('last_days (at most X calendar days ago)', () => {
    expect(is(old, 'CP', 'last_days', 31)).toBe(true);
    expect(is(old, 'CP', 'last_days', 30)).toBe(false);
    expect(is(never, 'CP', 'last_days', 3_650)).toBe(false);
  });
  it('idle_days (more than X days ago; never bought is not idle)', () => {
    expect(is(old, 'CP', 'idle_days', 30)).toBe(true);
    expect(is(old, 'CP', 'idle_days', 31)).toBe(false);
    expect(is(recent, 'CP', 'idle_days', 1)).toBe(false);
    expect(is(never, 'CP', 'idle_days', 1)).toBe(false);
  });
  it('between (both days included, Brasília days)', () => {
    const d = addDays(TODAY, -31);
    expect(is(old, 'CP', 'between', [d, d])).toBe(true);
    expect(is(old, 'CP', 'between', [addDays(d, 1), TODAY])).toBe(false);
    expect(is(recent, 'CP', 'between', [addDays(TODAY, -45), addDays(TODAY, -35)])).toBe(true);
    expect(is(never, 'CP', 'between', ['2000-01-01', TODAY])).toBe(false);
    const lateNight = profile({}, [{ at: '2026-03-01T02:30:00.000Z' }]); // 28 February, 23:30 in Brasília
    expect(is(lateNight, 'CP', 'between', ['2026-02-28', '2026-02-28'])).toBe(true);
    expect(is(lateNight, 'CP', 'between', ['2026-03-01', '2026-03-01'])).toBe(false);
  });
  it("'!' never bought", () => {
    expect(is(never, 'CP', '!')).toBe(true);
    expect(is(old, 'CP', '!')).toBe(false);
  });
  it('channel / !channel', () => {
    expect(is(recent, 'CP', 'channel', ['app'])).toBe(true);
    expect(is(recent, 'CP', 'channel', ['E-commerce'])).toBe(false);
    expect(is(recent, 'CP', '!channel', ['E-commerce'])).toBe(true);
    expect(is(recent, 'CP', '!channel', ['PDV'])).toBe(false);
    expect(is(never, 'CP', '!channel', ['PDV'])).toBe(true);
  });
});

describe('QA registration quality', () => {
  const p = profile(
    {
      hasEmail: true,
      hasCellphone: true,
      terms: true,
      registeredAt: '2026-03-18T14:00:00.000Z',
      segment: 'Varejo',
    },
    [{}, {}],
  );
  const q = profile({ registeredAt: daysAgo(10) });
  it('email / cellphone / terms', () => {
    for (const option of ['email', 'cellphone', 'terms']) {
      expect(is(p, 'QA', option)).toBe(true);
      expect(is(q, 'QA', option)).toBe(false);
    }
  });
  it('registered_between / registered_days / registered_minutes', () => {
    expect(is(q, 'QA', 'registered_between', [addDays(TODAY, -10), addDays(TODAY, -10)])).toBe(true);
    expect(is(q, 'QA', 'registered_between', [addDays(TODAY, -9), TODAY])).toBe(false);
    expect(is(q, 'QA', 'registered_days', 10)).toBe(true);
    expect(is(q, 'QA', 'registered_days', 9)).toBe(false);
    expect(is(p, 'QA', 'registered_minutes', 60)).toBe(true);
    expect(is(p, 'QA', 'registered_minutes', 59)).toBe(false);
  });
  it('purchases (at least X) and segment', () => {
    expect(is(p, 'QA', 'purchases', 2)).toBe(true);
    expect(is(p, 'QA', 'purchases', 3)).toBe(false);
    expect(is(p, 'QA', 'segment', ['varejo'])).toBe(true);
    expect(is(q, 'QA', 'segment', ['varejo'])).toBe(false);
  });
  it("segment: the customer segments are the customer's tags (issue 20)", () => {
    const tagged = profile({ tags: ['Cliente Ouro'] });
    expect(is(tagged, 'QA', 'segment', ['cliente ouro'])).toBe(true);
    expect(is(tagged, 'QA', 'segment', ['VIP'])).toBe(false);
    expect(is(profile(), 'QA', 'segment', ['cliente ouro'])).toBe(false);
  });

  describe('app', () => {
    const at = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
    const user = profile(
      {},
      [],
      [
        { kind: 'app_used', at: at(45), platform: 'android' },
        { kind: 'push_registered', at: at(45) },
      ],
    );
    const iosOnly = profile({}, [], [{ kind: 'app_used', at: at(1), platform: 'ios' }]);
    const none = profile();
    it.each([
      ['used', user, true, none],
      ['used_30', iosOnly, true, user],
      ['used_60', user, true, none],
      ['used_90', user, true, none],
      ['idle_30', user, true, iosOnly],
      ['idle_60', none, false, user],
      ['idle_90', none, false, user],
      ['not_downloaded', none, true, user],
      ['android', user, true, iosOnly],
      ['ios', iosOnly, true, user],
      ['push', user, true, iosOnly],
    ] as const)('%s', (code, yes, expected, no) => {
      expect(is(yes, 'QA', 'app', code)).toBe(expected);
      expect(is(no, 'QA', 'app', code)).toBe(false);
    });
    it('a customer who never used the app is not idle', () => {
      expect(is(none, 'QA', 'app', 'idle_30')).toBe(false);
    });
  });
});

describe('CM communications (last X days)', () => {
  const at = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
  const p = profile(
    {},
    [],
    [
      { kind: 'email_read', at: at(5) },
      { kind: 'email_sent', at: at(5) },
      { kind: 'email_clicked', at: at(5) },
      { kind: 'sms_received', at: at(5) },
      { kind: 'sms_clicked', at: at(5) },
    ],
  );
  it.each(['email_read', 'email_sent', 'email_clicked', 'sms_received', 'sms_clicked'])('%s', (option) => {
    expect(is(p, 'CM', option, 5)).toBe(true);
    expect(is(p, 'CM', option, 4)).toBe(false);
    expect(is(profile(), 'CM', option, 3_650)).toBe(false);
  });
  it.each([
    ['nps_answered', 3, true],
    ['nps_detractor', 6, true],
    ['nps_detractor', 7, false],
    ['nps_passive', 7, true],
    ['nps_passive', 8, true],
    ['nps_passive', 9, false],
    ['nps_promoter', 9, true],
    ['nps_promoter', 8, false],
  ] as const)('%s with score %i → %s', (option, score, expected) => {
    const answered = profile({}, [], [{ kind: 'nps_answered', at: at(3), score }]);
    expect(is(answered, 'CM', option, 3)).toBe(expected);
    expect(is(answered, 'CM', option, 2)).toBe(false);
  });
  it('WhatsApp opt-in / opt-out and their negations', () => {
    const optin = profile({}, [], [{ kind: 'whatsapp_optin', at: at(1) }]);
    const optout = profile({}, [], [{ kind: 'whatsapp_optout', at: at(1) }]);
    const recordOptout = profile(
      { optouts: { email: false, sms: false, whatsapp: true, app: false } },
      [],
      [{ kind: 'whatsapp_optin', at: at(1) }],
    );
    expect(is(optin, 'CM', 'whatsapp_optin')).toBe(true);
    expect(is(optout, 'CM', 'whatsapp_optin')).toBe(false);
    expect(is(recordOptout, 'CM', 'whatsapp_optin')).toBe(false);
    expect(is(optout, 'CM', 'whatsapp_optout')).toBe(true);
    expect(is(recordOptout, 'CM', 'whatsapp_optout')).toBe(true);
    expect(is(optin, 'CM', 'whatsapp_optout')).toBe(false);
    expect(is(profile(), 'CM', '!whatsapp_optin')).toBe(true);
    expect(is(optin, 'CM', '!whatsapp_optin')).toBe(false);
    expect(is(optin, 'CM', '!whatsapp_optout')).toBe(true);
    expect(is(optout, 'CM', '!whatsapp_optout')).toBe(false);
  });
});

describe('CAMP campaign participation', () => {
  const p = profile(
    {},
    [],
    [
      { kind: 'campaign_participation', at: '2026-03-01T12:00:00Z', campaignType: 'L', campaignId: 4 },
      { kind: 'campaign_participation', at: '2026-03-01T12:00:00Z', campaignType: 'DG', campaignId: 8 },
    ],
  );
  it.each(['L', 'T', 'D', 'DG', 'DB', 'DC'])(
    '%s and !%s, by id and with * (any campaign of the kind)',
    (kind) => {
      const took = kind === 'L' || kind === 'DG';
      const id = kind === 'L' ? 4 : 8;
      expect(is(p, 'CAMP', kind, ['*'])).toBe(took);
      expect(is(p, 'CAMP', `!${kind}`, ['*'])).toBe(!took);
      expect(is(p, 'CAMP', kind, [id])).toBe(took);
      expect(is(p, 'CAMP', kind, [99])).toBe(false);
      expect(is(p, 'CAMP', `!${kind}`, [99])).toBe(true);
    },
  );
});

describe('LD leads and OP limit', () => {
  const p = profile();
  it('exists / !exists look at the leads the customer is in', () => {
    const member = ctx({ memberOf: new Set([5]) });
    expect(is(p, 'LD', 'exists', [5, 6], member)).toBe(true);
    expect(is(p, 'LD', 'exists', [6], member)).toBe(false);
    expect(is(p, 'LD', '!exists', [6], member)).toBe(true);
    expect(is(p, 'LD', '!exists', [5], member)).toBe(false);
  });
  it('join and limit are not evaluated per customer', () => {
    const gender = row('GE', 'in', ['M']);
    const join = row('LD', 'join', [5, 6]);
    const limit = row('OP', 'limit', 100);
    expect(matchesFilter(profile({ gender: 'F' }), [gender, join, limit], ctx())).toBe(false);
    expect(matchesFilter(profile({ gender: 'M' }), [gender, join, limit], ctx())).toBe(true);
    expect(matchesCondition(p, join, ctx())).toBe(true);
    // Only joins: the population is the joined leads, nobody else by the filter.
    expect(matchesFilter(p, [join], ctx({ memberOf: new Set([5]) }))).toBe(false);
    // Only a limit: everybody, capped by the engine.
    expect(matchesFilter(p, [limit], ctx())).toBe(true);
  });
  it('joinedLeads and populationLimit', () => {
    expect(
      joinedLeads([row('LD', 'join', [5, 6]), row('LD', 'join', [6, 7]), row('LD', 'exists', [9])]),
    ).toEqual([5, 6, 7]);
    expect(joinedLeads([row('FE', '>', 3)])).toEqual([]);
    expect(populationLimit([row('OP', 'limit', 500), row('OP', 'limit', 200)])).toBe(200);
    expect(populationLimit([row('FE', '>', 3)])).toBeUndefined();
  });
});

describe('isTimeRelative', () => {
  it('is true for conditions that change with time alone', () => {
    for (const r of [
      row('FE', '>', 18),
      row('AN', 'month', '0'),
      row('AN', 'day', 5),
      row('CP', 'last_days', 5),
      row('CP', 'idle_days', 5),
      row('CP', 'last_minutes', 5),
      row('QA', 'registered_days', 5),
      row('QA', 'app', 'idle_30'),
      row('CM', 'nps_promoter', 30),
    ]) {
      expect(isTimeRelative([row('GE', 'in', ['M']), r]), `${r.key} ${r.option}`).toBe(true);
    }
  });
  it('is false for conditions that only a write changes', () => {
    expect(
      isTimeRelative([
        row('GE', 'in', ['M']),
        row('CP', 'between', ['2026-01-01', '2026-01-31']),
        row('CP', '!'),
        row('QA', 'app', 'android'),
        row('CM', 'whatsapp_optin'),
        row('TM', '>', 10),
        row('LD', 'join', [3]),
        row('OP', 'limit', 10),
      ]),
    ).toBe(false);
  });
});

describe('every operator of the catalogue has a meaning', () => {
  it('is evaluated (some profile matches it and some does not), except join and limit', () => {
    const samples: CustomerProfile[] = [
      profile(),
      profile(
        {
          birthDate: '1996-03-18',
          marital: 'C',
          gender: 'F',
          cityId: 3303302,
          city: 'Niterói',
          favoriteStore: 3,
          channel: 'PDV',
          segment: 'Varejo',
          tags: ['VIP'],
          hasEmail: true,
          hasCellphone: true,
          terms: true,
          registeredAt: '2026-03-18T14:50:00Z',
        },
        [
          {
            at: '2026-03-18T14:50:00Z',
            products: [10],
            categories: [5],
            brands: [7],
            partners: [9],
            origin: 'PDV',
            totalCentavos: 10_000,
          },
        ],
        [
          { kind: 'app_used', at: '2026-03-18T14:50:00Z', platform: 'android' },
          { kind: 'app_used', at: '2025-01-01T14:50:00Z', platform: 'ios' },
          { kind: 'push_registered', at: '2026-03-18T14:50:00Z' },
          { kind: 'email_read', at: '2026-03-18T14:50:00Z' },
          { kind: 'email_sent', at: '2026-03-18T14:50:00Z' },
          { kind: 'email_clicked', at: '2026-03-18T14:50:00Z' },
          { kind: 'sms_received', at: '2026-03-18T14:50:00Z' },
          { kind: 'sms_clicked', at: '2026-03-18T14:50:00Z' },
          { kind: 'whatsapp_optin', at: '2026-03-18T14:50:00Z' },
          { kind: 'campaign_participation', at: '2026-03-18T14:50:00Z', campaignType: 'L', campaignId: 1 },
        ],
      ),
      profile(
        { birthDate: '1950-08-01' },
        [{ at: '2024-01-01 10:00:00', totalCentavos: 100 }],
        [
          { kind: 'nps_answered', at: '2026-03-18T14:50:00Z', score: 9 },
          { kind: 'app_used', at: '2025-01-01T14:50:00Z' },
          { kind: 'whatsapp_optout', at: '2026-03-18T14:50:00Z' },
          ...['T', 'D', 'DG', 'DB', 'DC'].map((campaignType) => ({
            kind: 'campaign_participation' as const,
            at: '2026-03-01T12:00:00Z',
            campaignType,
            campaignId: 2,
          })),
        ],
      ),
      profile(
        {},
        [{ at: '2025-06-01 10:00:00', totalCentavos: 5_000 }],
        [{ kind: 'nps_answered', at: '2026-03-18T14:50:00Z', score: 7 }],
      ),
      profile(
        { birthDate: '2010-01-01' },
        [],
        [{ kind: 'nps_answered', at: '2026-03-18T14:50:00Z', score: 2 }],
      ),
    ];
    const valueFor: Record<string, unknown> = {
      FE: 30,
      TM: 50,
      'AN month': '3',
      'AN day': 18,
      'AN week': 0,
      'CP between': [TODAY, TODAY],
      'QA registered_between': [TODAY, TODAY],
      'QA purchases': 1,
      'QA segment': ['varejo'],
      'CP channel': ['PDV'],
      'CP !channel': ['PDV'],
      EC: ['C'],
      GE: ['F'],
      CD: [3303302],
      PD: [10],
      CA: [5],
      TA: ['VIP'],
      LP: [3],
      CN: ['PDV'],
      PC: [7, 9],
      CAMP: ['*'],
      LD: [5],
    };
    const memberships = [ctx(), ctx({ memberOf: new Set([5]) })];
    for (const condition of CONDITIONS) {
      for (const op of condition.operators) {
        if (condition.key === 'OP' || (condition.key === 'LD' && op.code === 'join')) continue;
        const choices =
          op.value === 'choice' && condition.key === 'QA' ? op.choices!.map((c) => c.code) : [undefined];
        for (const choice of choices) {
          const value =
            choice ??
            valueFor[`${condition.key} ${op.code}`] ??
            valueFor[condition.key] ??
            (op.value === 'integer' ? 30 : undefined);
          const r = row(condition.key, op.code, value);
          const results = samples.flatMap((s) => memberships.map((c) => matchesFilter(s, [r], c)));
          expect(new Set(results), `${condition.key} ${op.code} ${String(choice ?? '')}`).toEqual(
            new Set([true, false]),
          );
        }
      }
    }
  });
});

// ---- algebraic properties ----

const DAY0 = Date.UTC(2024, 0, 1);
const arbInstant = fc.integer({ min: DAY0, max: NOW.getTime() }).map((ms) => new Date(ms).toISOString());
const arbDay = fc.integer({ min: 0, max: 900 }).map((n) => addDays('2024-01-01', n));
const arbProfile: fc.Arbitrary<CustomerProfile> = fc
  .record({
    facts: fc.record({
      birthDate: fc.option(
        fc.integer({ min: 0, max: 30_000 }).map((n) => addDays('1930-01-01', n)),
        { nil: undefined },
      ),
      gender: fc.option(fc.constantFrom('M', 'F', 'O'), { nil: undefined }),
      marital: fc.option(fc.constantFrom('S', 'C', 'V', 'D', 'O'), { nil: undefined }),
      cityId: fc.option(fc.constantFrom(3304557, 3303302), { nil: undefined }),
      channel: fc.option(fc.constantFrom('PDV', 'App', 'Landing Page'), { nil: undefined }),
      favoriteStore: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      tags: fc.subarray(['VIP', 'Cerveja', 'Ração']),
      registeredAt: arbInstant,
      hasEmail: fc.boolean(),
    }),
    purchases: fc.array(
      fc.record({
        at: arbInstant,
        origin: fc.constantFrom('PDV', 'App', 'E-commerce'),
        totalCentavos: fc.integer({ min: 0, max: 50_000 }),
        products: fc.subarray([1, 2, 3, 4]),
        store: fc.integer({ min: 1, max: 3 }),
      }),
      { maxLength: 5 },
    ),
    campaigns: fc.array(
      fc.record({
        campaignType: fc.constantFrom('L', 'T', 'D'),
        campaignId: fc.integer({ min: 1, max: 3 }),
        at: arbInstant,
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ facts: f, purchases, campaigns }) =>
    profile(
      f,
      purchases,
      campaigns.map((c) => ({ kind: 'campaign_participation' as const, ...c })),
    ),
  );

describe('properties', { timeout: 60_000 }, () => {
  const IN_VALUES: [ConditionKey, fc.Arbitrary<unknown>][] = [
    ['EC', fc.subarray(['S', 'C', 'V', 'D', 'O'], { minLength: 1 })],
    ['GE', fc.subarray(['M', 'F', 'O'], { minLength: 1 })],
    ['CD', fc.subarray([3304557, 3303302, 3550308], { minLength: 1 })],
    ['PD', fc.subarray([1, 2, 3, 4, 5], { minLength: 1 })],
    ['TA', fc.subarray(['vip', 'CERVEJA', 'racao', 'Outra'], { minLength: 1 })],
    ['LP', fc.subarray([1, 2, 3, 4], { minLength: 1 })],
    ['CN', fc.subarray(['pdv', 'App', 'E-mail'], { minLength: 1 })],
  ];

  it("'not in' is the complement of 'in' (and every other negation of its operator)", () => {
    for (const [key, values] of IN_VALUES) {
      fc.assert(fc.property(arbProfile, values, (p, v) => is(p, key, 'in', v) === !is(p, key, '!in', v)));
    }
    const origins = fc.subarray(['PDV', 'app', 'E-commerce', 'Outra'], { minLength: 1 });
    fc.assert(
      fc.property(arbProfile, origins, (p, v) => is(p, 'CP', 'channel', v) === !is(p, 'CP', '!channel', v)),
    );
    const campaigns = fc.oneof(fc.constant(['*']), fc.subarray([1, 2, 3], { minLength: 1 }));
    fc.assert(
      fc.property(
        arbProfile,
        fc.constantFrom('L', 'T', 'D', 'DG'),
        campaigns,
        (p, kind, v) => is(p, 'CAMP', kind, v) === !is(p, 'CAMP', `!${kind}`, v),
      ),
    );
    fc.assert(
      fc.property(
        arbProfile,
        fc.subarray([1, 2, 3]),
        fc.subarray([1, 2, 3], { minLength: 1 }),
        (p, member, v) => {
          const c = ctx({ memberOf: new Set(member) });
          return is(p, 'LD', 'exists', v, c) === !is(p, 'LD', '!exists', v, c);
        },
      ),
    );
  });

  it("'>=' is '>' or '=', '<=' is '<' or '=', and '!=' is not '='", () => {
    fc.assert(
      fc.property(arbProfile, fc.integer({ min: 1, max: 120 }), (p, age) => {
        expect(is(p, 'FE', '>=', age)).toBe(is(p, 'FE', '>', age) || is(p, 'FE', '=', age));
        expect(is(p, 'FE', '<=', age)).toBe(is(p, 'FE', '<', age) || is(p, 'FE', '=', age));
        if (p.birthDate) expect(is(p, 'FE', '!=', age)).toBe(!is(p, 'FE', '=', age));
      }),
    );
    fc.assert(
      fc.property(arbProfile, fc.integer({ min: 0, max: 60_000 }), (p, cents) => {
        const reais = cents / 100;
        expect(is(p, 'TM', '>=', reais)).toBe(is(p, 'TM', '>', reais) || is(p, 'TM', '=', reais));
        expect(is(p, 'TM', '<=', reais)).toBe(is(p, 'TM', '<', reais) || is(p, 'TM', '=', reais));
      }),
    );
  });

  it("'between' [a, b] is (≥ a and ≤ b), and splits at any day", () => {
    const range = fc.tuple(arbDay, arbDay).map(([x, y]) => (x <= y ? [x, y] : [y, x]) as [string, string]);
    fc.assert(
      fc.property(arbProfile, range, (p, [a, b]) => {
        expect(is(p, 'CP', 'between', [a, b])).toBe(p.purchases.days.some((d) => d >= a && d <= b));
        const registered = businessDayOf(p.registeredAt)!;
        expect(is(p, 'QA', 'registered_between', [a, b])).toBe(registered >= a && registered <= b);
      }),
    );
    fc.assert(
      fc.property(arbProfile, range, fc.nat(), (p, [a, b], k) => {
        const span = Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
        const m = addDays(a, span === 0 ? 0 : k % span);
        const whole = is(p, 'QA', 'registered_between', [a, b]);
        const split =
          is(p, 'QA', 'registered_between', [a, m]) ||
          (m < b && is(p, 'QA', 'registered_between', [addDays(m, 1), b]));
        expect(whole).toBe(split);
        expect(is(p, 'CP', 'between', [a, b])).toBe(
          is(p, 'CP', 'between', [a, m]) || (m < b && is(p, 'CP', 'between', [addDays(m, 1), b])),
        );
      }),
    );
    // FE between two bounds: '>=' a and '<=' b as two rows is the age within [a, b].
    fc.assert(
      fc.property(
        arbProfile,
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 120 }),
        (p, x, y) => {
          const [a, b] = x <= y ? [x, y] : [y, x];
          const both = matchesFilter(p, [row('FE', '>=', a), row('FE', '<=', b)], ctx());
          expect(both).toBe(is(p, 'FE', '>=', a) && is(p, 'FE', '<=', b));
        },
      ),
    );
  });

  it('last X days and more than X days split the customers who bought', () => {
    fc.assert(
      fc.property(arbProfile, fc.integer({ min: 1, max: 1_000 }), (p, x) => {
        if (p.purchases.count === 0) return !is(p, 'CP', 'last_days', x) && !is(p, 'CP', 'idle_days', x);
        return is(p, 'CP', 'last_days', x) !== is(p, 'CP', 'idle_days', x);
      }),
    );
  });

  it('an AND of rows is every row alone', () => {
    const pool = [
      row('GE', 'in', ['F']),
      row('EC', '!in', ['C']),
      row('FE', '>=', 30),
      row('TA', 'in', ['vip']),
      row('CP', 'last_days', 180),
      row('CP', '!'),
      row('TM', '>', 100),
      row('PD', 'in', [2]),
      row('QA', 'email'),
      row('AN', 'month', '0'),
      row('CAMP', 'L', ['*']),
      row('LD', 'exists', [1]),
      row('CD', '!in', [3304557]),
    ];
    fc.assert(
      fc.property(arbProfile, fc.subarray(pool, { minLength: 1 }), fc.subarray([1, 2]), (p, rows, member) => {
        const c = ctx({ memberOf: new Set(member) });
        expect(matchesFilter(p, rows, c)).toBe(rows.every((r) => matchesFilter(p, [r], c)));
      }),
    );
  });
});
