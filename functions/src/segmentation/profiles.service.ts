import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { toInstant } from '@freguesia/shared/segmentation/calendar';
import { localDay } from '@freguesia/shared/domain/dates';
import { classifyProducts } from '../catalog/products.service';
import type {
  CustomerRecordChange,
  CustomerRecordFacts,
  PurchaseRecordFacts,
} from '../customers/changes.service';
import type { ServiceContext } from '../lib/context';
import { joinedLeads, matchesFilter, populationLimit } from './evaluate.model';
import { isValidPoint, pointHash } from './geo.model';
import { expiredLeads } from './lead-validity.service';
import { listSegmentationLeads, setLeadRun, type LeadRecord } from './leads.repository';
import {
  emptyProfile,
  withActivity,
  withCustomerFacts,
  withPurchase,
  type CustomerActivity,
  type CustomerProfile,
  type ProfileCustomerFacts,
} from './profile.model';
import {
  SHARDS,
  populationRepository,
  type GeoPoint,
  type PopulationRepository,
  type ProfileWrite,
  type StoredProfile,
} from './population.repository';
// A function-level cycle (recompute.service reads `belongs`): both are only called, never run at import.
import { startRecompute } from './recompute.service';

/**
 * The per-customer segmentation profiles, kept on write, and the incremental membership that
 * follows each profile change (see functions/README.md, "Population engine"):
 * - customer records replace the profile's facts and move its map point;
 * - a purchase is added once (a marker item in the same transaction as the profile);
 * - an activity is added once (its own item is the marker);
 * - then the changed customer alone is evaluated against the tenant's segmentation leads and
 *   its memberships and the leads' populations move at once.
 */

/** The profile facts of a customer record (the two shapes are the same, owned by two domains). */
export function profileFactsOf(facts: CustomerRecordFacts): ProfileCustomerFacts {
  const { updatedAt: _updatedAt, ...rest } = facts;
  return { ...rest, tags: [...facts.tags] };
}

/** Facts of a customer whose record was not seen yet (a purchase arriving first): replaced when it is. */
const placeholderFacts = (id: number): ProfileCustomerFacts => ({
  id,
  hasEmail: false,
  hasCellphone: false,
  terms: false,
  optouts: { email: false, sms: false, whatsapp: false, app: false },
  registeredAt: '',
  tags: [],
});

const geoOf = (p: Pick<CustomerProfile, 'latitude' | 'longitude'> | undefined): GeoPoint | undefined =>
  p && isValidPoint(p.latitude, p.longitude)
    ? { hash: pointHash(p.latitude!, p.longitude!), latitude: p.latitude!, longitude: p.longitude! }
    : undefined;

/**
 * Reads, changes and writes one profile with optimistic locking (retried when another writer
 * moved it meanwhile). `change` answers the new profile (undefined: remove it) and what must be
 * written with it; answers false when the write was a duplicate (already applied).
 */
async function updateProfile(
  repo: PopulationRepository,
  customerId: number,
  change: (
    current: StoredProfile | undefined,
  ) => Pick<ProfileWrite, 'profile' | 'appliedRef' | 'activity' | 'factsVersion'> | null,
): Promise<boolean> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    const stored = await repo.getProfile(customerId);
    const next = change(stored);
    if (!next) return false;
    // Nothing new (a replayed record): no write, so a replay leaves the item as it was.
    const unchanged =
      stored &&
      next.profile &&
      !next.appliedRef &&
      !next.activity &&
      JSON.stringify(next.profile) === JSON.stringify(stored.profile);
    if (unchanged) return false;
    const outcome = await repo.writeProfile({
      customerId,
      expectedRev: stored?.rev ?? 0,
      factsVersion: next.factsVersion ?? stored?.factsVersion,
      ...next,
      geoRemove: geoOf(stored?.profile),
      geoAdd: geoOf(next.profile),
    });
    if (outcome === 'ok') return true;
    if (outcome === 'duplicate') return false;
  }
  throw new Error(`segmentation: profile ${customerId} kept changing under the writer`);
}

/** The tenant's products for these codes, through the batch's cache (unknown codes cached as id 0). */
async function classified(
  ctx: ServiceContext,
  codes: readonly string[],
  catalog: Map<string, Awaited<ReturnType<typeof classifyProducts>>>,
) {
  const known: Awaited<ReturnType<typeof classifyProducts>> = catalog.get(ctx.tenant) ?? new Map();
  const missing = [...new Set(codes)].filter((code) => !known.has(code));
  if (missing.length > 0) {
    const found = await classifyProducts(ctx, missing);
    for (const code of missing)
      known.set(
        code,
        found.get(code) ?? {
          id: 0,
          description: '',
          categories: [],
          brands: [],
          group_code: '',
          partners: [],
        },
      );
  }
  catalog.set(ctx.tenant, known);
  return known;
}

