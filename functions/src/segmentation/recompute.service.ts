import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { schedulerPort } from '../lib/ports/scheduler';
import type { SegmentationMessage } from './recompute.schema';
import { isTimeRelative, populationLimit } from './evaluate.model';
import { expiredLeads, leadsWithValidity } from './lead-validity.service';
import { getLead, listSegmentationLeads, setLeadRun, type LeadRecord } from './leads.repository';
import { SHARDS, populationRepository, type MembershipChange } from './population.repository';
import { belongs, referencedLeads } from './profiles.service';
import { sweepLeads, watchLeadRun } from './lease-sweep.service';

/**
 * Full recompute of a segmentation lead, driven by the `segmentation` queue (see
 * functions/README.md, "Population engine"):
 * 1. `startRecompute` opens run n+1 of the lead (status P) and enqueues a plan message;
 * 2. the plan sets status R and enqueues one segment message per profile shard;
 * 3. a segment walks its shard's profiles in id order next to the lead's members of that shard
 *    (both sorted by customer id), writes the difference with conditional writes and saves its
 *    cursor after each page; redelivered, it continues from the cursor and re-doing a page
 *    writes nothing twice; past its time budget it enqueues its own continuation;
 * 4. the segment that completes the set of done segments applies OP 'limit', counts the
 *    population and sets status D.
 * A message of an older run (the lead was edited or recomputed again meanwhile) is dropped.
 */

export const SEGMENTATION_QUEUE = 'segmentation';

/** The queue's messages (their schema: recompute.schema.ts). */
export type { SegmentationMessage };

/** Profiles read per Query page of a segment. */
export const SEGMENT_PAGE = 1000;
/** A segment hands over to a continuation message after this long (the queue timeout is 300 s). */
export const SEGMENT_BUDGET_MS = 240_000;
/** The daily pass (America/Sao_Paulo): 03:15, after the night's imports. */
export const DAILY_PASS_CRON = '15 3 * * *';

export const refreshScheduleName = (tenant: string, lead: number) =>
  `lead-refresh-${tenant}-${lead}`.slice(0, 64);
export const dailyScheduleName = (tenant: string) => `segmentation-daily-${tenant}`.slice(0, 64);

async function send(message: SegmentationMessage): Promise<void> {
  await (await queuePort()).send(SEGMENTATION_QUEUE, message);
}

/**
 * Opens a new run of a segmentation lead (status P) and enqueues its plan; answers the run number.
 * `chain`: the leads whose change led here (see {@link recomputeDependents}).
 */
export async function startRecompute(
  ctx: ServiceContext,
  leadId: number,
  chain?: number[],
): Promise<number | undefined> {
  const lead = await getLead(ctx.tenant, leadId);
  if (!lead || lead.origin !== 'S') return undefined;
  const repo = populationRepository(ctx.tenant);
  // In flight until its run is done: the sweep resumes it if its messages are lost (lease-sweep.service.ts).
  await watchLeadRun(ctx, leadId);
  const run = await repo.startRun(leadId, 0);
  await setLeadRun(ctx.tenant, leadId, { status: 'P', version: lead.version });
  await send({
    type: 'plan',
    tenant: ctx.tenant,
    lead: leadId,
    run,
    leadVersion: lead.version,
    ...(chain && chain.length > 0 ? { chain } : {}),
  });
  return run;
}

/**
 * A lead's members changed as a whole (its recompute ended, a static lead's rows were replaced):
 * every segmentation lead whose LD rows name it ('in lead', 'not in lead', 'join', whatever the
 * ids' order) is recomputed, and so on down the chain. `chain` holds the leads already settled
 * for this change, so a cycle of leads naming each other ends. Answers the leads restarted.
 */
export async function recomputeDependents(
  ctx: ServiceContext,
  leadId: number,
  chain: readonly number[] = [],
): Promise<number[]> {
  const next = [...chain.filter((id) => id !== leadId), leadId].slice(-1000);
  const dependents = (await listSegmentationLeads(ctx.tenant)).filter(
    (l) => l.origin === 'S' && !next.includes(l.id) && referencedLeads(l.filter).includes(leadId),
  );
  for (const dependent of dependents) await startRecompute(ctx, dependent.id, next);
  return dependents.map((l) => l.id);
}

