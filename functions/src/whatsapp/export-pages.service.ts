import { addDays, localDateTime, localDay } from '@freguesia/shared/domain/dates';
import { isWhatsappType } from '@freguesia/shared/domain/whatsapp';
import { CAMPAIGN_NOT_FOUND, campaignHistoryRecord } from '../campaign-records/campaign-records.service';
import { campaignDeliveriesPage } from '../communications/channel-reports.service';
import { customerContacts } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import type { WhatsappInfo } from './campaign-flow.model';
import { whatsappRepository } from './channels.repository';

/**
 * The rows of the WhatsApp exports (export-targets.service.ts has their columns), one page at a
 * time, for the exports consumer. Pages are bounded reads: a Query page of the campaign's ledger
 * (or of a channel's contacts) and BatchGets of its marks and customers' names — never a scan.
 */

type Cell = string | number | null;
const PAGE = 200;

const at = (iso: string | null | undefined): string => (iso ? localDateTime(new Date(iso)) : '');

const STATUS_LABELS: Record<string, string> = {
  SENT: 'Enviada',
  FAILED: 'Falhou',
  CANCELED: 'Não enviada',
  CLAIMED: 'Enviando',
};

async function namesOf(
  ctx: ServiceContext,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  return new Map((await customerContacts(ctx, wanted)).map((c) => [c.id, c.fullname]));
}

/** The details export: every recipient of every run, its ledger status and when it was delivered, read or failed. */
export async function whatsappDetailsExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: Cell[][]; cursor: string | null }> {
  // A deleted campaign too (its history: the lists' 'Excluídas').
  const campaign = await campaignHistoryRecord(ctx, id);
  if (!campaign || !isWhatsappType(campaign.type as string)) throw notFound(CAMPAIGN_NOT_FOUND);
  const channelId = Number((campaign.info as unknown as WhatsappInfo).channel_id ?? 0);
  const channel = channelId ? await whatsappRepository(ctx.tenant).channel(channelId) : undefined;
  const page = await campaignDeliveriesPage(ctx, id, ['delivered', 'read', 'failed'], cursor, PAGE);
  const names = await namesOf(
    ctx,
    page.rows.map((r) => r.id_customer),
  );
  return {
    rows: page.rows.map((r) => [
      id,
      campaign.description,
      channel?.description ?? (channelId || ''),
      r.run,
      r.id_customer,
      r.id_customer ? (names.get(r.id_customer) ?? '') : '',
      r.address,
      STATUS_LABELS[r.status] ?? r.status,
      at(r.sent_at),
      at(r.marks.get('delivered')),
      at(r.marks.get('read')),
      at(r.marks.get('failed')),
      r.error ?? '',
    ]),
    cursor: page.cursor,
  };
}

/** Where the opt-in/out export is: which of the channels, and the contacts' page cursor in it. */
interface OptsCursor {
  i: number;
  c: string | null;
}

/**
 * The opt-in/out export: every number that wrote to the channel (or to each WhatsApp channel when
 * `channel` is 0), opted in or out; with `days`, those whose last opt change (or, never opted,
 * their last message) falls in the last `days` days, today included (America/Sao_Paulo), as the
 * report's window.
 */
export async function whatsappOptsExportPage(
  ctx: ServiceContext,
  params: { channel: number; days?: number | undefined },
  cursor: string | null,
): Promise<{ rows: Cell[][]; cursor: string | null }> {
  const repo = whatsappRepository(ctx.tenant);
  const channels = (await repo.channels())
    .filter((c) => c.type === 'WHATSAPP' && (!params.channel || c.id === params.channel))
    .sort((a, b) => a.id - b.id);
  const where: OptsCursor = cursor ? (JSON.parse(cursor) as OptsCursor) : { i: 0, c: null };
  const channel = channels[where.i];
  if (!channel) return { rows: [], cursor: null };
  const since = params.days ? addDays(localDay(ctx.now()), 1 - params.days) : '';
  const page = await repo.contactsPage(channel.id, where.c, PAGE);
  const chosen = page.data.filter((c) => {
    const when = c.opt_at ?? c.interacted_at;
    return !since || (when !== undefined && localDay(new Date(when)) >= since);
  });
  const names = await namesOf(
    ctx,
    chosen.map((c) => c.id_customer),
  );
  const next: OptsCursor | null = page.cursor
    ? { i: where.i, c: page.cursor }
    : where.i + 1 < channels.length
      ? { i: where.i + 1, c: null }
      : null;
  return {
    rows: chosen.map((c) => [
      channel.id,
      channel.description,
      c.phone,
      c.id_customer ?? null,
      c.id_customer ? (names.get(c.id_customer) ?? '') : '',
      c.optout === 'Y' ? 'optout' : 'optin',
      at(c.opt_at),
      at(c.interacted_at),
    ]),
    cursor: next ? JSON.stringify(next) : null,
  };
}
