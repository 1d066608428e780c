import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { invalid } from '../lib/errors';
import { schedulerPort } from '../lib/ports/scheduler';
import { populationLimit } from './evaluate.model';
import { membershipRepository } from './membership.repository';
import {
  boundedCoveringCells,
  isValidPoint,
  MAX_POLYGON_VERTICES,
  pointInPolygon,
  type LatLng,
} from './geo.model';
import { belongs, applyActivity, applyParticipation, referencedLeads } from './profiles.service';
import type { CustomerActivity } from './profile.model';
import { GEO_PARTITION_PRECISION, SHARDS, populationRepository } from './population.repository';
import {
  recomputeDependents,
  refreshScheduleName,
  SEGMENTATION_QUEUE,
  startRecompute,
  type SegmentationMessage,
} from './recompute.service';

/**
 * The population engine's API for the lead and tag services and for later domains (the
 * contract of the segmentation plan). See functions/README.md, "Population engine".
 */

/** The geographic count answers at most this many customer ids. */
export const POLYGON_IDS_MAX = 50_000;
export const POLYGON_INVALID = 'Desenhe no mapa uma área com pelo menos três pontos.';
export const POLYGON_TOO_LARGE =
  'A área desenhada é grande demais para a contagem. Desenhe uma área menor, do tamanho de uma região metropolitana no máximo.';
export const POLYGON_TOO_DETAILED = `Desenhe uma área com no máximo ${MAX_POLYGON_VERTICES} pontos.`;

/** Set the members of a static lead (F, M, E) to exactly these customers (plus the old ones with keepOld); returns the population. */
export async function replaceStaticMembers(
  ctx: ServiceContext,
  leadId: number,
  customerIds: number[],
  keepOld: boolean,
): Promise<number> {
  const repo = populationRepository(ctx.tenant);
  await repo.setStaticMembers(leadId, customerIds, keepOld);
  // The segmentation leads that name this one follow its new members.
  await recomputeDependents(ctx, leadId);
  return repo.population(leadId);
}

/** Start a full recompute of a segmentation lead (status → P, a message on the segmentation queue). */
export async function requestRecompute(ctx: ServiceContext, leadId: number): Promise<void> {
  await startRecompute(ctx, leadId);
}

/** Create/replace or cancel the auto-refresh schedule (EventBridge Scheduler cron, America/Sao_Paulo). */
export async function syncRefreshSchedule(
  ctx: ServiceContext,
  lead: { id: number; auto_refresh: 'Y' | 'N'; frequency_refresh: string | null },
): Promise<void> {
  const scheduler = await schedulerPort();
  const name = refreshScheduleName(ctx.tenant, lead.id);
  const expression = lead.frequency_refresh?.trim();
  if (lead.auto_refresh !== 'Y' || !expression) {
    await scheduler.cancel(name);
    return;
  }
  const payload: SegmentationMessage = { type: 'refresh', tenant: ctx.tenant, lead: lead.id };
  try {
    await scheduler.cron(name, expression, { queue: SEGMENTATION_QUEUE, payload });
  } catch (error) {
    if ((error as Error).message === 'Frequencia invalida')
      throw invalid({ frequency_refresh: 'Frequencia invalida' });
    throw error;
  }
}

/** Remove members, schedule and run state of a deleted lead. */
export async function dropLead(ctx: ServiceContext, leadId: number): Promise<void> {
  await (await schedulerPort()).cancel(refreshScheduleName(ctx.tenant, leadId));
  await populationRepository(ctx.tenant).dropLead(leadId);
}

/** Page through a lead's member customer ids (export, details), in shard then id order. */
export async function listMembers(
  ctx: ServiceContext,
  leadId: number,
  cursor?: string,
  limit = 1000,
): Promise<{ ids: number[]; cursor?: string }> {
  if (cursor !== undefined && !/^\d+:\d+$/.test(cursor)) throw invalid({ cursor: 'Cursor inválido.' });
  return populationRepository(ctx.tenant).listMembers(leadId, cursor, Math.min(Math.max(1, limit), 10_000));
}

/** Up to this many customer ids, the preview evaluates every profile (an exact count). */
export const PREVIEW_EXACT_UP_TO = 15_000;
/** Above it, about this many profiles are evaluated, whatever the size of the base. */
export const PREVIEW_SAMPLE = 10_000;
/** Sample windows across the id range (each read from every shard). */
const PREVIEW_WINDOWS = 8;

export interface PreviewOptions {
  exactUpTo?: number;
  sample?: number;
  /** 0 ≤ offset < 1: where the windows start within their stride (random by default). */
  offset?: number;
}

export interface PreviewAnswer {
  population: number;
  /** True when the figure is estimated from a sample (large bases); the saved lead's count is exact. */
  estimated: boolean;
  /** Profiles evaluated. */
  evaluated: number;
}

/**
 * The population a filter would have now, while it is being edited. Up to
 * {@link PREVIEW_EXACT_UP_TO} customers every profile is evaluated (the shards read in
 * parallel, Queries, never a scan). Above that the answer is an estimate from a systematic
 * sample of about {@link PREVIEW_SAMPLE} profiles, so it answers in the same time for 100,000
 * or 10,000,000 customers: the id range is cut into {@link PREVIEW_WINDOWS} strides of T ids,
 * each read in a window of L ids at one random offset, so every customer is in the sample with
 * probability L / T whatever the gaps left by deletions, and the count of matches × T / L is an
 * unbiased estimate (about ±3 % of a 10 % population, one standard error). LD rows look at the
 * named leads' members in the same windows; OP 'limit' caps the result.
 */
