import type { ServiceContext } from '../lib/context';
import { findProviderMessage, sendingRepository } from './sending.repository';

/**
 * The status reports of channels whose partners name only their message id (WhatsApp: the whatsapp
 * domain's webhooks, src/whatsapp/events.service.ts): found through the lookup the sender kept at
 * completion, checked against the ledger, and marked once per (action, recipient) with the
 * campaign's counter. 'sent' is counted at the partner's acceptance (the completion), so the
 * partner's own 'sent' changes nothing.
 */
export async function recordChannelReport(
  ctx: ServiceContext,
  report: { provider: string; messageId: string; action: string; at: string },
): Promise<'recorded' | 'unknown' | 'ignored'> {
  if (!report.messageId) return 'ignored';
  const found = await findProviderMessage(report.provider, report.messageId);
  // Not yet completed (the partner's report outran the ledger), or not a campaign message.
  if (!found) return 'unknown';
  if (found.tenant !== ctx.tenant) return 'ignored';
  if (report.action === 'sent') return 'ignored';
  const repo = sendingRepository(ctx.tenant);
  const delivery = await repo.delivery(found.campaign, found.run, found.recipient);
  if (delivery?.status !== 'SENT') return 'ignored';
  await repo.mark(
    found.campaign,
    report.action,
    found.recipient,
    delivery.id_customer ?? found.id_customer,
    report.at,
  );
  return 'recorded';
}

/** The latest run of a campaign as a channel's list shows it (no permission checked: the caller's service does). */
export async function latestRunProgress(
  ctx: ServiceContext,
  campaign: number,
): Promise<{
  status: string;
  planned: number;
  sent: number;
  failed: number;
  skipped: number;
  started_at: string | null;
  finished_at: string | null;
}> {
  const run = await sendingRepository(ctx.tenant).latestRun(campaign);
  return {
    status: run?.status ?? 'NONE',
    planned: run?.planned ?? 0,
    sent: run?.sent ?? 0,
    failed: run?.failed ?? 0,
    skipped: (run?.skipped ?? 0) + (run?.canceled ?? 0),
    started_at: run?.started_at ?? null,
    finished_at: run?.finished_at ?? null,
  };
}

/** A recipient of a campaign's ledger with the moments its reports were marked (delivered, read…). */
export interface CampaignDeliveryRow {
  run: string;
  recipient: string;
  id_customer: number | null;
  address: string;
  status: 'CLAIMED' | 'SENT' | 'FAILED' | 'CANCELED';
  sent_at: string | null;
  error: string | null;
  /** action → when it was marked (once per action and recipient, every run of the campaign). */
  marks: Map<string, string>;
}

/**
 * One page of a campaign's per-recipient ledger, every run, with the marks of `actions` (the
 * WhatsApp details export): one Query and a BatchGet per 100 marks. No permission is checked: the
 * caller's service does.
 */
export async function campaignDeliveriesPage(
  ctx: ServiceContext,
  campaign: number,
  actions: readonly string[],
  cursor: string | null,
  limit = 200,
): Promise<{ rows: CampaignDeliveryRow[]; cursor: string | null }> {
  const repo = sendingRepository(ctx.tenant);
  const page = await repo.deliveriesPage(campaign, cursor, limit);
  const marks = await repo.marksOf(
    campaign,
    actions,
    page.data.map((d) => d.recipient),
  );
  return {
    rows: page.data.map((d) => ({
      run: d.run,
      recipient: d.recipient,
      id_customer: d.id_customer ?? null,
      address: d.address,
      status: d.status,
      sent_at: d.sent_at ?? null,
      error: d.error ?? null,
      marks: marks.get(d.recipient) ?? new Map(),
    })),
    cursor: page.cursor,
  };
}