/** A purchase as the profile counts it: its products resolved through the catalogue. */
async function profilePurchase(
  ctx: ServiceContext,
  purchase: PurchaseRecordFacts,
  catalog: Map<string, Awaited<ReturnType<typeof classifyProducts>>>,
) {
  const known = await classified(ctx, purchase.productCodes, catalog);
  const items = purchase.productCodes.map((code) => known.get(code)).filter((p) => p && p.id > 0);
  const flat = (pick: (p: NonNullable<(typeof items)[number]>) => number[]) => [
    ...new Set(items.flatMap((p) => pick(p!))),
  ];
  return {
    id: purchase.id,
    at: toInstant(purchase.at) ?? purchase.at,
    store: purchase.store,
    origin: purchase.origin,
    totalCentavos: purchase.totalCentavos,
    products: flat((p) => [p.id]),
    categories: flat((p) => p.categories),
    brands: flat((p) => p.brands),
    partners: flat((p) => p.partners),
  };
}

/** What one batch of changes shares: the tenant's segmentation leads and resolved products. */
export interface BatchCache {
  leads: Map<string, LeadRecord[]>;
  catalog: Map<string, Awaited<ReturnType<typeof classifyProducts>>>;
  /** The expired leads named by LD rows, by tenant and business day. */
  expired: Map<string, Set<number>>;
}

export const newBatchCache = (): BatchCache => ({ leads: new Map(), catalog: new Map(), expired: new Map() });

/**
 * Applies the customer and purchase changes of one tenant (in stream order) to the profiles,
 * then re-evaluates the customers they touched. Idempotent: customer facts are replaced, a
 * purchase is counted once per (customer, purchase), so a replayed batch changes nothing.
 */
export async function applyCustomerRecordChanges(
  ctx: ServiceContext,
  changes: readonly CustomerRecordChange[],
  cache = newBatchCache(),
): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  const touched = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'customer') {
      const id = (change.after ?? change.before)!.id;
      const after = change.after;
      await updateProfile(repo, id, (stored) => {
        if (!after) return stored ? {} : null;
        // An older copy of the record (a replay out of order) never overwrites newer facts.
        if (stored?.factsVersion && after.updatedAt < stored.factsVersion) return null;
        const facts = profileFactsOf(after);
        return {
          profile: stored ? withCustomerFacts(stored.profile, facts) : emptyProfile(facts),
          factsVersion: after.updatedAt,
        };
      });
      touched.add(id);
      continue;
    }
    const after = change.after;
    // Counted when it first reaches a customer (inserted identified, or associated later).
    if (!after || after.customerId <= 0 || change.before?.customerId === after.customerId) continue;
    const purchase = await profilePurchase(ctx, after, cache.catalog);
    const applied = await updateProfile(repo, after.customerId, (stored) => ({
      profile: withPurchase(stored?.profile ?? emptyProfile(placeholderFacts(after.customerId)), purchase),
      appliedRef: `P_${after.id}`,
    }));
    if (applied) touched.add(after.customerId);
  }
  await reevaluateCustomers(ctx, [...touched], cache);
}

/**
 * Bulk load of profiles built in memory from customers and their purchases (the local seed; a
 * backfill of a tenant imported with its stream off): each profile is written whole, with its
 * map point, in batches. It writes no purchase markers and evaluates no lead, so it is meant for
 * data the stream processor will not also deliver; a recompute of each lead settles
 * memberships afterwards. Answers how many profiles were written.
 */
export async function loadProfiles(
  ctx: ServiceContext,
  customers: readonly CustomerRecordFacts[],
  purchases: readonly PurchaseRecordFacts[],
): Promise<number> {
  const catalog: BatchCache['catalog'] = new Map();
  // Every code once, up front, rather than per purchase.
  await classified(
    ctx,
    purchases.flatMap((p) => p.productCodes),
    catalog,
  );
  const profiles = new Map(customers.map((c) => [c.id, emptyProfile(profileFactsOf(c))]));
  for (const purchase of [...purchases].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id)) {
    const profile = profiles.get(purchase.customerId);
    if (!profile) continue;
    profiles.set(purchase.customerId, withPurchase(profile, await profilePurchase(ctx, purchase, catalog)));
  }
  const list = [...profiles.values()].map((profile) => ({ profile, geo: geoOf(profile) }));
  await populationRepository(ctx.tenant).putProfiles(list);
  return list.length;
}

/**
 * One page of {@link fillProfileCityIds}: from `cursor` (`<shard>:<last id>`; undefined = the
 * start), the next profiles of a shard get the code where they lack one and are re-evaluated.
 * Answers the next cursor (none after the last shard) and how many profiles changed.
 */
