import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { prepareCampaigns } from '@freguesia/shared/promotions/prepare';
import type { PreparedCampaigns } from '@freguesia/shared/promotions/types';
import type { Campaign } from '@freguesia/shared/schemas/campaign';
import type { ServiceContext } from '../lib/context';
import { activeSetRepository } from './active-set.repository';

/**
 * The tenant's active discount campaigns, prepared once for the engine and kept in the function's
 * memory. Every checkout reads one counter item (the campaign set's version, bumped in the same
 * transaction as every campaign write); the set is read again only when it moved, so a change made
 * in the back office reaches the next checkout of every function instance.
 */
interface ActiveSet {
  version: number;
  /** The business day the set was read on: campaigns that ended before it were left out. */
  day: string;
  prepared: PreparedCampaigns;
  campaigns: number;
}

const cache = new Map<string, ActiveSet>();

/** The prepared active campaigns of the tenant (1 DynamoDB request when unchanged). */
export async function activeCampaigns(ctx: ServiceContext): Promise<ActiveSet> {
  const repo = activeSetRepository(ctx.tenant);
  const version = await repo.version();
  const today = localDay(ctx.now());
  const cached = cache.get(ctx.tenant);
  if (cached && cached.version === version && cached.day === today) return cached;
  const [all, products] = await Promise.all([repo.campaigns(), repo.products()]);
  // Ended campaigns stay out; the engine judges the period of the rest at each sale. A day of
  // slack keeps campaigns ending today valid whatever the clock of the point of sale says.
  const yesterday = addDays(today, -1);
  const payloads: Campaign[] = all
    .filter((c) => c.active === 'Y' && c.end_at >= yesterday)
    .map(({ id, description, type, active, id_lead, start_at, end_at, info, stores, brands, payments, groups }) => ({
      id,
      description,
      type,
      active,
      id_lead,
      start_at,
      end_at,
      info,
      stores,
      brands,
      payments,
      groups,
      products: products.get(id) ?? [],
    }));
  const set: ActiveSet = { version, day: today, prepared: prepareCampaigns(payloads), campaigns: payloads.length };
  cache.set(ctx.tenant, set);
  return set;
}

/** Forgets the cached sets (tests that rewrite campaigns behind the service's back). */
export function clearActiveCampaigns(): void {
  cache.clear();
}
