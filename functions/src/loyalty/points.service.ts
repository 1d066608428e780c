import {
  assertCampaignAccess,
  CAMPAIGN_NOT_FOUND,
  campaignHistoryRecord,
} from '../campaign-records/campaign-records.service';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { pointsRepository } from './points.repository';

/** The columns of the points export (spec part 2 §3 'Export rows', Points). */
export const POINTS_COLUMNS = ['type', 'date', 'quantity', 'value', 'expiration_at'] as const;

async function pointsCampaign(ctx: ServiceContext, id: number) {
  // The export: a deleted campaign keeps its history.
  const campaign = await campaignHistoryRecord(ctx, id);
  if (!campaign || (campaign.type as string) !== 'C') throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, 'read', ['C']);
  return campaign;
}

export async function pointsExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  const campaign = await pointsCampaign(ctx, id);
  return { title: `Pontos ${campaign.description}`, fileName: `pontos-${campaign.id}.xlsx` };
}

/** One page of the points ledger: CREDIT/DEBIT, date, quantity, value (reais), expiration_at. */
export async function pointsExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number)[][]; cursor: string | null }> {
  await pointsCampaign(ctx, id);
  const page = await pointsRepository(ctx.tenant).page(id, cursor, 1000);
  return {
    rows: page.rows.map((e) => [e.type, e.date, e.quantity, e.value, e.expirationAt ?? '']),
    cursor: page.cursor,
  };
}
