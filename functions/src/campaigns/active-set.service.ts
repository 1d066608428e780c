import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { prepareCampaigns } from '@freguesia/shared/promotions/prepare';
import type { PreparedCampaigns } from '@freguesia/shared/promotions/types';
import type { Campaign } from '@freguesia/shared/schemas/campaign';
import type { ServiceContext } from '../lib/context';
import {
  allCampaignProducts,
  campaignKind,
  campaignSetVersion,
  discountCampaignRecords,
} from '../campaign-records/campaign-records.service';

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
/** Loads in progress by tenant, version and day: simultaneous checkouts share one. */
const loading = new Map<string, Promise<ActiveSet>>();

/**
 * The prepared active campaigns of the tenant (1 DynamoDB request when unchanged). Checkouts that
 * find the set moved at the same moment wait for one read and preparation instead of each doing
 * its own (a process serving many requests, like `npm start`, spent seconds of CPU per caller).
 */
export async function activeCampaigns(ctx: ServiceContext): Promise<ActiveSet> {
  const version = await campaignSetVersion(ctx);
  const today = localDay(ctx.now());
  const cached = cache.get(ctx.tenant);
  if (cached && cached.version === version && cached.day === today) return cached;
  const key = `${ctx.tenant}\u0000${version}\u0000${today}`;
  const pending = loading.get(key) ?? loadActiveSet(ctx, version, today).finally(() => loading.delete(key));
  loading.set(key, pending);
  return pending;
}

async function loadActiveSet(ctx: ServiceContext, version: number, today: string): Promise<ActiveSet> {
  const tenant = ctx.tenant;
  // Headers first: each names the generation of product rows it reads, and an update writes its new
  // rows before flipping the header, so rows read after the header are never a mix of two versions.
  // Discounts only (an e-mail's 250 KB body is no checkout's business), filtered in DynamoDB.
  const all = await discountCampaignRecords(ctx);
  const products = await allCampaignProducts(ctx, all);
  // Ended campaigns stay out; the engine judges the period of the rest at each sale. A day of
  // slack keeps campaigns ending today valid whatever the clock of the point of sale says.
  const yesterday = addDays(today, -1);
  const payloads: Campaign[] = all
    // Discounts only: a TV screen or a message shares the record but grants nothing at the checkout.
    .filter((c) => c.active === 'Y' && c.end_at >= yesterday && campaignKind(c.type) === 'discount')
    .map(
      ({
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
      }) => ({
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
      }),
    );
  const set: ActiveSet = {
    version,
    day: today,
    prepared: prepareCampaigns(payloads),
    campaigns: payloads.length,
  };
  // A slower load of an older version never replaces a newer set.
  if ((cache.get(tenant)?.version ?? -1) <= version) cache.set(tenant, set);
  return set;
}

/** Forgets the cached sets (tests that rewrite campaigns behind the service's back). */
export function clearActiveCampaigns(): void {
  cache.clear();
}
