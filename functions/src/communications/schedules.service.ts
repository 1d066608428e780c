import { runOnInstant } from '@freguesia/shared/domain/communication';
import type { ServiceContext } from '../lib/context';
import { schedulerPort } from '../lib/ports/scheduler';
import { sendableCampaign } from './campaign-state.service';
import { PLANNER_QUEUE, type FireMessage } from './sending.model';

/** The schedule of a campaign (EventBridge Scheduler's name limit is 64 characters). */
const scheduleName = (tenant: string, campaign: number) => `comm-${tenant}-${campaign}`.slice(0, 64);

/**
 * Keeps a campaign's schedule in step with it (called for every change of a campaign on the
 * stream): a once-only send at `run_on`, a recurring one on its cron; nothing for an inactive,
 * unapproved, canceled or already executed once-only campaign. A firing is a {kind:'fire'}
 * message on the planner's queue (planner.service `fireCampaign`).
 */
export async function syncSchedule(ctx: ServiceContext, id: number): Promise<'once' | 'cron' | 'none'> {
  const scheduler = await schedulerPort();
  const name = scheduleName(ctx.tenant, id);
  const c = await sendableCampaign(ctx, id);
  const target = {
    queue: PLANNER_QUEUE,
    payload: { kind: 'fire', tenant: ctx.tenant, campaign: id } satisfies FireMessage,
  };
  if (!c || c.active !== 'Y' || !c.info.approvement || c.info.canceled_at) {
    await scheduler.cancel(name);
    return 'none';
  }
  if (c.info.type === 'R' && c.info.run_frequency) {
    await scheduler.cron(name, c.info.run_frequency, target);
    return 'cron';
  }
  const at = c.info.run_on ? runOnInstant(c.info.run_on) : undefined;
  if (c.info.type === 'O' && at && !c.info.executed_at) {
    await scheduler.once(name, new Date(Math.max(at.getTime(), ctx.now().getTime() + 1_000)), target);
    return 'once';
  }
  await scheduler.cancel(name);
  return 'none';
}
