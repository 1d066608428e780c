import { isWhatsappType } from '@freguesia/shared/domain/whatsapp';
import {
  assertCampaignAccess,
  CAMPAIGN_NOT_FOUND,
  campaignHistoryRecord,
} from '../campaign-records/campaign-records.service';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { whatsappRepository } from './channels.repository';

/**
 * What the export routes ask of the whatsapp domain before queueing a job (functions/README.md,
 * "Exports"; "WhatsApp", "Exports"): the columns of the two CSVs and whether the record exists.
 * Light on purpose (the exports function bundles it); the rows come from `export-pages.service.ts`
 * in the exports consumer.
 */

/** `GET /whatsapp/export-campaign-details`: one row per recipient of every run of the campaign. */
export const WHATSAPP_DETAILS_COLUMNS = [
  'id_campaign',
  'description',
  'channel',
  'run',
  'id_customer',
  'fullname',
  'phone',
  'status',
  'sent_at',
  'delivered_at',
  'read_at',
  'failed_at',
  'error',
] as const;

/** `GET /whatsapp/export-opt-in-out`: one row per number that wrote to a channel (or opted in/out). */
export const WHATSAPP_OPTS_COLUMNS = [
  'id_channel',
  'channel',
  'phone',
  'id_customer',
  'fullname',
  'status',
  'opt_at',
  'interacted_at',
] as const;

/** The details export may start: a WhatsApp campaign the caller may see. */
export async function whatsappDetailsExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  // A deleted campaign too (its history: the lists' 'Excluídas').
  const campaign = await campaignHistoryRecord(ctx, id);
  if (!campaign || !isWhatsappType(campaign.type as string)) throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', [campaign.type]);
  return {
    title: `Detalhes da campanha de WhatsApp ${campaign.description}`,
    fileName: `whatsapp-campanha-${id}.csv`,
  };
}

/** The opt-in/out export may start: every WhatsApp channel (`channel` 0) or one that exists. */
export async function whatsappOptsExportTarget(
  ctx: ServiceContext,
  channel: number,
  days: number | undefined,
): Promise<{ title: string; fileName: string }> {
  const period = days ? ` (últimos ${days} dias)` : '';
  if (!channel)
    return {
      title: `OptInOut's de todos os canais${period}`,
      fileName: `whatsapp-optinout-todos${days ? `-${days}d` : ''}.csv`,
    };
  const found = await whatsappRepository(ctx.tenant).channel(channel);
  if (!found || found.type !== 'WHATSAPP') throw notFound('Canal não encontrado.');
  return {
    title: `OptInOut's do canal ${found.description}${period}`,
    fileName: `whatsapp-optinout-canal-${channel}${days ? `-${days}d` : ''}.csv`,
  };
}
