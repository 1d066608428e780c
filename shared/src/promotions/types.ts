import type { DiscountType, Dynamic } from '../schemas/campaign';

/**
 * Types of the promotion engine. Money is integer centavos (`_cents`), quantities integer
 * thousandths of a unit (1 unit = 1000; 0,350 kg = 350), percentages integer basis points.
 */

// ---------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------

/** A line of the basket, with the product facts the caller resolved from the catalogue. */
export interface BasketLine {
  /** The line's number on the ticket; unique in a basket (the engine's order and tie-break). */
  sequence: number;
  /** EAN / product code. */
  code: string;
  /** Thousandths of a unit, above 0. */
  quantity: number;
  /** Informative; the engine prices from `total_cents`. */
  unit_price_cents: number;
  /** What the line costs before the engine (after any offer of the point of sale). */
  total_cents: number;
  /** Category ids from the root down to the product's category. */
  category_path?: readonly (string | number)[];
  brand_id?: number | null;
  /** The product family (`group_code` of the catalogue). */
  group_code?: string | null;
  /** The item is already on offer (campaigns with `unique_discount` 'Y' skip it). */
  on_offer?: boolean;
}

/** What the engine needs to know of the customer; null or absent = anonymous. */
export interface CustomerFacts {
  /** Accepted the terms (campaigns with `need_terms` 'Y'). */
  accepted_terms: boolean;
  /** Membership of a lead (campaigns aimed at a lead). */
  in_lead?: (leadId: number) => boolean;
  /** Purchases in which the customer already benefited, per campaign id (per-customer limits). */
  usage?: Readonly<Record<number, number>>;
}

/**
 * What is left of a budget, per campaign and product code (`code` null: the campaign as a
 * whole). A field left out means "as configured": nothing consumed yet.
 */
export interface RemainingBudget {
  campaign_id: number;
  code: string | null;
  amount_cents?: number;
  /** Thousandths of a unit. */
  units?: number;
}

export interface EvaluationInput {
  lines: readonly BasketLine[];
  store_id: number;
  /** The instant of the purchase; periods are judged on its day in America/Sao_Paulo. */
  at: Date | number;
  customer?: CustomerFacts | null;
  /** Voucher codes the customer presented. */
  vouchers?: readonly string[];
  /** The payment method chosen (DBP campaigns); absent before payment. */
  payment_method?: number | null;
  budgets?: readonly RemainingBudget[];
}

// ---------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------

export type Level = 'item' | 'ticket';

export interface AppliedDiscount {
  campaign_id: number;
  type: DiscountType;
  dynamic: Dynamic;
  level: Level;
  amount_cents: number;
}

export interface LineResult {
  sequence: number;
  code: string;
  quantity: number;
  total_cents: number;
  /** Every discount of the line (item and ticket level), never above `total_cents`. */
  discount_cents: number;
  /** Thousandths of the line that received a discount (the largest of its campaigns). */
  discount_quantity: number;
  /** discount_cents per unit of `discount_quantity`, rounded (informative). */
  unit_discount_cents: number;
  total_with_discount_cents: number;
  /** In the order applied. */
  applied: AppliedDiscount[];
}

export interface TicketDiscount {
  campaign_id: number;
  type: DiscountType;
  dynamic: Dynamic;
  amount_cents: number;
  /** The amount split over the lines; adds up to `amount_cents` exactly. */
  allocation: { sequence: number; amount_cents: number }[];
}

/** What to reserve against the budgets once the sale is confirmed. */
export interface BudgetConsumption {
  campaign_id: number;
  /** The product row; null for the campaign as a whole (one entry per campaign applied). */
  code: string | null;
  /** Thousandths of a unit sold under the promotion. */
  units: number;
  amount_cents: number;
}

export interface EvaluationResult {
  /** Ordered by sequence. */
  lines: LineResult[];
  /** Ticket-level campaigns (DB, DBP), in the order applied. */
  ticket: TicketDiscount[];
  subtotal_cents: number;
  total_discount_cents: number;
  total_cents: number;
  /** Ordered by campaign id, then code (null first). */
  consumption: BudgetConsumption[];
}

// ---------------------------------------------------------------------------------------
// Prepared campaigns (the normalized form, built once by `prepareCampaigns`)
// ---------------------------------------------------------------------------------------

export interface Tier {
  minAmount: number;
  minQuantity: number;
  value: number;
}

/** A dynamic with its parameters in engine units. */
export interface Rule {
  dynamic: Dynamic;
  /** Centavos for money dynamics, basis points for percentages (2, 4, 9). */
  value: number;
  /** X in thousandths (3, 4, 5, 7, 8). */
  take: number;
  /** Y of 'take X pay Y' in thousandths. */
  pay: number;
  tiers: readonly Tier[];
}

/** A discount row of a D or DG campaign. */
export interface ProductRule {
  code: string;
  rule: Rule;
  /** Units per purchase (thousandths); Infinity = no limit. */
  limit: number;
  /** Configured budgets (Infinity = none): centavos and thousandths. */
  amountBudget: number;
  unitsBudget: number;
}

export interface ComboItem {
  code?: string;
  groupCode?: string;
}

export interface ComboGroup {
  requisite: 'all' | 'any';
  items: readonly ComboItem[];
}

export interface Combo {
  /** Trigger groups as OR of AND-chains; empty = no trigger. */
  chains: readonly (readonly ComboGroup[])[];
  discount: readonly ComboGroup[];
  /** Thousandths per combo. */
  triggerQuantity: number;
  discountQuantity: number;
}

export interface PreparedCampaign {
  id: number;
  /** Position in `PreparedCampaigns.campaigns` (sorted by id). */
  index: number;
  type: DiscountType;
  level: Level;
  exclusive: boolean;
  ignoreOnOffer: boolean;
  repeat: boolean;
  needTerms: boolean;
  lead: number | null;
  /** Period as YYYYMMDD numbers (compared as integers: the hot path of eligibility). */
  start: number;
  end: number;
  stores: ReadonlySet<number>;
  /** DBP: payment method → factor in thousandths (1000 = ×1). */
  payments: ReadonlyMap<number, number>;
  customerLimit: number;
  /** Per purchase (Infinity = no cap). */
  maxDeduct: number;
  /** Campaign-level budgets as configured (Infinity = none). */
  amountBudget: number;
  unitsBudget: number;
  requisite: 'all' | 'any';
  /** Codes of the T rows: the campaign needs them in the basket (all or any, by `requisite`). */
  triggerCodes: readonly string[];
  /** Upper case (vouchers are compared case-insensitively). */
  voucher: string | null;
  /** D and DG discount rows by code, in code order. */
  rows: ReadonlyMap<string, ProductRule>;
  /** The same rows as a list (iterated on every evaluation). */
  rowList: readonly ProductRule[];
  /** The campaign-level rule (every type but D). */
  rule: Rule | null;
  /** DC: the selected category ids (the last id of each path). */
  categories: readonly string[];
  brands: readonly number[];
  combo: Combo | null;
  /** The dynamic reported for the campaign (the info's, or the first row's). */
  dynamic: Dynamic;
}

export interface PreparedCampaigns {
  campaigns: readonly PreparedCampaign[];
  /** Campaign indexes by what a line can match. */
  byCode: ReadonlyMap<string, readonly number[]>;
  byGroupCode: ReadonlyMap<string, readonly number[]>;
  byCategory: ReadonlyMap<string, readonly number[]>;
  byBrand: ReadonlyMap<number, readonly number[]>;
  /** Ticket-level campaigns (DB, DBP) by store. */
  ticketByStore: ReadonlyMap<number, readonly number[]>;
}
