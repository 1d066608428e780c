import { systemContext, type ServiceContext } from '../lib/context';
import { stalled, resumed, sweepOptions, unwatchWork, watchWork, watchedWork } from '../lib/async/in-flight';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { completeIfDone } from './runs.service';
import {
  CHANNEL_QUEUE,
  PLANNER_QUEUE,
  sendingOptions,
  type PlanMessage,
  type SendMessage,
} from './sending.model';
import { recoveryRepository } from './recovery.repository';
import { sendingRepository, type Recipient, type SendRun } from './sending.repository';
import type { SendableType } from '@freguesia/shared/domain/communication';

/**
 * Recovery of send runs (functions/README.md, "Recovery"): a run whose queue messages were lost —
 * the local runtime killed, a batch dead-lettered in AWS — stays PLANNING or SENDING with
 * recipients never sent. Every run is registered in flight when it starts; the sweep (the
 * `communications` queue's `{kind:'sweep'}`, every few minutes) resumes a run whose state has not
 * moved for a lease, and 'Retomar' resumes one at once: the planner from its cursor, and every
 * planned recipient the ledger does not show settled (nor claimed by a live sender) re-queued.
 * Re-queued recipients already handled meanwhile are found done in the ledger: nobody twice.
 */

export const SEND_WORK = 'send-run';

const refOf = (campaign: number, run: string) => `${campaign}|${run}`;

/** Registers a run as work in flight (runs.service, when a run starts). */
export async function watchRun(ctx: ServiceContext, campaign: number, run: string): Promise<void> {
  await watchWork(SEND_WORK, ctx.tenant, refOf(campaign, run));
}

/** The recipients of a run that no sender has settled, nor holds under a live claim. */
async function unfinished(ctx: ServiceContext, run: SendRun): Promise<Recipient[]> {
  const repo = recoveryRepository(ctx.tenant);
  const batches = await repo.plannedBatches(run.campaign, run.run);
  const planned = batches.flat();
  const left: Recipient[] = [];
  const now = ctx.now().getTime();
  for (let i = 0; i < planned.length; i += 100) {
    const chunk = planned.slice(i, i + 100);
    const ledger = await repo.ledger(
      run.campaign,
      run.run,
      chunk.map((r) => r.key),
    );
    for (const r of chunk) {
      const entry = ledger.get(r.key);
      if (!entry || (entry.status === 'CLAIMED' && entry.claimed_at < now - sendingOptions.leaseMs))
        left.push(r);
    }
  }
  return left;
}

/**
 * Resumes a run now: re-queues the planner's current step (when planning is not done) and the
 * unfinished recipients; closes a run whose recipients are all settled. Answers how many
 * recipients were re-queued.
 */
export async function recoverRun(ctx: ServiceContext, run: SendRun): Promise<number> {
  if (run.status !== 'PLANNING' && run.status !== 'SENDING') return 0;
  const queue = await queuePort();
  if (run.status === 'PLANNING' && run.cursor)
    await queue.send(PLANNER_QUEUE, {
      kind: 'plan',
      tenant: ctx.tenant,
      campaign: run.campaign,
      run: run.run,
      step: run.step,
      cursor: run.cursor,
    } satisfies PlanMessage);
  const left = await unfinished(ctx, run);
  const channel = CHANNEL_QUEUE[run.channel as SendableType];
  for (let i = 0; i < left.length && channel; i += sendingOptions.batchSize) {
    await queue.send(channel, {
      kind: 'send',
      tenant: ctx.tenant,
      campaign: run.campaign,
      run: run.run,
      recipients: left.slice(i, i + sendingOptions.batchSize),
    } satisfies SendMessage);
  }
  if (left.length === 0) await completeIfDone(ctx, run.campaign, run.run);
  logger.info('communications: send run resumed', {
    tenant: ctx.tenant,
    campaign: run.campaign,
    run: run.run,
    requeued: left.length,
  });
  return left.length;
}

const fingerprint = (run: SendRun) =>
  [run.status, run.step, run.planned, run.sent, run.failed, run.canceled, run.skipped].join(':');

/**
 * The sweep: every run in flight is looked at; a finished one leaves the registry, a paused one
 * waits for its user, one whose state has not moved for the lease is resumed. Answers the runs resumed.
 */
export async function sweepSends(now = Date.now(), leaseMs = sweepOptions.leaseMs): Promise<number> {
  let count = 0;
  for (const work of await watchedWork(SEND_WORK)) {
    const [campaign, ...rest] = work.ref.split('|');
    const ctx = systemContext(work.owner, 'communications-sweep');
    try {
      const run = await sendingRepository(work.owner).run(Number(campaign), rest.join('|'));
      if (!run || run.status === 'COMPLETED' || run.status === 'CANCELED') {
        await unwatchWork(work);
        continue;
      }
      if (!(await stalled(work, fingerprint(run), now, leaseMs)) || run.status === 'PAUSED') continue;
      await recoverRun(ctx, run);
      await resumed(work, now);
      count++;
    } catch (error) {
      logger.error('communications: sweep could not look at a run', {
        tenant: work.owner,
        ref: work.ref,
        error,
      });
    }
  }
  return count;
}