export async function fillProfileCityIdsPage(
  ctx: ServiceContext,
  resolve: (city: string, state: string) => number | undefined,
  cursor: string | undefined,
  pageSize = 1000,
): Promise<{ cursor?: string; changed: number }> {
  const [shard = 0, after = 0] = (cursor ?? '0:0').split(':').map(Number);
  const repo = populationRepository(ctx.tenant);
  const { items, last } = await repo.profilesPage(shard, after, pageSize);
  const changed: number[] = [];
  for (const { id, profile } of items) {
    if (profile.cityId !== undefined || !profile.city || !profile.state) continue;
    const cityId = resolve(profile.city, profile.state);
    if (cityId === undefined) continue;
    const wrote = await updateProfile(repo, id, (stored) =>
      stored && stored.profile.cityId === undefined ? { profile: { ...stored.profile, cityId } } : null,
    );
    if (wrote) changed.push(id);
  }
  await reevaluateCustomers(ctx, changed);
  const next = last !== undefined ? `${shard}:${last}` : shard + 1 < SHARDS ? `${shard + 1}:0` : undefined;
  return { ...(next ? { cursor: next } : {}), changed: changed.length };
}

/**
 * One-off, idempotent sweep (issue 20, item 7): the profiles whose customer record has the city's
 * name and state but no IBGE code get the code `resolve` finds (the caller passes the IBGE table's
 * lookup, kept out of this module), and those customers are re-evaluated against the leads. Reads
 * the 16 profile shards page by page (Queries, never a scan). Answers how many profiles changed.
 */
export async function fillProfileCityIds(
  ctx: ServiceContext,
  resolve: (city: string, state: string) => number | undefined,
  pageSize = 1000,
): Promise<number> {
  let filled = 0;
  let cursor: string | undefined;
  do {
    const page = await fillProfileCityIdsPage(ctx, resolve, cursor, pageSize);
    filled += page.changed;
    cursor = page.cursor;
  } while (cursor);
  return filled;
}

/** The activity's natural key: the same fact recorded twice is one activity. */
export const activityRef = (a: CustomerActivity): string =>
  [a.at, a.kind, a.campaignType ?? '', a.campaignId ?? '', a.score ?? '', a.platform ?? ''].join('#');

/** Records an activity once (by its natural key) and applies it to the profile. */
export async function applyActivity(ctx: ServiceContext, activity: CustomerActivity): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  const applied = await updateProfile(repo, activity.customerId, (stored) => ({
    profile: withActivity(stored?.profile ?? emptyProfile(placeholderFacts(activity.customerId)), activity),
    activity: { ref: activityRef(activity), body: activity },
  }));
  if (applied) await reevaluateCustomers(ctx, [activity.customerId]);
}

/**
 * Records that a customer took part in a campaign (CAMP): applied once per (kind, campaign) — a
 * customer already known to have taken part is not written again, so settling the same discount
 * on every purchase costs one read. Incremental membership follows at once.
 */
export async function applyParticipation(
  ctx: ServiceContext,
  participation: { customerId: number; campaignType: string; campaignId: number; at: string },
): Promise<boolean> {
  const repo = populationRepository(ctx.tenant);
  const activity: CustomerActivity = { ...participation, kind: 'campaign_participation' };
  const applied = await updateProfile(repo, participation.customerId, (stored) => {
    if (stored?.profile.campaigns[participation.campaignType]?.includes(participation.campaignId))
      return null;
    return {
      profile: withActivity(
        stored?.profile ?? emptyProfile(placeholderFacts(participation.customerId)),
        activity,
      ),
      activity: { ref: activityRef(activity), body: activity },
    };
  });
  if (applied) await reevaluateCustomers(ctx, [participation.customerId]);
  return applied;
}

