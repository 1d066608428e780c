import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { reachChannels, type ReachChannel } from './customers.model';
import { customerBackfillsRepository } from './customer-backfills.repository';
import type { CustomerItem } from './customer.entities';

/**
 * The customers' data migrations (functions/README.md, "Data migrations") and the city code kept
 * on write. One page per call, idempotent; the runner (lib/migrations) stores the cursor between
 * pages. Kept apart from customers.service.ts so that the API functions do not carry them.
 */

/** Resolves a city's IBGE code from its name and state (the municipality table lives with the caller). */
export type CityResolver = (city: string, state: string) => number | undefined;

const REACH: readonly ReachChannel[] = ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'];

const hasCityId = (c: Pick<CustomerItem, 'id_city'>) => (c.id_city ?? '').trim() !== '';

/** The customers of `candidates` whose record has the city's name and state but no code, with the code. */
function cityFills(
  candidates: readonly Pick<CustomerItem, 'id' | 'id_city' | 'city' | 'state'>[],
  resolve: CityResolver,
) {
  return candidates.flatMap((c) => {
    if (hasCityId(c) || !c.city?.trim() || !c.state?.trim()) return [];
    const cityId = resolve(c.city, c.state);
    return cityId === undefined ? [] : [{ id: c.id, idCity: String(cityId), city: c.city, state: c.state }];
  });
}

/**
 * Writes the IBGE code on customer records that have the city's name and state but no code (the
 * seed, POS and portal records; issue 20 item 7). Each write holds only while the record has no
 * code and the same city and state. Answers how many records got a code.
 */
export async function setCustomerCityIds(
  ctx: ServiceContext,
  customers: readonly { id: number; id_city?: string; city?: string; state?: string }[],
  resolve: CityResolver,
): Promise<number> {
  const repo = customerBackfillsRepository(ctx.tenant);
  const fills = cityFills(customers, resolve);
  const wrote = await mapLimited(fills, 8, (f) => repo.setCityId(f.id, f.idCity, f));
  return wrote.filter(Boolean).length;
}

/** Migration `customer-city-ids`: a page of customers (id order) gets the city code where it lacks one. */
export async function fillCustomerCityIds(
  ctx: ServiceContext,
  resolve: CityResolver,
  cursor: string | undefined,
  pageSize: number,
): Promise<{ cursor?: string; changed: number }> {
  const page = await customerBackfillsRepository(ctx.tenant).idPage(cursor, pageSize);
  const changed = await setCustomerCityIds(ctx, page.data, resolve);
  return { ...(page.cursor ? { cursor: page.cursor } : {}), changed };
}

/** The state of a reach recount between pages. */
interface ReachRecount {
  /** The customers page to read next (undefined: the first). */
  page?: string;
  /** Customers reachable per channel among the pages read. */
  tally: Record<string, number>;
  /** Each counter's `moves` when the recount started (null: none yet). */
  seen: Record<string, number | null>;
}

/**
 * Migration `customer-reach-counters`: recounts the per-channel reach counters (the whole-base
 * send estimate) from the customer records, a page per call. The result is set only if no write
 * moved a counter since the recount started (each reach write also counts its `moves`); when one
 * did, the recount starts over (cursor `{}`), so a write during the recount is never lost nor
 * counted twice. Answers the number of counters corrected.
 */
export async function recountReach(
  ctx: ServiceContext,
  cursor: string | undefined,
  pageSize: number,
): Promise<{ cursor?: string; changed: number }> {
  const repo = customerBackfillsRepository(ctx.tenant);
  let state = cursor ? (JSON.parse(cursor) as Partial<ReachRecount>) : {};
  if (!state.tally || !state.seen) {
    const stored = await repo.reachCounters(REACH);
    state = {
      tally: Object.fromEntries(REACH.map((ch) => [ch, 0])),
      seen: Object.fromEntries(REACH.map((ch) => [ch, stored[ch]?.moves ?? null])),
    };
  }
  const tally = { ...state.tally! };
  const page = await repo.idPage(state.page, pageSize);
  for (const c of page.data) for (const ch of reachChannels(c)) tally[ch] = (tally[ch] ?? 0) + 1;
  if (page.cursor) {
    const next: ReachRecount = { page: page.cursor, tally, seen: state.seen! };
    return { cursor: JSON.stringify(next), changed: 0 };
  }
  const stored = await repo.reachCounters(REACH);
  const seen = Object.fromEntries(REACH.map((ch) => [ch, state.seen![ch] ?? undefined]));
  if (!(await repo.setReachCounters(tally, seen))) return { cursor: '{}', changed: 0 };
  return { changed: REACH.filter((ch) => stored[ch]?.value !== tally[ch]).length };
}
