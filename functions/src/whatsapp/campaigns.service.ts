import { localDateTime, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import {
  BULK_PAUSE_MS,
  isWhatsappType,
  WHATSAPP_MESSAGES,
  type WhatsappStatus,
  type WhatsappStoredType,
} from '@freguesia/shared/domain/whatsapp';
import type { WhatsappCampaignInput } from '@freguesia/shared/schemas/whatsapp';
import {
  archivedCampaignRecord,
  archivedCampaignRecords,
  assertCampaignAccess,
  CAMPAIGN_NOT_FOUND,
  campaignRecord,
  campaignRecords,
  createCampaignRecord,
  removeCampaignRecord,
  STALE_CAMPAIGN,
  updateCampaignRecord,
  type CampaignFields,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { customerCount } from '../customers/customer-total.service';
import { readSettingValue } from '../settings/settings.service';
import { latestRunProgress } from '../communications/channel-reports.service';

type SendProgressView = Awaited<ReturnType<typeof latestRunProgress>>;
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, invalid, notFound } from '../lib/errors';
import { leadSummaries } from '../segmentation/leads.service';
import { channelSummaries } from './channels.service';
import { whatsappRepository } from './channels.repository';
import { assertMediaUrls } from './media-check.service';
import { channelResting } from './pacer.service';
import { flowOf, type WhatsappInfo } from './campaign-flow.model';

/**
 * WhatsApp campaigns (spec part 3 §2, §3, §4, §5): saved as campaign records of type WPPM (to the
 * customers of a lead, or every customer, through a channel), WPPG (to a group) or WPPC (to a
 * WhatsApp channel the number administers); the bulk types of the form create one of those per
 * channel (WPPMM) or group (WPPGM), named ' - [name]'. Sending is the communications pipeline's
 * (the campaign's schedule reacts to the record on the stream); the WhatsApp form has no cost
 * approval, so saving approves (the approval text records who saved it).
 */

type StoredInfo = WhatsappInfo & {
  layout_title: string;
  layout_header: string;
  layout_body: string;
  type: 'O' | 'R';
  run_on: string | null;
  run_frequency: string;
  url: string;
  recipients: string;
  approvement: string;
  value: number;
  group_name: string;
  status_image: string;
  status_caption: string;
  executed_at: string | null;
  canceled_at: string | null;
  canceled_by: string | null;
};

const approvementNow = (ctx: ServiceContext) =>
  `Aprovado por: ${staffOf(ctx)?.fullname ?? 'Sistema'} Em: ${toDisplayDateTime(localDateTime(ctx.now()))}`;

async function fieldsOf(
  ctx: ServiceContext,
  input: WhatsappCampaignInput,
  type: WhatsappStoredType,
  target: { channel: number; group?: { id: string; name: string } },
  current?: CampaignRecord,
): Promise<CampaignFields> {
  const before = (current?.info ?? {}) as unknown as Partial<StoredInfo>;
  const recipients = type === 'WPPM' ? '' : (target.group?.id ?? '');
  const estimate = { value: type === 'WPPM' ? await estimatedValue(ctx, input.id_lead) : 0 };
  const first = input.flow.find((f) => f.type === 'T');
  const info: StoredInfo = {
    layout_title: '',
    layout_header: '',
    layout_body: first?.value ?? '',
    type: input.run_type,
    run_on: input.run_on,
    run_frequency: input.run_type === 'R' ? input.run_frequency : '',
    url: '',
    recipients,
    channel_id: target.channel,
    flow: JSON.stringify(input.flow),
    deadline: input.deadline,
    ban_safety: input.ban_safety,
    group_name: target.group?.name ?? '',
    status_image: input.status_image,
    status_caption: input.status_caption,
    approvement: before.approvement ?? approvementNow(ctx),
    value: estimate.value,
    executed_at: before.executed_at ?? null,
    canceled_at: before.canceled_at ?? null,
    canceled_by: before.canceled_by ?? null,
  };
  return {
    description: input.description,
    type: type as never,
    active: input.active,
    id_lead: type === 'WPPM' ? input.id_lead : null,
    start_at: current?.start_at ?? localDateTime(ctx.now()).slice(0, 10),
    end_at: NO_END_DATE,
    stores: [],
    brands: [],
    payments: [],
    groups: [],
    info: info as never,
  };
}

/** The estimated cost (R$) of a WPPM send: its audience times `pricing_whatsapp` (0 while unset). */
async function estimatedValue(ctx: ServiceContext, idLead: number | null): Promise<number> {
  const price = Number((await readSettingValue(ctx, 'pricing_whatsapp'))?.replace(',', '.'));
  if (!Number.isFinite(price) || price <= 0) return 0;
  const audience = (await leadWhatsappCount(ctx, idLead ?? undefined)).total;
  return Math.round(audience * price * 100) / 100;
}

async function checkInput(ctx: ServiceContext, input: WhatsappCampaignInput, creating: boolean) {
  const channels = await channelSummaries(ctx);
  const wanted = input.type === 'WPPMM' ? input.channels : [input.channel_id];
  for (const id of wanted) if (!channels.has(id)) throw invalid({ channel_id: 'Canal não encontrado.' });
  if (input.id_lead && !(await leadSummaries(ctx, [input.id_lead])).has(input.id_lead))
    throw invalid({ id_lead: 'Lead não encontrado.' });
  const at = input.run_on ? Date.parse(input.run_on.replace(' ', 'T') + ':00-03:00') : NaN;
  if (creating && input.run_type === 'O' && Number.isFinite(at) && at < ctx.now().getTime() - 60_000)
    throw invalid({ run_on: WHATSAPP_MESSAGES.runOnPast });
  return channels;
}

/**
 * Campaigns of one bulk save at most: with the 600 ms pause between creations they fit the
 * function's 29 s (and API Gateway's) limit with room for the writes.
 */
export const BULK_MAX = 30;
/** The pause between bulk creations (tests shorten it). */
export const bulkClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** Saves a new campaign (bulk types: one per channel or group): the ids created. */
export async function createWhatsappCampaign(
  ctx: ServiceContext,
  input: WhatsappCampaignInput,
): Promise<{ id: number; ids: number[]; message: string }> {
  assertCampaignAccess(ctx, 'write', ['WPPM']);
  const bulk =
    input.type === 'WPPMM' ? input.channels.length : input.type === 'WPPGM' ? input.groups.length : 0;
  if (bulk > BULK_MAX)
    throw invalid({
      [input.type === 'WPPMM' ? 'channels' : 'groups']: `Selecione no máximo ${BULK_MAX} ${
        input.type === 'WPPMM' ? 'canais' : 'grupos'
      } por vez.`,
    });
  const channels = await checkInput(ctx, input, true);
  await assertMediaUrls(input.flow, input.status_image);
  const ids: number[] = [];
  const make = async (
    type: WhatsappStoredType,
    description: string,
    target: { channel: number; group?: { id: string; name: string } },
  ) => {
    // §4/§9: each creation of a bulk type is followed by a 600 ms pause (none after the last).
    if (ids.length > 0) await bulkClock.sleep(BULK_PAUSE_MS);
    const saved = await createCampaignRecord(
      ctx,
      await fieldsOf(ctx, { ...input, description }, type, target),
      [],
    );
    ids.push(saved.id);
  };
  if (input.type === 'WPPMM') {
    for (const channel of input.channels)
      await make('WPPM', `${input.description} - ${channels.get(channel)?.description ?? channel}`, {
        channel,
      });
  } else if (input.type === 'WPPGM') {
    for (const group of input.groups)
      await make('WPPG', `${input.description} - ${group.name || group.id}`, {
        channel: input.channel_id,
        group,
      });
  } else if (input.type === 'WPPG' || input.type === 'WPPC') {
    await make(input.type, input.description, { channel: input.channel_id, group: input.groups[0]! });
  } else {
    await make('WPPM', input.description, { channel: input.channel_id });
  }
  return { id: ids[0]!, ids, message: WHATSAPP_MESSAGES.created };
}

async function ownCampaign(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write',
): Promise<CampaignRecord> {
  const current = await campaignRecord(ctx, id);
  if (!current || !isWhatsappType(current.type as string)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, action, [current.type]);
  return current;
}

/** Edits a campaign (not the bulk types). An executed once-only campaign is not changed. */
export async function updateWhatsappCampaign(
  ctx: ServiceContext,
  input: WhatsappCampaignInput,
): Promise<{ id: number; message: string }> {
  if (!input.id) throw invalid({ id: 'Campanha inválida.' });
  if (input.type === 'WPPMM' || input.type === 'WPPGM')
    throw invalid({ type: 'Tipo em massa só na criação.' });
  const current = await ownCampaign(ctx, input.id, 'write');
  if (input.type !== (current.type as string)) throw invalid({ type: 'O tipo da campanha não muda.' });
  if (input.updated_at && input.updated_at !== current.updated_at) throw conflict(STALE_CAMPAIGN);
  const info = current.info as unknown as StoredInfo;
  if (info.executed_at && info.type === 'O')
    throw conflict('Campanha nao pôde ser alterada o envio já foi realizado.');
  await checkInput(ctx, input, false);
  await assertMediaUrls(input.flow, input.status_image);
  await updateCampaignRecord(
    ctx,
    current,
    await fieldsOf(
      ctx,
      input,
      current.type as unknown as WhatsappStoredType,
      { channel: input.channel_id, group: input.groups[0] ?? { id: info.recipients, name: info.group_name } },
      current,
    ),
    [],
  );
  return { id: current.id, message: WHATSAPP_MESSAGES.updated };
}

/** Deletes a campaign that has never been sent (§4: an executed WhatsApp campaign cannot be deleted). */
export async function deleteWhatsappCampaign(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  const current = await ownCampaign(ctx, id, 'write');
  if ((current.info as unknown as StoredInfo).executed_at) throw conflict(WHATSAPP_MESSAGES.executedDelete);
  await removeCampaignRecord(ctx, current);
  return { id };
}

export interface WhatsappCampaignView {
  id: number;
  description: string;
  type: string;
  active: 'Y' | 'N';
  id_lead: number | null;
  lead_description: string | null;
  channel: string | null;
  channel_id: number;
  info: Record<string, unknown> & { flow: string };
  status: WhatsappStatus;
  /** Seconds per message of the latest run (its sends over its time), null before the first send. */
  speed: number | null;
  report: { status: string; quantity: number }[];
  created_at: string;
  updated_at: string;
  /** A deleted campaign ('Excluídas'): when it was deleted. */
  archived_at?: string;
}

/** The §3 status of a campaign from its latest run and its channel's pacer. */
function statusOf(c: CampaignRecord, run: SendProgressView, resting: boolean): WhatsappStatus {
  const info = c.info as unknown as StoredInfo;
  switch (run.status) {
    case 'PLANNING':
      return 'RUNNING';
    case 'SENDING':
      return resting ? 'RESTING' : 'RUNNING';
    case 'PAUSED':
      return 'PAUSED';
    case 'COMPLETED':
    case 'CANCELED':
      return info.type === 'R' && c.active === 'Y' ? 'WAITING' : 'COMPLETED';
    default:
      return c.active === 'Y' && (info.type === 'R' || info.run_on) ? 'WAITING' : 'CREATED';
  }
}

const speedOf = (run: SendProgressView, now: number): number | null => {
  if (!run.started_at || run.sent === 0) return null;
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  return Math.round(((end - Date.parse(run.started_at)) / 1000 / run.sent) * 10) / 10;
};

async function viewOf(
  ctx: ServiceContext,
  c: CampaignRecord & { archived_at?: string },
  channels: Map<number, { description: string; partner: string }>,
  leads: Map<number, { description: string; population: number }>,
): Promise<WhatsappCampaignView> {
  const info = c.info as unknown as StoredInfo;
  const run = await latestRunProgress(ctx, c.id);
  const channelId = Number(info.channel_id ?? 0);
  const resting =
    run.status === 'SENDING' && channelId > 0
      ? await channelResting(
          ctx,
          channelId,
          (await whatsappRepository(ctx.tenant).channel(channelId))?.extra_config ?? '',
        )
      : false;
  return {
    id: c.id,
    description: c.description,
    type: c.type,
    active: c.active,
    id_lead: c.id_lead,
    lead_description: c.id_lead ? (leads.get(c.id_lead)?.description ?? null) : null,
    channel: channels.get(channelId)?.description ?? null,
    channel_id: channelId,
    info: { ...info, flow: info.flow ?? '[]' },
    status: statusOf(c, run, resting),
    speed: speedOf(run, ctx.now().getTime()),
    report: [
      { status: 'planned', quantity: run.planned },
      { status: 'sent', quantity: run.sent },
      { status: 'failed', quantity: run.failed },
      { status: 'skipped', quantity: run.skipped },
    ],
    created_at: c.created_at,
    updated_at: c.updated_at,
    ...(c.archived_at ? { archived_at: c.archived_at } : {}),
  };
}

/**
 * GET /web/whatsapp/campaigns: page of 50 (§9), newest first, searched by description. With
 * `archived` ('Excluídas', as the other campaign lists): the deleted WhatsApp campaigns instead —
 * one Query of the archive's partition, the same search, order, page size and permission; rows add
 * `archived_at`. WhatsApp campaigns are aimed at no store (`stores: []`), so neither list narrows
 * by the user's stores.
 */
export async function listWhatsappCampaigns(
  ctx: ServiceContext,
  query: { page: number; per_page: number; q: string; archived?: boolean | undefined },
): Promise<{ data: WhatsappCampaignView[]; pagination: { total: number; page: number; per_page: number } }> {
  assertCampaignAccess(ctx, 'read', ['WPPM']);
  const q = query.q.trim().toLowerCase();
  const records: (CampaignRecord & { archived_at?: string })[] = query.archived
    ? await archivedCampaignRecords(ctx)
    : await campaignRecords(ctx);
  const all = records
    .filter((c) => isWhatsappType(c.type as string))
    .filter((c) => !q || c.description.toLowerCase().includes(q) || String(c.id) === q)
    .sort((a, b) => b.id - a.id);
  const page = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const [channels, leads] = await Promise.all([
    channelSummaries(ctx),
    leadSummaries(ctx, [...new Set(page.map((c) => c.id_lead).filter((v): v is number => Boolean(v)))]),
  ]);
  const data = await Promise.all(page.map((c) => viewOf(ctx, c, channels, leads)));
  return { data, pagination: { total: all.length, page: query.page, per_page: query.per_page } };
}

/** A deleted WhatsApp campaign the caller may read ('Excluídas'), read-only. */
async function archivedCampaign(
  ctx: ServiceContext,
  id: number,
): Promise<CampaignRecord & { archived_at: string }> {
  const archived = await archivedCampaignRecord(ctx, id);
  if (!archived || !isWhatsappType(archived.type as string)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', [archived.type]);
  return archived;
}

/**
 * GET /web/whatsapp/campaigns/{id}; `archived`: a deleted one as it was, with `archived_at` (for
 * reading only: update and delete never see it).
 */
export async function whatsappCampaign(
  ctx: ServiceContext,
  id: number,
  options: { archived?: boolean | undefined } = {},
): Promise<WhatsappCampaignView> {
  const c = options.archived ? await archivedCampaign(ctx, id) : await ownCampaign(ctx, id, 'read');
  const [channels, leads] = await Promise.all([
    channelSummaries(ctx),
    c.id_lead ? leadSummaries(ctx, [c.id_lead]) : Promise.resolve(new Map()),
  ]);
  return viewOf(ctx, c, channels, leads);
}

/** GET /web/lead/whatsapp/count?id_lead&channel_id: the lead's population (or the whole base). */
export async function leadWhatsappCount(
  ctx: ServiceContext,
  idLead: number | undefined,
): Promise<{ total: number }> {
  if (!idLead) return { total: await customerCount(ctx) };
  const lead = (await leadSummaries(ctx, [idLead])).get(idLead);
  if (!lead) throw notFound('Lead não encontrado.');
  return { total: lead.population };
}

/** The messages of a campaign (flow view); `archived`: of a deleted one. */
export const campaignFlow = async (
  ctx: ServiceContext,
  id: number,
  options: { archived?: boolean | undefined } = {},
) =>
  flowOf(
    (options.archived ? await archivedCampaign(ctx, id) : await ownCampaign(ctx, id, 'read'))
      .info as unknown as WhatsappInfo,
  );