/** The lead ids a filter's LD rows look at (exists, not exists, join). */
export function referencedLeads(filter: readonly LeadCondition[]): number[] {
  const ids = filter
    .filter((row) => row.key === 'LD')
    .flatMap((row) => (Array.isArray(row.value) ? row.value : [row.value]))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** Whether a customer belongs to a lead: its filter holds or it is in a joined lead. */
export function belongs(
  profile: CustomerProfile,
  lead: Pick<LeadRecord, 'filter'>,
  now: Date,
  memberOf: ReadonlySet<number>,
): boolean {
  const filter = lead.filter as LeadCondition[];
  return (
    matchesFilter(profile, filter, { now, memberOf }) || joinedLeads(filter).some((id) => memberOf.has(id))
  );
}

/** The leads named by the segmentation leads' LD rows that expired (once per batch). */
async function expiredOf(
  ctx: ServiceContext,
  leads: readonly LeadRecord[],
  cache: BatchCache,
): Promise<Set<number>> {
  const key = `${ctx.tenant}\u0000${localDay(ctx.now())}`;
  let expired = cache.expired.get(key);
  if (!expired) {
    expired = await expiredLeads(ctx, [...new Set(leads.flatMap((l) => referencedLeads(l.filter)))]);
    cache.expired.set(key, expired);
  }
  return expired;
}

/**
 * Leads in an order where every lead comes after the leads its LD rows name (whatever their ids),
 * ties by id; the leads of a cycle (A names B, B names A) keep id order among themselves. So one
 * pass over a customer settles the named leads before the leads that look at them.
 */
export function dependencyOrder<L extends Pick<LeadRecord, 'id' | 'filter'>>(leads: readonly L[]): L[] {
  const byId = new Map(leads.map((l) => [l.id, l]));
  const sorted = [...leads].sort((a, b) => a.id - b.id);
  const placed = new Set<number>();
  const visiting = new Set<number>();
  const order: L[] = [];
  const visit = (lead: L) => {
    if (placed.has(lead.id) || visiting.has(lead.id)) return;
    visiting.add(lead.id);
    for (const ref of referencedLeads(lead.filter as LeadCondition[]).sort((a, b) => a - b)) {
      const named = byId.get(ref);
      if (named && named.id !== lead.id) visit(named);
    }
    visiting.delete(lead.id);
    placed.add(lead.id);
    order.push(lead);
  };
  sorted.forEach(visit);
  return order;
}

async function segmentationLeads(ctx: ServiceContext, cache: BatchCache): Promise<LeadRecord[]> {
  let leads = cache.leads.get(ctx.tenant);
  if (!leads) {
    // Named leads first (issue 20: in id order, a lead naming a newer one read it before it moved).
    leads = dependencyOrder((await listSegmentationLeads(ctx.tenant)).filter((l) => l.origin === 'S'));
    cache.leads.set(ctx.tenant, leads);
  }
  return leads;
}

/**
 * Incremental membership: evaluates each customer alone against every segmentation lead of the
 * tenant, adds or removes its memberships (conditional writes with the shard counters) and then
 * mirrors the new population of each lead that moved onto the lead (unless a recompute of the
 * lead is running: its last segment sets the population).
 */
export async function reevaluateCustomers(
  ctx: ServiceContext,
  customerIds: readonly number[],
  cache = newBatchCache(),
): Promise<void> {
  if (customerIds.length === 0) return;
  const leads = await segmentationLeads(ctx, cache);
  if (leads.length === 0) return;
  const repo = populationRepository(ctx.tenant);
  const now = ctx.now();
  const moved = new Set<number>();
  // Leads named by LD rows and past their 'Válido até' read as leads without members.
  const expired = await expiredOf(ctx, leads, cache);
  const usable = (memberOf: ReadonlySet<number>) =>
    expired.size === 0 ? memberOf : new Set([...memberOf].filter((id) => !expired.has(id)));
  // Capped leads that lost a member while full: a recompute brings in the next customer (refill).
  const refill = new Set<number>();
  const queue = [...customerIds];
  for (let i = 0; i < queue.length; i++) {
    const customerId = queue[i]!;
    const [stored, memberships] = await Promise.all([repo.getProfile(customerId), repo.leadsOf(customerId)]);
    const memberOf = new Set(memberships);
    for (const lead of leads) {
      const desired = stored !== undefined && belongs(stored.profile, lead, now, usable(memberOf));
      if (desired === memberOf.has(lead.id)) continue;
      const limit = populationLimit(lead.filter as LeadCondition[]);
      if (limit !== undefined) {
        // OP 'limit' keeps the matching customers with the lowest ids, as the full recompute does.
        const population = await repo.population(lead.id);
        if (desired && population >= limit) {
          const last = await repo.lastMember(lead.id);
          if (customerId > last) continue;
          // A lower id comes in and the highest member goes out; its other leads are re-evaluated too.
          await repo.applyMembership(lead.id, [{ customerId: last, add: false }]);
          if (!queue.includes(last)) queue.push(last);
        } else if (!desired && population >= limit) refill.add(lead.id);
      }
      const net = await repo.applyMembership(lead.id, [{ customerId, add: desired }]);
      if (desired) memberOf.add(lead.id);
      else memberOf.delete(lead.id);
      if (net !== 0) moved.add(lead.id);
    }
  }
  for (const id of moved)
    if (!refill.has(id)) await mirrorPopulation(ctx, id, leads.find((l) => l.id === id)?.status);
  for (const id of refill) await startRecompute(ctx, id);
}

/** Copies the counted population onto the lead, when no recompute of it is under way. */
export async function mirrorPopulation(
  ctx: ServiceContext,
  leadId: number,
  leadStatus: LeadRecord['status'] | undefined,
): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  const run = await repo.getRun(leadId);
  if ((run?.status ?? leadStatus) !== 'D') return;
  await setLeadRun(ctx.tenant, leadId, { status: 'D', population: await repo.population(leadId) });
}
