import { describe, expect, it } from 'vitest';
import { matchesFilter } from './evaluate.model';
import { changeWithCityId, cityIdOf, withCityId } from './city-ids.model';
import { emptyProfile } from './profile.model';
import { profileFactsOf } from './profiles.service';
import type { CustomerRecordFacts } from '../customers/changes.service';

const facts = (over: Partial<CustomerRecordFacts>): CustomerRecordFacts => ({
  id: 1,
  channel: 'PDV',
  hasEmail: false,
  hasCellphone: false,
  terms: false,
  optouts: { email: false, sms: false, whatsapp: false, app: false },
  registeredAt: '2026-01-01T12:00:00.000Z',
  tags: [],
  updatedAt: '2026-01-01T12:00:00.000Z',
  ...over,
});

describe("the IBGE code of a record with only the city's name and state (issue 20, item 7)", () => {
  it('finds the code by name and state, accents, case and spaces ignored', () => {
    expect(cityIdOf('SÃO PAULO', 'SP')).toBe(3550308);
    expect(cityIdOf('  sao   paulo ', 'sp')).toBe(3550308);
    expect(cityIdOf('Niteroi', 'RJ')).toBe(3303302);
    // The same name in two states is two cities; a wrong state or an unknown name finds nothing.
    expect(cityIdOf('Bom Jesus', 'RS')).toBe(4302303);
    expect(cityIdOf('Bom Jesus', 'PI')).toBe(2201903);
    expect(cityIdOf('Niterói', 'SP')).toBeUndefined();
    expect(cityIdOf('Cidade Inventada', 'SP')).toBeUndefined();
    expect(cityIdOf('São Paulo', undefined)).toBeUndefined();
  });

  it('fills a missing code only, and a customer change of the stream before and after', () => {
    expect(withCityId(facts({ city: 'Niterói', state: 'RJ' })).cityId).toBe(3303302);
    expect(withCityId(facts({ cityId: 3304557, city: 'Niterói', state: 'RJ' })).cityId).toBe(3304557);
    expect(withCityId(facts({ city: 'Lugar Nenhum', state: 'RJ' }))).not.toHaveProperty('cityId');
    const change = changeWithCityId({
      kind: 'customer',
      tenant: 't',
      before: facts({ city: 'Campinas', state: 'SP' }),
      after: facts({ city: 'São Paulo', state: 'SP' }),
    });
    expect(change.kind === 'customer' && [change.before?.cityId, change.after?.cityId]).toEqual([
      3509502, 3550308,
    ]);
  });

  it("so a 'Cidade' row on the IBGE code selects the seeded customer of that city", () => {
    const row = { key: 'CD' as const, condition: 'Cidade', option: 'in', value: [3550308] };
    const seeded = emptyProfile(profileFactsOf(withCityId(facts({ city: 'SÃO PAULO', state: 'SP' }))));
    const before = emptyProfile(profileFactsOf(facts({ city: 'SÃO PAULO', state: 'SP' })));
    const ctx = { now: new Date('2026-03-18T15:00:00.000Z'), memberOf: new Set<number>() };
    expect(matchesFilter(seeded, [row], ctx)).toBe(true);
    expect(matchesFilter(before, [row], ctx)).toBe(false); // what the engine did before the fix
  });
});