/** Plan step: status R and one message per shard. */
export async function planRecompute(
  ctx: ServiceContext,
  message: Extract<SegmentationMessage, { type: 'plan' }>,
): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  const run = await repo.getRun(message.lead);
  if (!run || run.version !== message.run || run.status === 'D') return;
  if (!(await repo.setRunStatus(message.lead, message.run, 'R'))) return;
  await setLeadRun(ctx.tenant, message.lead, { status: 'R', version: message.leadVersion });
  const pending = [...Array(SHARDS).keys()].filter((shard) => !run.done.includes(shard));
  await mapLimited(pending, 8, (shard) => send({ ...message, type: 'segment', shard }));
}

export interface SegmentOptions {
  pageSize?: number;
  budgetMs?: number;
  /** Called after each page's writes, before its cursor is saved (fault injection in tests). */
  afterPage?: (page: number) => void | Promise<void>;
}

export interface SegmentOutcome {
  outcome: 'done' | 'continued' | 'dropped';
  /** Profiles evaluated by this invocation. */
  evaluated: number;
}

/** Segment step: one shard of the lead's profiles, from its saved cursor. */
export async function runSegment(
  ctx: ServiceContext,
  message: Extract<SegmentationMessage, { type: 'segment' }>,
  options: SegmentOptions = {},
): Promise<SegmentOutcome> {
  const { lead: leadId, run: runVersion, shard } = message;
  const repo = populationRepository(ctx.tenant);
  const run = await repo.getRun(leadId);
  if (!run || run.version !== runVersion) return { outcome: 'dropped', evaluated: 0 };
  const lead = await getLead(ctx.tenant, leadId);
  if (!lead || lead.origin !== 'S') return { outcome: 'dropped', evaluated: 0 };
  if (run.done.includes(shard)) {
    // Redelivered after it finished: only make sure the run was closed.
    if (run.done.length >= SHARDS && run.status !== 'D') await finishRecompute(ctx, lead, message);
    return { outcome: 'done', evaluated: 0 };
  }
  const pageSize = options.pageSize ?? SEGMENT_PAGE;
  const budgetMs = options.budgetMs ?? SEGMENT_BUDGET_MS;
  const started = Date.now();
  const now = ctx.now();
  // The members of the leads this filter names (LD rows), in this shard only.
  // A named lead past its 'Válido até' reads as a lead without members.
  const named = referencedLeads(lead.filter).filter((id) => id !== leadId);
  const expired = await expiredLeads(ctx, named);
  const refs = named.filter((id) => !expired.has(id));
  const refMembers = await Promise.all(
    refs.map(async (id) => [id, new Set(await repo.membersRange(id, shard, 0))] as const),
  );
  const memberOf = (customerId: number) =>
    new Set(refMembers.filter(([, set]) => set.has(customerId)).map(([id]) => id));

  let cursor = run.cursors[String(shard)] ?? 0;
  let evaluated = 0;
  for (let page = 1; ; page++) {
    const { items, last } = await repo.profilesPage(shard, cursor, pageSize, true);
    const members = new Set(await repo.membersRange(leadId, shard, cursor, last));
    const wanted = new Set(
      items.filter((p) => belongs(p.profile, lead, now, memberOf(p.id))).map((p) => p.id),
    );
    const changes: MembershipChange[] = [
      ...[...wanted].filter((id) => !members.has(id)).map((customerId) => ({ customerId, add: true })),
      ...[...members].filter((id) => !wanted.has(id)).map((customerId) => ({ customerId, add: false })),
    ];
    if (changes.length > 0) await repo.applyMembership(leadId, changes);
    evaluated += items.length;
    await options.afterPage?.(page);
    if (last === undefined) break;
    cursor = last;
    if (!(await repo.saveCursor(leadId, runVersion, shard, cursor))) return { outcome: 'dropped', evaluated };
    if (Date.now() - started > budgetMs) {
      await send(message);
      return { outcome: 'continued', evaluated };
    }
  }
  const done = await repo.markDone(leadId, runVersion, shard);
  if (!done) return { outcome: 'dropped', evaluated };
  if (done.length >= SHARDS) await finishRecompute(ctx, lead, message);
  return { outcome: 'done', evaluated };
}

