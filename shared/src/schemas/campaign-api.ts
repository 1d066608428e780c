import * as z from '../domain/zod-pt';
import { CampaignGroup, CampaignProduct, DISCOUNT_TYPES, DiscountInfo } from './campaign';

/**
 * Answers of the campaign API (spec part 2 §3, §7), shared by the functions that build them and the
 * screens that parse them. The request payload is `Campaign` (schemas/campaign.ts).
 */

/** Where a campaign stands today (America/Sao_Paulo): derived from `active` and the period. */
export const CAMPAIGN_STATUSES = {
  running: 'Em andamento',
  scheduled: 'Agendada',
  ended: 'Encerrada',
  inactive: 'Inativa',
} as const;
export type CampaignStatus = keyof typeof CAMPAIGN_STATUSES;

/** Labels of the type codes (spec part 2 §1). */
export const CAMPAIGN_TYPE_LABELS: Readonly<Record<(typeof DISCOUNT_TYPES)[number], string>> = {
  D: 'Desconto em mercadorias',
  DB: 'Desconto no ticket',
  DC: 'Desconto por categoria',
  DBRANDS: 'Desconto por marca',
  DG: 'Combo (grupo de produtos)',
  DBP: 'Desconto por forma de pagamento',
};

/** A row of GET /web/campaigns (the Campaign plus the spec's list columns). */
export const CampaignRow = z.object({
  id: z.number(),
  description: z.string(),
  type: z.string(),
  active: z.enum(['Y', 'N']),
  id_lead: z.number().nullable(),
  lead_description: z.string().nullable(),
  population: z.number().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  product_count: z.number(),
  status: z.enum(['running', 'scheduled', 'ended', 'inactive']),
  /** Communication campaigns only: the schedule, execution, approval and cost (no body). */
  info: z.record(z.string(), z.unknown()).optional(),
  /** Lucky-number campaigns (L): numbers generated and progress = generated / (100000 × series_quantity), 0–1. */
  lucky_quantity: z.number().optional(),
  progress: z.number().optional(),
  /** The archived list (archived=Y) only: when the campaign was deleted. */
  archived_at: z.string().optional(),
});
export type CampaignRow = z.output<typeof CampaignRow>;

/** GET /web/campaigns/simple: every campaign, short (pickers). */
export const CampaignSimple = z.object({
  id: z.number(),
  description: z.string(),
  type: z.string(),
  active: z.enum(['Y', 'N']),
});
export type CampaignSimple = z.output<typeof CampaignSimple>;

/** GET /web/campaign/details: the campaign as saved, with the spec's read-only `campaign_*` lists. */
export const CampaignDetails = z.object({
  id: z.number(),
  description: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  active: z.enum(['Y', 'N']),
  id_lead: z.number().nullable(),
  lead_description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  info: DiscountInfo,
  /** The product rows, each with the catalogue's description when the EAN is known. */
  products: z.array(z.intersection(CampaignProduct, z.object({ description: z.string().nullable() }))),
  stores: z.array(z.object({ id_store: z.number() })),
  brands: z.array(z.object({ id_brand: z.number() })),
  payments: z.array(z.object({ id_payment_method: z.number(), factor: z.number() })),
  groups: z.array(CampaignGroup),
  campaign_stores: z.array(z.object({ id_store: z.number() })),
  campaign_brands: z.array(z.object({ id_brand: z.number() })),
  campaign_products: z.array(z.unknown()),
  campaign_payments: z.array(z.object({ id_payment_method: z.number() })),
  campaign_info: DiscountInfo,
  campaign_accelerators: z.array(z.unknown()),
  /** Settled purchases that presented the voucher ('Ativar por voucher'); 0 without one. */
  voucher_uses: z.number().optional(),
  /** A deleted campaign (archived=Y) only: when it was deleted. */
  archived_at: z.string().optional(),
});
export type CampaignDetails = z.output<typeof CampaignDetails>;

/** GET /web/campaigns/calendar?start=&end=: campaigns whose period meets the range. */
export const CalendarEntry = z.object({
  id: z.number(),
  description: z.string(),
  type: z.string(),
  active: z.enum(['Y', 'N']),
  start_at: z.string(),
  end_at: z.string(),
  /** A recurring send: the days its schedule fires (the entry is on these days only). */
  days: z.array(z.string()).optional(),
});
export type CalendarEntry = z.output<typeof CalendarEntry>;
