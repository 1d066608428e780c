import type { Ability } from '@freguesia/shared/domain/permissions';
import { campaignExportTarget, DISCOUNT_COLUMNS } from '../campaigns/campaigns.service';
import type { ServiceContext } from '../lib/context';
import { LUCKY_COLUMNS, luckyExportTarget } from '../loyalty/lucky.service';
import { POINTS_COLUMNS, pointsExportTarget } from '../loyalty/points.service';
import { TICKET_EXPORT_COLUMNS, ticketExportTarget } from '../tickets/tickets.service';
import {
  LEAD_EXPORT_COLUMNS,
  leadExportTarget,
  TAG_EXPORT_COLUMNS,
  tagExportTarget,
} from '../segmentation/export-targets.service';
import {
  WHATSAPP_DETAILS_COLUMNS,
  WHATSAPP_OPTS_COLUMNS,
  whatsappDetailsExportTarget,
  whatsappOptsExportTarget,
} from '../whatsapp/export-targets.service';

/**
 * The export kinds: what each export holds and where its rows come from. The rows stay with the
 * domain that owns them (its service answers one page at a time); this domain turns the pages into
 * a file. A new export is one entry here, its pages in `export-pages.service.ts` (the consumer's
 * side, kept apart so the exports function does not bundle the row producers), its route in
 * `exports.routes.ts` and its path in `src/domains.ts` (functions/README.md, "Exports").
 */

export type ExportCell = string | number | boolean | null;

/** What a job exports. */
export interface ExportParams {
  /** The record exported: a tag, lead or campaign; a WhatsApp channel (0: every channel). */
  id: number;
  /** A window of days up to today, for the kinds that have one (WhatsApp opt-in/out: 1–180). */
  days?: number;
}

export interface ExportKind {
  /** Who may ask for it (and see its job): the permission of the screen that exports. */
  permission: Ability;
  format: 'xlsx' | 'csv';
  /** The header row. */
  columns: readonly string[];
  /** The sheet's name (xlsx). */
  sheetName?: string;
  /**
   * Checked when asked, as the caller: the record exists and the caller may export it (the
   * owner's domain errors: 404, 403). Answers the job's title and the file's name.
   */
  target(ctx: ServiceContext, params: ExportParams): Promise<{ title: string; fileName: string }>;
}

export const EXPORT_KINDS = {
  /** The customers carrying a tag (spec part 1 §3 'Tag'); exporting is read Leads (spec part 1 §6). */
  tag: {
    permission: { action: 'read', subject: 'Leads' },
    format: 'xlsx',
    columns: TAG_EXPORT_COLUMNS,
    sheetName: 'Clientes',
    target: (ctx, p) => tagExportTarget(ctx, p.id),
  },
  /** A lead's members, semicolon CSV in UTF-8 with a BOM (spec part 1 §7). */
  lead: {
    permission: { action: 'read', subject: 'Leads' },
    format: 'csv',
    columns: LEAD_EXPORT_COLUMNS,
    target: (ctx, p) => leadExportTarget(ctx, p.id),
  },
  /** The discounts a campaign granted on settled purchases (spec part 2 §3 'Export rows', Discount). */
  campaign: {
    permission: { action: 'read', subject: 'Campaigns' },
    format: 'xlsx',
    columns: DISCOUNT_COLUMNS,
    sheetName: 'Descontos',
    target: (ctx, p) => campaignExportTarget(ctx, p.id),
  },
  /** The numbers a lucky-number campaign issued (spec part 2 §3 'Export rows', Lucky numbers). */
  lucky: {
    permission: { action: 'read', subject: 'Campaigns' },
    format: 'xlsx',
    columns: LUCKY_COLUMNS,
    sheetName: 'Números da sorte',
    target: (ctx, p) => luckyExportTarget(ctx, p.id),
  },
  /** The points ledger of a points campaign (spec part 2 §3 'Export rows', Points). */
  points: {
    permission: { action: 'read', subject: 'Campaigns' },
    format: 'xlsx',
    columns: POINTS_COLUMNS,
    sheetName: 'Pontos',
    target: (ctx, p) => pointsExportTarget(ctx, p.id),
  },
  /** A ticket campaign's tickets (spec part 2 §3 'Export rows', Ticket): `/campaign/export?id&type=T`. */
  tickets: {
    permission: { action: 'read', subject: 'Campaigns' },
    format: 'xlsx',
    columns: TICKET_EXPORT_COLUMNS,
    sheetName: 'Tickets',
    target: (ctx, p) => ticketExportTarget(ctx, p.id),
  },
  /**
   * A WhatsApp campaign's recipients (spec part 3 §7 `GET /whatsapp/export-campaign-details`): the
   * list's 'export (csv)', a write Campaigns action (§6); one row per recipient of every run.
   */
  'whatsapp-campaign-details': {
    permission: { action: 'write', subject: 'Campaigns' },
    format: 'csv',
    columns: WHATSAPP_DETAILS_COLUMNS,
    target: (ctx, p) => whatsappDetailsExportTarget(ctx, p.id),
  },
  /** The numbers that opted in or out (`GET /whatsapp/export-opt-in-out`, 'Dashboard WhatsApp': read Reports). */
  'whatsapp-opt-in-out': {
    permission: { action: 'read', subject: 'Reports' },
    format: 'csv',
    columns: WHATSAPP_OPTS_COLUMNS,
    target: (ctx, p) => whatsappOptsExportTarget(ctx, p.id, p.days),
  },
} as const satisfies Record<string, ExportKind>;

export type ExportKindName = keyof typeof EXPORT_KINDS;

/** One page of rows (from the consumer, as the system) and the next page's cursor, null at the end. */
export type ExportPage = (
  ctx: ServiceContext,
  params: ExportParams,
  cursor: string | null,
) => Promise<{ rows: ExportCell[][]; cursor: string | null }>;

export const isExportKind = (name: string): name is ExportKindName => Object.hasOwn(EXPORT_KINDS, name);

export const CONTENT_TYPES: Readonly<Record<ExportKind['format'], string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