/** Last step: cap the population (OP 'limit'), count it, status D; the daily pass if needed. */
async function finishRecompute(
  ctx: ServiceContext,
  lead: LeadRecord,
  message: { run: number; leadVersion: number; chain?: number[] },
): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  const limit = populationLimit(lead.filter);
  if (limit !== undefined) await capPopulation(ctx, lead.id, limit);
  const population = await repo.population(lead.id);
  if (!(await repo.setRunStatus(lead.id, message.run, 'D'))) return;
  await setLeadRun(ctx.tenant, lead.id, { status: 'D', population, version: message.leadVersion });
  if (isTimeRelative(lead.filter)) await ensureDailyPass(ctx);
  // The leads that name this one see its new members (issue 20: a newer lead's change reaches older leads too).
  await recomputeDependents(ctx, lead.id, message.chain ?? []);
}

/** Keeps the `limit` members with the lowest customer ids (deterministic), removes the rest. */
async function capPopulation(ctx: ServiceContext, leadId: number, limit: number): Promise<void> {
  const repo = populationRepository(ctx.tenant);
  if ((await repo.population(leadId)) <= limit) return;
  const ids = (await mapLimited([...Array(SHARDS).keys()], 4, (shard) => repo.membersRange(leadId, shard, 0)))
    .flat()
    .sort((a, b) => a - b);
  await repo.applyMembership(
    leadId,
    ids.slice(limit).map((customerId) => ({ customerId, add: false })),
  );
}

/** The tenant's daily schedule for its time-relative leads (created or replaced; cheap and idempotent). */
export async function ensureDailyPass(ctx: ServiceContext): Promise<void> {
  const message: SegmentationMessage = { type: 'daily', tenant: ctx.tenant };
  await (
    await schedulerPort()
  ).cron(dailyScheduleName(ctx.tenant), DAILY_PASS_CRON, { queue: SEGMENTATION_QUEUE, payload: message });
}

/** The daily pass: a new run of every time-relative segmentation lead; the schedule goes when none is left. */
export async function dailyPass(ctx: ServiceContext): Promise<number> {
  const all = await listSegmentationLeads(ctx.tenant);
  // A lead whose LD rows name a lead with a 'Válido até' moves the day that lead expires.
  const expiring = await leadsWithValidity(ctx, [...new Set(all.flatMap((l) => referencedLeads(l.filter)))]);
  const leads = all.filter(
    (l) =>
      l.origin === 'S' &&
      (isTimeRelative(l.filter as LeadCondition[]) ||
        referencedLeads(l.filter).some((id) => id !== l.id && expiring.has(id))),
  );
  if (leads.length === 0) {
    await (await schedulerPort()).cancel(dailyScheduleName(ctx.tenant));
    return 0;
  }
  for (const lead of leads) await startRecompute(ctx, lead.id);
  logger.info('segmentation daily pass', { tenant: ctx.tenant, leads: leads.length });
  return leads.length;
}

/** Dispatches one queue message. */
export async function handleSegmentationMessage(
  ctx: ServiceContext,
  message: SegmentationMessage,
  options: SegmentOptions = {},
): Promise<void> {
  switch (message.type) {
    case 'plan':
      return planRecompute(ctx, message);
    case 'segment':
      await runSegment(ctx, message, options);
      return;
    case 'refresh':
      await startRecompute(ctx, message.lead);
      return;
    case 'daily':
      await dailyPass(ctx);
      return;
    case 'city-backfill':
    case 'migrations':
    case 'migrate':
      // Handled by the queue's consumer (city-backfill.service.ts carries the IBGE table).
      return;
    case 'sweep':
      await sweepLeads();
      return;
  }
}
