import { localDateTime } from '@freguesia/shared/domain/dates';
import { approvalLapse, COMMUNICATION_MESSAGES, recipientList } from '@freguesia/shared/domain/communication';
import type { ServiceContext } from '../lib/context';
import { queuePort } from '../lib/ports/queue';
import { markExecuted, type SendableCampaign } from './campaign-state.service';
import { estimateSend, unitPrice } from './estimate.service';
import { PLANNER_QUEUE, type PlanCursor, type PlanMessage } from './sending.model';
import { sendingRepository, type SendRun } from './sending.repository';
import { watchRun } from './recovery.service';

/**
 * A run of a campaign — a once-only campaign has one ('once'), a recurring one a run per firing
 * minute — from its start (by a schedule's firing or 'Enviar agora') to its completion, which the
 * planner, the sender and a resume may each bring about.
 */

const minuteKey = (ctx: ServiceContext) => localDateTime(ctx.now()).slice(0, 16).replace(' ', 'T');

/** Why a campaign cannot be sent now, or undefined. */
export function refusal(c: SendableCampaign): string | undefined {
  if (c.active !== 'Y') return 'Ative a campanha antes de enviá-la.';
  if (!c.info.approvement) return COMMUNICATION_MESSAGES.notApproved;
  return undefined;
}

/**
 * Why a campaign's cost approval no longer holds at send time: its audience or estimated cost grew
 * after the approval (a lead or the base that grew, new unit prices). Undefined while it holds.
 */
export async function approvalLapsed(ctx: ServiceContext, c: SendableCampaign): Promise<string | undefined> {
  const info = c.info as SendableCampaign['info'] & {
    approved_value?: number | null;
    approved_recipients?: number | null;
  };
  if (!info.approvement) return undefined;
  const approved = {
    value: info.approved_value ?? info.value ?? null,
    recipients: info.approved_recipients ?? null,
  };
  if (approved.value === null && approved.recipients === null) return undefined;
  const now = await estimateSend(ctx, { type: c.type, id_lead: c.id_lead, recipients: c.info.recipients });
  return approvalLapse(approved, now);
}

/** The lead a send goes to (a typed recipient list wins over it), or null. */
export const audienceLead = (c: SendableCampaign): number | null =>
  recipientList(c.info.recipients).length > 0 ? null : c.id_lead;

const initialCursor = (c: SendableCampaign): string =>
  JSON.stringify({
    source: recipientList(c.info.recipients).length > 0 ? 'list' : c.id_lead ? 'lead' : 'base',
  } satisfies PlanCursor);

/**
 * Starts a run: once-only campaigns have one run ('once'); a recurring one a run per firing
 * minute. Idempotent: a second start of the same run answers the existing one.
 */
export async function startRun(ctx: ServiceContext, c: SendableCampaign): Promise<SendRun> {
  const repo = sendingRepository(ctx.tenant);
  const run = c.info.type === 'R' ? minuteKey(ctx) : 'once';
  const cursor = initialCursor(c);
  const at = ctx.now().toISOString();
  const unit_price = await unitPrice(ctx, c.type);
  if (await repo.createRun({ campaign: c.id, run, channel: c.type, cursor, at, unit_price })) {
    // In flight until it ends: the sweep resumes it if its messages are lost (recovery.service.ts).
    await watchRun(ctx, c.id, run);
    await markExecuted(ctx, c.id, localDateTime(ctx.now()));
    await (
      await queuePort()
    ).send(PLANNER_QUEUE, {
      kind: 'plan',
      tenant: ctx.tenant,
      campaign: c.id,
      run,
      step: 0,
      cursor,
    } satisfies PlanMessage);
  }
  return (await repo.run(c.id, run))!;
}

/** A run whose planning is done and every planned recipient settled becomes COMPLETED. */
export async function completeIfDone(ctx: ServiceContext, campaign: number, runKey: string): Promise<void> {
  const repo = sendingRepository(ctx.tenant);
  const run = await repo.run(campaign, runKey);
  if (
    run &&
    run.status === 'SENDING' &&
    run.planning_done &&
    run.sent + run.failed + run.canceled >= run.planned
  ) {
    await repo.setStatus(run, 'COMPLETED', ['SENDING'], { finished_at: ctx.now().toISOString() });
  }
}
