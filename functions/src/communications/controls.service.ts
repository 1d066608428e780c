import { localDateTime } from '@freguesia/shared/domain/dates';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/domain/communication';
import { recordAudit } from '../audit/audit.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, invalid, notFound } from '../lib/errors';
import { queuePort } from '../lib/ports/queue';
import {
  clearCanceled,
  markCanceled,
  sendableCampaign,
  type SendableCampaign,
} from './campaign-state.service';
import { approvalLapsed, audienceLead, completeIfDone, refusal, startRun } from './runs.service';
import { assertLeadUsable } from '../segmentation/lead-validity.service';
import { PLANNER_QUEUE, type PlanMessage } from './sending.model';
import { sendingRepository, type SendRun } from './sending.repository';
import { recoverRun } from './recovery.service';

/**
 * The controls of a send (POST /web/communications/{id}/send|pause|resume|cancel, GET …/progress):
 * 'Enviar agora' starts a run; a pause stops senders within one group of calls in flight and parks
 * their batches; resume re-queues the planner from its cursor when planning was not done; cancel
 * settles every remaining recipient as skipped (the sender does it as their batches come).
 */

export interface SendProgressView {
  id_campaign: number;
  run: string | null;
  status: SendRun['status'] | 'NONE';
  planned: number;
  sent: number;
  failed: number;
  skipped: number;
  started_at: string | null;
  finished_at: string | null;
}

const progressOf = (campaign: number, run: SendRun | undefined): SendProgressView => ({
  id_campaign: campaign,
  run: run?.run ?? null,
  status: run?.status ?? 'NONE',
  planned: run?.planned ?? 0,
  sent: run?.sent ?? 0,
  failed: run?.failed ?? 0,
  skipped: (run?.skipped ?? 0) + (run?.canceled ?? 0),
  started_at: run?.started_at ?? null,
  finished_at: run?.finished_at ?? null,
});

/** Records a send control in the campaign's history (the audit log). */
async function auditSend(
  ctx: ServiceContext,
  campaign: SendableCampaign,
  action: 'send' | 'pause' | 'resume' | 'cancel',
): Promise<void> {
  await recordAudit(ctx, {
    entity: 'campaign',
    entityId: campaign.id,
    action,
    summary: campaign.description,
  });
}

function sendableOrThrow(c: SendableCampaign | undefined): SendableCampaign {
  if (!c) throw notFound('Campanha não encontrada.');
  return c;
}

/** POST /web/communications/{id}/send: 'Enviar agora'. An executed once-only campaign is not sent again. */
export async function sendNow(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const c = sendableOrThrow(await sendableCampaign(ctx, id, 'write'));
  const refused = refusal(c) ?? (await approvalLapsed(ctx, c));
  if (refused) throw invalid(refused);
  // A lead past its 'Válido até' reaches nobody: refused with its message.
  await assertLeadUsable(ctx, audienceLead(c));
  if (c.info.type === 'O' && c.info.executed_at) throw conflict(COMMUNICATION_MESSAGES.executed);
  if (c.info.canceled_at) await clearCanceled(ctx, id);
  const run = await startRun(ctx, c);
  await auditSend(ctx, c, 'send');
  return progressOf(id, run);
}

/** The campaign (checked for `action`) and its latest run. */
async function latestOf(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write' = 'write',
): Promise<{ campaign: SendableCampaign; run: SendRun | undefined }> {
  const campaign = sendableOrThrow(await sendableCampaign(ctx, id, action));
  return { campaign, run: await sendingRepository(ctx.tenant).latestRun(id) };
}

/** GET /web/communications/{id}/progress: the latest run. */
export async function sendProgress(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  return progressOf(id, (await latestOf(ctx, id, 'read')).run);
}

const NOT_RUNNING = 'Não há envio em andamento para esta campanha.';

/** POST /web/communications/{id}/pause. */
export async function pauseSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const { campaign, run } = await latestOf(ctx, id);
  if (!run || !(await sendingRepository(ctx.tenant).setStatus(run, 'PAUSED', ['PLANNING', 'SENDING'])))
    throw conflict(NOT_RUNNING);
  await auditSend(ctx, campaign, 'pause');
  return sendProgress(ctx, id);
}

/**
 * POST /web/communications/{id}/resume: planning goes on from its cursor; parked batches find the
 * run sending. A run still PLANNING or SENDING (its messages lost to a crash) is resumed from the
 * ledger: its unfinished recipients re-queued (recovery.service.ts).
 */
export async function resumeSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const repo = sendingRepository(ctx.tenant);
  const { campaign, run } = await latestOf(ctx, id);
  if (run && (run.status === 'SENDING' || run.status === 'PLANNING')) {
    await recoverRun(ctx, run);
    await auditSend(ctx, campaign, 'resume');
    return sendProgress(ctx, id);
  }
  if (!run || run.status !== 'PAUSED') throw conflict('Esta campanha não está pausada.');
  const status = run.planning_done ? 'SENDING' : 'PLANNING';
  if (!(await repo.setStatus(run, status, ['PAUSED']))) throw conflict('Esta campanha não está pausada.');
  if (status === 'PLANNING' && run.cursor) {
    await (
      await queuePort()
    ).send(PLANNER_QUEUE, {
      kind: 'plan',
      tenant: ctx.tenant,
      campaign: id,
      run: run.run,
      step: run.step,
      cursor: run.cursor,
    } satisfies PlanMessage);
  }
  await completeIfDone(ctx, id, run.run);
  await auditSend(ctx, campaign, 'resume');
  return sendProgress(ctx, id);
}

/** POST /web/communications/{id}/cancel: recipients not yet sent are settled as skipped. */
export async function cancelSend(ctx: ServiceContext, id: number): Promise<SendProgressView> {
  const { campaign, run } = await latestOf(ctx, id);
  const at = ctx.now().toISOString();
  const by = staffOf(ctx)?.fullname ?? 'JOB';
  if (
    !run ||
    !(await sendingRepository(ctx.tenant).setStatus(run, 'CANCELED', ['PLANNING', 'SENDING', 'PAUSED'], {
      finished_at: at,
      canceled_by: by,
    }))
  )
    throw conflict(NOT_RUNNING);
  await markCanceled(ctx, id, localDateTime(ctx.now()), by);
  await auditSend(ctx, campaign, 'cancel');
  return sendProgress(ctx, id);
}
