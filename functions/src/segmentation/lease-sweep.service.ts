import { stalled, resumed, sweepOptions, unwatchWork, watchWork, watchedWork } from '../lib/async/in-flight';
import { systemContext, type ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { getLead, setLeadRun } from './leads.repository';
import { leaseSweepRepository } from './lease-sweep.repository';
import { SHARDS, populationRepository } from './population.repository';
import type { SegmentationMessage } from './recompute.schema';

/**
 * Recovery of lead populations (functions/README.md, "Recovery"). A lead whose work stopped — a
 * recompute whose queue messages were lost with a crashed local runtime or dead-lettered in AWS,
 * a static list whose request died half-way — would stay 'Pendente' or keep part of its members.
 * Both are registered in flight when they start; the sweep (the `segmentation` queue's
 * `{type:'sweep'}`, every few minutes) resumes work whose state has not moved for a lease: a
 * recompute from its plan or its unfinished segments (each continues from its saved cursor), a
 * static list by writing it again (idempotent: members are a set).
 */

export const LEAD_RUN_WORK = 'lead-run';
export const STATIC_LEAD_WORK = 'lead-static';

const SEGMENTATION_QUEUE = 'segmentation';

/** A recompute starts (recompute.service.ts): in flight until its run is done. */
export async function watchLeadRun(ctx: ServiceContext, leadId: number): Promise<void> {
  await watchWork(LEAD_RUN_WORK, ctx.tenant, String(leadId));
}

/**
 * A static lead is about to be given its members (leads.service.ts): the list is kept until the
 * population is written, then dropped by {@link staticMembersWritten}.
 */
export async function staticMembersIntent(
  ctx: ServiceContext,
  leadId: number,
  intent: { version: number; keepOld: boolean; ids: number[] },
): Promise<void> {
  await leaseSweepRepository(ctx.tenant).saveIntent(leadId, intent);
  await watchWork(STATIC_LEAD_WORK, ctx.tenant, String(leadId));
}

export async function staticMembersWritten(ctx: ServiceContext, leadId: number): Promise<void> {
  await leaseSweepRepository(ctx.tenant).dropIntent(leadId);
  await unwatchWork({ kind: STATIC_LEAD_WORK, owner: ctx.tenant, ref: String(leadId) });
}

/** Re-sends what a stalled recompute needs: its plan (status P) or its unfinished segments (R). */
async function resumeRecompute(ctx: ServiceContext, leadId: number): Promise<'resumed' | 'finished'> {
  const run = await populationRepository(ctx.tenant).getRun(leadId);
  const lead = await getLead(ctx.tenant, leadId);
  if (!run || run.status === 'D' || !lead || lead.origin !== 'S') return 'finished';
  const base = { tenant: ctx.tenant, lead: leadId, run: run.version, leadVersion: lead.version };
  const queue = await queuePort();
  if (run.status === 'P') {
    await queue.send(SEGMENTATION_QUEUE, { type: 'plan', ...base } satisfies SegmentationMessage);
  } else {
    // Every segment not done continues from its cursor; a done set that is whole is closed by the
    // redelivered segment of a done shard.
    const pending = [...Array(SHARDS).keys()].filter((shard) => !run.done.includes(shard));
    for (const shard of pending.length > 0 ? pending : [0])
      await queue.send(SEGMENTATION_QUEUE, { type: 'segment', ...base, shard } satisfies SegmentationMessage);
  }
  return 'resumed';
}

/** The members of a static list written again (a set: what is there stays, the rest is added or removed as the list says). */
async function writeStatic(
  ctx: ServiceContext,
  leadId: number,
  ids: number[],
  keepOld: boolean,
): Promise<number> {
  const repo = populationRepository(ctx.tenant);
  await repo.setStaticMembers(leadId, ids, keepOld);
  return repo.population(leadId);
}

/** Writes a stalled static list again, then marks the lead done (only for the version it was for). */
async function resumeStatic(ctx: ServiceContext, leadId: number): Promise<'resumed' | 'finished'> {
  const intent = await leaseSweepRepository(ctx.tenant).intent(leadId);
  const lead = await getLead(ctx.tenant, leadId);
  if (!intent || !lead || lead.version !== intent.version) return 'finished';
  const population = await writeStatic(ctx, leadId, intent.ids, intent.keepOld);
  await setLeadRun(ctx.tenant, leadId, { status: 'D', population, version: intent.version });
  return 'finished';
}

const runFingerprint = async (tenant: string, leadId: number): Promise<string> => {
  const run = await populationRepository(tenant).getRun(leadId);
  return run
    ? [run.version, run.status, [...run.done].sort().join(','), JSON.stringify(run.cursors)].join('|')
    : 'none';
};

/** The sweep over lead work in flight: answers how many pieces of work were resumed. */
export async function sweepLeads(now = Date.now(), leaseMs = sweepOptions.leaseMs): Promise<number> {
  let count = 0;
  for (const kind of [LEAD_RUN_WORK, STATIC_LEAD_WORK]) {
    for (const work of await watchedWork(kind)) {
      const ctx = systemContext(work.owner, 'segmentation-sweep');
      const leadId = Number(work.ref);
      try {
        const print =
          kind === LEAD_RUN_WORK
            ? await runFingerprint(work.owner, leadId)
            : `${(await getLead(work.owner, leadId))?.version ?? 'gone'}`;
        if (kind === LEAD_RUN_WORK && (print === 'none' || print.split('|')[1] === 'D')) {
          await unwatchWork(work);
          continue;
        }
        if (!(await stalled(work, print, now, leaseMs))) continue;
        const outcome =
          kind === LEAD_RUN_WORK ? await resumeRecompute(ctx, leadId) : await resumeStatic(ctx, leadId);
        if (outcome === 'finished') {
          if (kind === STATIC_LEAD_WORK) await staticMembersWritten(ctx, leadId);
          else await unwatchWork(work);
        } else {
          await resumed(work, now);
        }
        count++;
        logger.info('segmentation: stalled lead work resumed', { tenant: work.owner, lead: leadId, kind });
      } catch (error) {
        logger.error('segmentation: sweep could not look at a lead', {
          tenant: work.owner,
          lead: leadId,
          error,
        });
      }
    }
  }
  return count;
}