export async function previewCount(
  ctx: ServiceContext,
  filter: LeadCondition[],
  options: PreviewOptions = {},
): Promise<PreviewAnswer> {
  const repo = populationRepository(ctx.tenant);
  const now = ctx.now();
  const lead = { filter };
  const refs = referencedLeads(filter);
  const shards = [...Array(SHARDS).keys()];
  const maxId = Math.max(0, ...(await mapLimited(shards, SHARDS, (shard) => repo.lastProfileId(shard))));
  const exactUpTo = options.exactUpTo ?? PREVIEW_EXACT_UP_TO;
  const sample = options.sample ?? PREVIEW_SAMPLE;
  // [from, to] id windows and the probability of each customer being read.
  let windows: [number, number][];
  let inclusion = 1;
  if (maxId <= exactUpTo) {
    windows = [[1, Math.max(1, maxId)]];
  } else {
    const stride = Math.ceil(maxId / PREVIEW_WINDOWS);
    const length = Math.min(stride, Math.max(1, Math.ceil((sample / maxId) * stride)));
    const offset = Math.floor((options.offset ?? Math.random()) * (stride - length + 1));
    windows = Array.from({ length: PREVIEW_WINDOWS }, (_, k) => {
      const from = 1 + k * stride + offset;
      return [from, from + length - 1] as [number, number];
    });
    inclusion = length / stride;
  }
  const reads = windows.flatMap((window) => shards.map((shard) => ({ shard, window })));
  const counts = await mapLimited(reads, SHARDS, async ({ shard, window: [from, to] }) => {
    const [profiles, refMembers] = await Promise.all([
      repo.profilesBetween(shard, from, to),
      Promise.all(
        refs.map(async (id) => [id, new Set(await repo.membersRange(id, shard, from - 1, to))] as const),
      ),
    ]);
    let matched = 0;
    for (const { id, profile } of profiles) {
      const memberOf =
        refMembers.length === 0
          ? NO_LEADS
          : new Set(refMembers.filter(([, set]) => set.has(id)).map(([l]) => l));
      if (belongs(profile, lead, now, memberOf)) matched++;
    }
    return { matched, evaluated: profiles.length };
  });
  const matched = counts.reduce((a, c) => a + c.matched, 0);
  const evaluated = counts.reduce((a, c) => a + c.evaluated, 0);
  const total = Math.round(matched / inclusion);
  const limit = populationLimit(filter);
  return {
    population: limit === undefined ? total : Math.min(total, limit),
    estimated: inclusion < 1,
    evaluated,
  };
}

const NO_LEADS: ReadonlySet<number> = new Set();

/**
 * Customers whose map point lies inside the polygon: the geohash cells covering its bounding
 * box, one Query per cell, then the exact point-in-polygon test. Ids ascending, at most 50,000.
 */
export async function countInPolygon(
  ctx: ServiceContext,
  polygon: [number, number][],
): Promise<{ population: number; customers: number[] }> {
  const ring = polygon.filter(([lat, lng]) => isValidPoint(lat, lng)) as LatLng[];
  if (ring.length < 3 || ring.length !== polygon.length) throw invalid({ polygon: POLYGON_INVALID });
  if (ring.length > MAX_POLYGON_VERTICES) throw invalid({ polygon: POLYGON_TOO_DETAILED });
  const repo = populationRepository(ctx.tenant);
  const cells = boundedCoveringCells(ring, GEO_PARTITION_PRECISION);
  if (!cells) throw invalid({ polygon: POLYGON_TOO_LARGE });
  const found = (await mapLimited(cells, 16, (cell) => repo.geoCell(cell))).flat();
  const inside = [
    ...new Set(found.filter((p) => pointInPolygon(p.latitude, p.longitude, ring)).map((p) => p.id)),
  ].sort((a, b) => a - b);
  return { population: inside.length, customers: inside.slice(0, POLYGON_IDS_MAX) };
}

/** For other domains (campaigns, communications): is this customer in this lead now? */
export async function isMember(ctx: ServiceContext, leadId: number, customerId: number): Promise<boolean> {
  return membershipRepository(ctx.tenant).isMember(leadId, customerId);
}

/** Later domains record activities (CM, CAMP, app) here: stored once by its natural key, applied to the profile. */
export async function recordActivity(ctx: ServiceContext, activity: CustomerActivity): Promise<void> {
  if (!Number.isInteger(activity.customerId) || activity.customerId <= 0)
    throw invalid({ customerId: 'Cliente inválido.' });
  await applyActivity(ctx, activity);
}

/** Campaign kinds of the CAMP condition (spec part 2 §9): lucky, tickets and the discounts D, DG, DB, DC. */
export const PARTICIPATION_TYPES: readonly string[] = ['L', 'T', 'D', 'DG', 'DB', 'DC'];

/**
 * For the campaign domains (discount settlement, lucky numbers, tickets): the customer took part
 * in a campaign at `at`. Idempotent (a replayed purchase records nothing new); other types are
 * ignored. The CAMP condition and lead membership see it at once.
 */
export async function recordParticipation(
  ctx: ServiceContext,
  participation: { customerId: number; campaignType: string; campaignId: number; at: string },
): Promise<void> {
  if (!PARTICIPATION_TYPES.includes(participation.campaignType)) return;
  if (!Number.isInteger(participation.customerId) || participation.customerId <= 0) return;
  if (!Number.isInteger(participation.campaignId) || participation.campaignId <= 0) return;
  await applyParticipation(ctx, participation);
}
