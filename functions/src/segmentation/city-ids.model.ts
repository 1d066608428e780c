import { listCities } from '@freguesia/shared/domain/cities';
import { listStates } from '@freguesia/shared/domain/states';
import { normalizeText } from '@freguesia/shared/domain/text';
import type { CustomerRecordChange, CustomerRecordFacts } from '../customers/changes.service';

/**
 * The IBGE code of a customer's city from its name and state (issue 20: 'Cidade' found nobody among
 * the customers whose record has only the name — the seed, POS and portal records). The 'Cidade'
 * lookup stores the IBGE code, so the profile gets the code where the record lacks it. Only the
 * code that writes profiles imports this module (the `segmentation-profiles` stream entry, the
 * local seed, the backfill job): the municipality table (≈ 99 KB) stays out of every other bundle
 * (the evaluator runs in the checkout's too).
 */

let index: ReadonlyMap<string, number> | undefined;
const keyOf = (name: string, state: string) => `${normalizeText(name)}|${state.trim().toUpperCase()}`;

/** The IBGE code of `city` in `state` (accents, case and extra spaces ignored), or undefined. */
export function cityIdOf(city: string | undefined, state: string | undefined): number | undefined {
  if (!city || !state || city.trim() === '' || state.trim() === '') return undefined;
  index ??= new Map(
    listStates().flatMap(({ uf }) =>
      listCities(uf).map((c) => [keyOf(c.city, c.state), Number(c.ibge)] as const),
    ),
  );
  return index.get(keyOf(city, state));
}

/** The facts with `cityId` filled from the name and state when the record has none (a name nobody knows stays as it is). */
export function withCityId<F extends Pick<CustomerRecordFacts, 'cityId' | 'city' | 'state'>>(facts: F): F {
  if (facts.cityId !== undefined) return facts;
  const cityId = cityIdOf(facts.city, facts.state);
  return cityId === undefined ? facts : { ...facts, cityId };
}

/** A change of the customers' stream with the customer facts' city id filled. */
export function changeWithCityId(change: CustomerRecordChange): CustomerRecordChange {
  if (change.kind !== 'customer') return change;
  return {
    ...change,
    ...(change.before ? { before: withCityId(change.before) } : {}),
    ...(change.after ? { after: withCityId(change.after) } : {}),
  };
}
