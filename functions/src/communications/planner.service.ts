import { recipientList, type SendableType } from '@freguesia/shared/domain/communication';
import { storeNames } from '../catalog/stores.service';
import { isWhatsappType, whatsappNumber } from '@freguesia/shared/domain/whatsapp';
import {
  customerContacts,
  customerContactsPage,
  customerIdByEmail,
  customerIdsByPhone,
  type CustomerContact,
} from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { expiredLeads } from '../segmentation/lead-validity.service';
import { listMembers } from '../segmentation/population.service';
import { sendableCampaign, type SendableCampaign } from './campaign-state.service';
import { approvalLapsed, audienceLead, completeIfDone, refusal, startRun } from './runs.service';
import {
  CHANNEL_QUEUE,
  PLANNER_QUEUE,
  sendingOptions,
  type PlanCursor,
  type PlanMessage,
  type SendMessage,
} from './sending.model';
import { recoveryRepository } from './recovery.repository';
import { sendingRepository, type Recipient, type SendRun } from './sending.repository';

/**
 * The planner (the `communications` queue, planner.consumer.ts): a schedule's firing starts a run,
 * and each plan message turns one audience page into batches on the channel's queue (sending.model.ts
 * has the whole pipeline).
 */

/** A schedule fired: starts the run unless the campaign can no longer be sent (inactive, not approved, cancelled, its lead expired: then nothing happens). */
export async function fireCampaign(ctx: ServiceContext, id: number): Promise<SendRun | undefined> {
  const c = await sendableCampaign(ctx, id);
  const lead = c ? audienceLead(c) : null;
  if (
    !c ||
    refusal(c) ||
    c.info.canceled_at ||
    (lead !== null && (await expiredLeads(ctx, [lead])).has(lead)) ||
    // An approval given for a smaller audience or cost: re-approval required (the send screen says why).
    (!(c.info.type === 'O' && c.info.executed_at) && (await approvalLapsed(ctx, c)))
  ) {
    logger.info('communications: schedule fired for a campaign that cannot be sent', {
      tenant: ctx.tenant,
      campaign: id,
    });
    return undefined;
  }
  if (c.info.type === 'O' && c.info.executed_at) return sendingRepository(ctx.tenant).run(id, 'once');
  return startRun(ctx, c);
}

/** The audience page at `cursor`: contacts, and the next cursor (undefined at the end). */
async function audiencePage(
  ctx: ServiceContext,
  c: SendableCampaign,
  at: PlanCursor,
): Promise<{ recipients: Recipient[]; skipped: number; next?: PlanCursor }> {
  if (at.source === 'list') {
    // A typed address that is a customer's honours that customer's opt-out (and activity); every
    // address is checked against the suppression list by the caller.
    const recipients: Recipient[] = [];
    let skipped = 0;
    for (const address of recipientList(c.info.recipients)) {
      const ids =
        c.type === 'EMAIL'
          ? [await customerIdByEmail(ctx, address)].filter((id): id is number => id !== undefined)
          : await customerIdsByPhone(ctx, [address]);
      const contacts = ids.length > 0 ? await customerContacts(ctx, ids) : [];
      const refused = contacts.some(
        (contact) =>
          contact.active !== 'Y' ||
          (c.type === 'EMAIL' ? contact.email_optout === 'Y' : contact.cellphone_optout === 'Y'),
      );
      if (refused) {
        skipped++;
        continue;
      }
      // The address of one customer is that customer (their unsubscribe link opts them out).
      const only = contacts.length === 1 ? contacts[0]! : undefined;
      recipients.push({
        key: only ? `c${only.id}` : address.toLowerCase(),
        ...(only ? { id_customer: only.id } : {}),
        address,
        name: only?.fullname ?? '',
      });
    }
    return { recipients, skipped };
  }
  let contacts: CustomerContact[];
  let next: string | undefined;
  if (at.source === 'lead') {
    const page = await listMembers(ctx, c.id_lead!, at.cursor, sendingOptions.pageSize);
    contacts = await customerContacts(ctx, page.ids);
    next = page.cursor;
    // Members removed from the base since the lead was computed count as skipped.
    const missing = page.ids.length - contacts.length;
    const chosen = reachable(c.type, contacts, await storeNames(ctx));
    return {
      ...chosen,
      skipped: chosen.skipped + missing,
      ...(next ? { next: { source: 'lead', cursor: next } } : {}),
    };
  }
  const page = await customerContactsPage(ctx, at.cursor, sendingOptions.pageSize);
  const chosen = reachable(c.type, page.contacts, await storeNames(ctx));
  return { ...chosen, ...(page.cursor ? { next: { source: 'base', cursor: page.cursor } } : {}) };
}

