import { campaignExportPage } from '../campaigns/campaigns.service';
import { luckyExportPage } from '../loyalty/lucky.service';
import { pointsExportPage } from '../loyalty/points.service';
import { leadExportPage } from '../segmentation/leads.service';
import { tagExportPage } from '../segmentation/tags.service';
import { ticketExportPage } from '../tickets/tickets.service';
import { whatsappDetailsExportPage, whatsappOptsExportPage } from '../whatsapp/export-pages.service';
import type { ExportKindName, ExportPage } from './kinds.service';

/**
 * Where the rows of each export kind come from: the owning domain's service, one page at a time.
 * Only the exports consumer reads this; the export routes check targets through `kinds.service.ts`
 * and so do not bundle the row producers (the member engine, the customers' reads).
 */
export const EXPORT_PAGES: Readonly<Record<ExportKindName, ExportPage>> = {
  tag: (ctx, p, cursor) => tagExportPage(ctx, p.id, cursor),
  lead: (ctx, p, cursor) => leadExportPage(ctx, p.id, cursor),
  campaign: (ctx, p, cursor) => campaignExportPage(ctx, p.id, cursor),
  lucky: (ctx, p, cursor) => luckyExportPage(ctx, p.id, cursor),
  points: (ctx, p, cursor) => pointsExportPage(ctx, p.id, cursor),
  tickets: (ctx, p, cursor) => ticketExportPage(ctx, p.id, cursor),
  'whatsapp-campaign-details': (ctx, p, cursor) => whatsappDetailsExportPage(ctx, p.id, cursor),
  'whatsapp-opt-in-out': (ctx, p, cursor) =>
    whatsappOptsExportPage(ctx, { channel: p.id, days: p.days }, cursor),
};
