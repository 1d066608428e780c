import { localDay, localDateTime, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import {
  approvalLapse,
  COMMUNICATION_MESSAGES,
  isSendable,
  smsText,
} from '@freguesia/shared/domain/communication';
import type { CommunicationCampaign, CommunicationInfo } from '@freguesia/shared/schemas/communication';
import {
  assertCampaignAccess,
  assertUpdatable,
  CAMPAIGN_NOT_FOUND,
  campaignRecord,
  createCampaignRecord,
  STALE_CAMPAIGN,
  updateCampaignRecord,
  type CampaignFields,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { storeNames } from '../catalog/stores.service';
import { conflict, invalid, notFound } from '../lib/errors';
import { sanitizeEditorProject, sanitizeEmailHtml } from '../lib/html';
import { mailPort } from '../lib/ports/mail';
import { sendPush } from '../lib/ports/messaging';
import { customerDetails, customerIdByDocument } from '../customers/customers.service';
import { limit } from '../lib/ratelimit';
import { assertLeadUsable } from '../segmentation/lead-validity.service';
import { leadSummaries } from '../segmentation/leads.service';
import { renderTemplate, senderFrom } from './channel-senders.service';
import { estimateSend } from './estimate.service';
import type { Recipient } from './sending.repository';

/**
 * Communication campaigns (spec part 3 §3–§5, §9): e-mail, e-mail template, SMS, push and app art,
 * stored as campaigns (the shared campaign record: same list, details and delete as the discounts,
 * and `POST /web/campaign/new` / `PUT /web/campaign/update` of the campaigns function hand a
 * communication type to this service). It owns what is special to them on save — sanitised HTML,
 * the SMS text rules, the estimated cost, who approved it, the executed-campaign rule — and the
 * e-mail editor's test send. The save path and the only part of the domain that sanitises HTML
 * (`lib/html`): the sending pipeline reads campaigns through `campaign-state.service.ts` and never
 * imports this file. Sending is never triggered from here: the pipeline reacts to campaign changes
 * on the table's stream.
 */

type StoredInfo = CommunicationInfo & {
  value: number;
  /** What the approval was given for: the estimated cost and the recipients then (issue 20). */
  approved_value: number | null;
  approved_recipients: number | null;
  executed_at: string | null;
  canceled_at: string | null;
  canceled_by: string | null;
};

const approvementNow = (ctx: ServiceContext) => {
  const name = staffOf(ctx)?.fullname ?? 'Sistema';
  return `Aprovado por: ${name} Em: ${toDisplayDateTime(localDateTime(ctx.now()))}`;
};

/** The fields stored for a communication campaign. */
async function fieldsOf(
  ctx: ServiceContext,
  c: CommunicationCampaign,
  current: CampaignRecord | undefined,
): Promise<CampaignFields> {
  const before = (current?.info ?? {}) as unknown as Partial<StoredInfo>;
  const estimate = isSendable(c.type)
    ? await estimateSend(ctx, { type: c.type, id_lead: c.id_lead, recipients: c.info.recipients })
    : { value: 0, recipients: 0 };
  // Who agreed with the cost is the person saving the first approval, never what the client says.
  // An approval holds for what was approved: a save whose audience or cost grew needs a new one
  // (the editor sends the stored text back when untouched, a new text when approved again).
  let approval: Pick<StoredInfo, 'approvement' | 'approved_value' | 'approved_recipients'> = {
    approvement: null,
    approved_value: null,
    approved_recipients: null,
  };
  if (c.info.approvement) {
    const kept = Boolean(before.approvement) && c.info.approvement === before.approvement;
    if (kept && isSendable(c.type)) {
      const approved = {
        value: before.approved_value ?? before.value ?? null,
        recipients: before.approved_recipients ?? null,
      };
      const lapsed = approvalLapse(approved, estimate);
      if (lapsed) throw invalid({ 'info.approvement': lapsed }, lapsed);
      approval = {
        approvement: before.approvement!,
        approved_value: approved.value,
        approved_recipients: approved.recipients,
      };
    } else if (kept) approval = { ...approval, approvement: before.approvement! };
    else
      approval = {
        approvement: approvementNow(ctx),
        approved_value: estimate.value,
        approved_recipients: estimate.recipients,
      };
  }
  const info: StoredInfo = {
    ...c.info,
    layout_body:
      c.type === 'SMS'
        ? smsText(c.info.layout_body)
        : c.type === 'EMAIL' || c.type === 'TEMAIL'
          ? sanitizeEmailHtml(c.info.layout_body)
          : c.info.layout_body,
    // The editor's project is loaded into a frame of the app's origin: the body's rules apply to it too.
    flow: sanitizeEditorProject(c.info.flow),
    ...approval,
    value: estimate.value,
    executed_at: before.executed_at ?? null,
    canceled_at: before.canceled_at ?? null,
    canceled_by: before.canceled_by ?? null,
  };
  const today = localDay(ctx.now());
  const art = c.type === 'APPF' || c.type === 'APPB';
  return {
    description: c.description,
    type: c.type as never,
    active: c.active,
    id_lead: c.id_lead,
    start_at: c.start_at ?? current?.start_at ?? today,
    end_at: art && c.always_valid === 'Y' ? NO_END_DATE : (c.end_at ?? NO_END_DATE),
    stores: [],
    brands: [],
    payments: [],
    groups: [],
    info: info as never,
  };
}

async function checkLead(ctx: ServiceContext, c: CommunicationCampaign) {
  if (c.id_lead && !(await leadSummaries(ctx, [c.id_lead])).has(c.id_lead))
    throw invalid({ id_lead: 'Lead não encontrado.' });
  // A send to a lead past its 'Válido até' would reach nobody.
  if (c.active === 'Y') await assertLeadUsable(ctx, c.id_lead);
}

/** POST /web/campaign/new with a communication type: {id}. */
export async function createCommunication(
  ctx: ServiceContext,
  c: CommunicationCampaign,
): Promise<{ id: number }> {
  assertCampaignAccess(ctx, 'write', [c.type]);
  await checkLead(ctx, c);
  const saved = await createCampaignRecord(ctx, await fieldsOf(ctx, c, undefined), []);
  return { id: saved.id };
}

/**
 * PUT /web/campaign/update with a communication type. A once-only send already made can no longer
 * be edited (spec part 3 §5); the type of a campaign never changes (assertUpdatable).
 */
export async function updateCommunication(
  ctx: ServiceContext,
  c: CommunicationCampaign,
): Promise<{ id: number }> {
  if (!c.id) throw invalid({ id: 'Campanha inválida.' });
  const current = await campaignRecord(ctx, c.id);
  if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
  assertUpdatable(ctx, current, c.type);
  if (c.updated_at && c.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  const info = current.info as unknown as Partial<StoredInfo>;
  if (isSendable(current.type) && info.executed_at && (info.type ?? 'O') === 'O')
    throw conflict(COMMUNICATION_MESSAGES.executed);
  await checkLead(ctx, c);
  await updateCampaignRecord(ctx, current, await fieldsOf(ctx, c, current), []);
  return { id: current.id };
}

/**
 * POST /web/communications/push/test: the notification as written, to the app of one customer the
 * staff names by CPF/CNPJ, through the push provider the sends use (external id `c{id}`), with the
 * variables filled with that customer's data. Rate-limited per user like the e-mail test.
 */
export async function sendTestPush(
  ctx: ServiceContext,
  input: { document: string; title: string; header: string; body: string; url: string },
): Promise<{ status: 'success'; message: string; id_customer: number }> {
  await limit(ctx.tenant, `push-test:${staffOf(ctx)?.userId ?? 'system'}`, 20, 60);
  const id = await customerIdByDocument(ctx, input.document);
  if (!id) throw notFound(COMMUNICATION_MESSAGES.pushTestCustomer);
  const customer = await customerDetails(ctx, id);
  const names = await storeNames(ctx);
  const recipient: Recipient = {
    key: `c${id}`,
    id_customer: id,
    address: '',
    name: customer.fullname,
    store:
      (customer.favorite_store ? names.get(Number(customer.favorite_store)) : undefined) ??
      [...names.values()][0] ??
      '',
  };
  const answer = await sendPush({
    externalId: recipient.key,
    title: renderTemplate(input.title, recipient, false),
    heading: `[TESTE] ${renderTemplate(input.header, recipient, false)}`,
    body: renderTemplate(input.body, recipient, false),
    ...(input.url ? { url: input.url } : {}),
    idempotencyKey: `push-test:${ctx.tenant}:${id}:${ctx.now().getTime()}`,
  });
  if (!answer.ok) throw invalid({ document: `O provedor recusou o teste: ${answer.error ?? 'recusado'}.` });
  return { status: 'success', message: COMMUNICATION_MESSAGES.pushTestSent, id_customer: id };
}

/** POST /web/communications/email/test: the message as written, to one address, with sample variables. */
export async function sendTestEmail(
  ctx: ServiceContext,
  input: { email: string; subject: string; html: string },
): Promise<{ status: 'success'; message: string }> {
  await limit(ctx.tenant, `email-test:${staffOf(ctx)?.userId ?? 'system'}`, 20, 60);
  const sample: Recipient = {
    key: 'test',
    address: input.email,
    name: staffOf(ctx)?.fullname ?? 'Cliente Exemplo',
    // {{loja}} shows a real store name: the first of the tenant's stores.
    store: [...(await storeNames(ctx)).values()][0] ?? 'Loja Exemplo',
  };
  await (
    await mailPort()
  ).send({
    from: await senderFrom(ctx),
    to: [input.email],
    tenant: ctx.tenant,
    subject: `[TESTE] ${renderTemplate(input.subject, sample, false)}`,
    html: renderTemplate(sanitizeEmailHtml(input.html), sample, true),
  });
  return { status: 'success', message: COMMUNICATION_MESSAGES.testSent };
}