/** Who of the contacts the channel reaches: active, with an address, not opted out (also direct.service.ts). */
export function reachable(
  type: SendableType,
  contacts: CustomerContact[],
  stores: ReadonlyMap<number, string>,
): { recipients: Recipient[]; skipped: number } {
  const recipients: Recipient[] = [];
  const whatsapp = isWhatsappType(type);
  for (const c of contacts) {
    const address =
      type === 'EMAIL'
        ? c.email?.trim().toLowerCase()
        : type === 'SMS'
          ? c.cellphone?.replace(/\D/g, '')
          : whatsapp
            ? c.cellphone && whatsappNumber(c.cellphone)
            : c.app_optout === 'N'
              ? `c${c.id}`
              : undefined;
    // WhatsApp's opt-out is checked again at send time (an opt-out keyword may arrive mid-send).
    const optedOut =
      type === 'EMAIL'
        ? c.email_optout === 'Y'
        : type === 'SMS'
          ? c.cellphone_optout === 'Y'
          : whatsapp
            ? c.whatsapp_optout === 'Y'
            : c.app_optout === 'Y';
    if (c.active !== 'Y' || optedOut || !address) continue;
    recipients.push({
      key: `c${c.id}`,
      id_customer: c.id,
      address,
      name: c.fullname,
      document: c.document,
      ...(c.cellphone ? { cellphone: c.cellphone } : {}),
      ...(c.favorite_store && stores.has(c.favorite_store) ? { store: stores.get(c.favorite_store)! } : {}),
    });
  }
  return { recipients, skipped: contacts.length - recipients.length };
}

/** Times an early plan message is put back (1 s apart) before it is dropped: the redelivery of its predecessor queues it again. */
const EARLY_RETRIES = 30;

/**
 * One planner step: the page at the message's cursor becomes channel batches. The next step is
 * queued before the run moves, so a crash anywhere leaves the message to be redelivered and redone
 * (its batches are deduplicated by the ledger); a stale or duplicate message changes nothing, and
 * one that arrives before its step is due (the previous step has not committed yet) is put back.
 * A step is taken by one message at a time (a lease), so two copies delivered together do not
 * queue the page's batches twice, nor two chains of next steps.
 */
export async function planStep(ctx: ServiceContext, message: PlanMessage): Promise<void> {
  const repo = sendingRepository(ctx.tenant);
  const run = await repo.run(message.campaign, message.run);
  if (!run || run.status !== 'PLANNING' || message.step < run.step) return;
  if (message.step > run.step) {
    if ((message.early ?? 0) < EARLY_RETRIES)
      await (
        await queuePort()
      ).send(PLANNER_QUEUE, { ...message, early: (message.early ?? 0) + 1 }, { delaySeconds: 1 });
    return;
  }
  const takenAt = ctx.now().getTime();
  const take = await repo.takeStep(run, takenAt, sendingOptions.leaseMs);
  if (!take.taken) {
    // Another copy of this message is planning the page (or the step has just moved on). The copy
    // waits: if the taker dies, the step is taken again after its lease.
    if (take.found?.status === 'PLANNING' && take.found.step === message.step)
      await (await queuePort()).send(PLANNER_QUEUE, message, { delaySeconds: sendingOptions.parkSeconds });
    return;
  }
  let moved = false;
  try {
    moved = await planTakenStep(ctx, run, message);
  } finally {
    // A step that did not move (paused or canceled meanwhile, or an error) is given back, so the
    // resumed or redelivered message takes it at once instead of waiting out the lease.
    if (!moved)
      await repo.releaseStep(run, takenAt).catch((error: unknown) =>
        logger.warn('communications: planner step not given back', {
          tenant: ctx.tenant,
          campaign: run.campaign,
          error,
        }),
      );
  }
}

/** The page of a step this message has taken, as channel batches; answers whether the run moved on. */
async function planTakenStep(ctx: ServiceContext, run: SendRun, message: PlanMessage): Promise<boolean> {
  const repo = sendingRepository(ctx.tenant);
  const c = await sendableCampaign(ctx, message.campaign);
  if (!c) {
    await repo.setStatus(run, 'CANCELED', ['PLANNING', 'SENDING', 'PAUSED'], {
      finished_at: ctx.now().toISOString(),
      canceled_by: 'JOB',
    });
    return false;
  }
  const page = await audiencePage(ctx, c, JSON.parse(message.cursor) as PlanCursor);
  // E-mail: bounces, complaints and unsubscribed typed addresses; SMS: opt-out replies of numbers
  // that are no customer's.
  const suppressed =
    c.type === 'EMAIL' || c.type === 'SMS'
      ? await repo.suppressed(
          c.type,
          page.recipients.map((r) => r.address),
        )
      : new Set<string>();
  const recipients = page.recipients.filter((r) => !suppressed.has(r.address));
  const queue = await queuePort();
  const batches: Recipient[][] = [];
  for (let i = 0; i < recipients.length; i += sendingOptions.batchSize)
    batches.push(recipients.slice(i, i + sendingOptions.batchSize));
  // Recorded beside the queue (in parallel: the step stays as short as it was): a message lost
  // after the step moved on is re-queued from here (recovery.service.ts); before it moves, the
  // plan message is redelivered and records them again.
  await Promise.all([
    recoveryRepository(ctx.tenant).recordBatches(c.id, run.run, run.step, batches),
    ...batches.map((batch) =>
      queue.send(CHANNEL_QUEUE[c.type], {
        kind: 'send',
        tenant: ctx.tenant,
        campaign: c.id,
        run: run.run,
        recipients: batch,
      } satisfies SendMessage),
    ),
  ]);
  const next = page.next ? JSON.stringify(page.next) : null;
  if (next)
    await queue.send(PLANNER_QUEUE, {
      kind: 'plan',
      tenant: ctx.tenant,
      campaign: c.id,
      run: run.run,
      step: run.step + 1,
      cursor: next,
    } satisfies PlanMessage);
  const moved = await repo.advance(run, {
    cursor: next,
    planned: recipients.length,
    skipped: page.skipped + suppressed.size,
  });
  if (moved && !next) await completeIfDone(ctx, c.id, run.run);
  return moved;
}
