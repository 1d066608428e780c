import type { ComboBasket } from './combo';
import { sortIfNeeded } from './dynamics';
import type {
  AppliedDiscount,
  BudgetConsumption,
  EvaluationInput,
  PreparedCampaign,
  TicketDiscount,
} from './types';

/**
 * The state of one evaluation (the basket's lines, their running prices, what each campaign
 * took) and the checks that decide whether a campaign may apply to the purchase at all.
 */

export interface Line {
  index: number;
  sequence: number;
  code: string;
  groupCode: string | null;
  quantity: number;
  total: number;
  categories: readonly string[];
  brand: number | null;
  onOffer: boolean;
  /** Positive integer quantity and total: the engine discounts it. */
  valid: boolean;
}

/** Everything one evaluation reads and writes. */
export class Evaluation {
  readonly running: number[];
  /** Taken by an exclusive campaign of the item level, or of the current level. */
  readonly itemClaimed: boolean[];
  readonly levelClaimed: boolean[];
  readonly discounted: boolean[];
  readonly applied: AppliedDiscount[][];
  readonly coveredMax: number[];
  readonly ticket: TicketDiscount[] = [];
  readonly consumption = new Map<string, BudgetConsumption>();
  readonly basket: ComboBasket;
  readonly allLines: readonly number[];
  /** Per campaign index: the basket's codes found among its rows (filled while collecting candidates). */
  readonly codesHit: (string[] | undefined)[] = [];
  /** Per campaign index: the lines its grants depend on (see `touchedBy`). */
  readonly touched: (readonly number[] | undefined)[] = [];
  private readonly budgets = new Map<string, { amount?: number; units?: number }>();

  constructor(
    readonly lines: readonly Line[],
    readonly input: EvaluationInput,
    readonly byCode: ReadonlyMap<string, readonly number[]>,
    readonly byCategory: ReadonlyMap<string, readonly number[]>,
    readonly byBrand: ReadonlyMap<number, readonly number[]>,
    byGroup: ReadonlyMap<string, readonly number[]>,
  ) {
    const n = lines.length;
    this.running = lines.map((l) => (l.valid ? l.total : 0));
    this.itemClaimed = new Array<boolean>(n).fill(false);
    this.levelClaimed = new Array<boolean>(n).fill(false);
    this.discounted = new Array<boolean>(n).fill(false);
    this.applied = lines.map(() => []);
    this.coveredMax = new Array<number>(n).fill(0);
    this.allLines = lines.map((l) => l.index);
    this.basket = {
      quantity: lines.map((l) => (l.valid ? l.quantity : 0)),
      base: this.running,
      code: lines.map((l) => l.code),
      sequence: lines.map((l) => l.sequence),
      linesByCode: byCode,
      linesByGroup: byGroup,
    };
    for (const b of input.budgets ?? [])
      this.budgets.set(budgetKey(b.campaign_id, b.code), { amount: b.amount_cents, units: b.units });
  }

  /** What is left of a budget: the caller's figure, else the configured one (Infinity = none). */
  left(c: PreparedCampaign, code: string | null, kind: 'amount' | 'units'): number {
    const given = this.budgets.size === 0 ? undefined : this.budgets.get(budgetKey(c.id, code))?.[kind];
    if (given !== undefined && Number.isFinite(given)) return Math.max(0, Math.floor(given));
    const row = code === null ? undefined : c.rows.get(code);
    if (code !== null && !row) return Infinity;
    const source = row ?? c;
    return kind === 'amount' ? source.amountBudget : source.unitsBudget;
  }
}

export const budgetKey = (campaignId: number, code: string | null) => `${campaignId}|${code ?? ''}`;

/** The input's lines in sequence order, each with its index in that order. */
export function normalizeLines(input: EvaluationInput): Line[] {
  // Usually already in sequence order: sorted only when not.
  const sorted = sortIfNeeded(
    [...input.lines],
    (a, b) =>
      a.sequence - b.sequence ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      a.quantity - b.quantity ||
      a.total_cents - b.total_cents,
  );
  // One literal with every field: the lines share one hidden class.
  return sorted.map((l, index): Line => ({
    index,
    sequence: l.sequence,
    code: String(l.code),
    groupCode: l.group_code ?? null,
    quantity: l.quantity,
    total: l.total_cents,
    categories: (l.category_path ?? []).map(String),
    brand: l.brand_id ?? null,
    onOffer: l.on_offer === true,
    valid:
      Number.isSafeInteger(l.quantity) &&
      l.quantity > 0 &&
      Number.isSafeInteger(l.total_cents) &&
      l.total_cents > 0,
  }));
}

/** Line indexes (valid lines only) by the keys `keys` gives each line. */
export function indexLines<K>(lines: readonly Line[], keys: (l: Line) => readonly K[]): Map<K, number[]> {
  const map = new Map<K, number[]>();
  for (const line of lines) {
    if (!line.valid) continue;
    for (const key of keys(line)) {
      const list = map.get(key);
      if (!list) map.set(key, [line.index]);
      else if (list[list.length - 1] !== line.index) list.push(line.index);
    }
  }
  return map;
}

/** Whether the campaign may apply to this purchase at all (period, store, audience, voucher, …). */
export function eligible(
  c: PreparedCampaign,
  ev: Evaluation,
  day: number,
  vouchers: ReadonlySet<string>,
): boolean {
  const { input } = ev;
  const customer = input.customer ?? null;
  if (day < c.start || day > c.end || !c.stores.has(input.store_id)) return false;
  if (c.needTerms && !customer?.accepted_terms) return false;
  if (c.lead !== null && !customer?.in_lead?.(c.lead)) return false;
  if (c.voucher !== null && !vouchers.has(c.voucher)) return false;
  // A per-customer limit needs a customer to count against.
  if (c.customerLimit > 0 && (!customer || (customer.usage?.[c.id] ?? 0) >= c.customerLimit)) return false;
  if (c.type === 'DBP' && (input.payment_method == null || !c.payments.has(input.payment_method)))
    return false;
  return requisiteMet(c, ev);
}

/** Whether the keys are in the basket: all of them, or at least one. */
function presence<K>(keys: readonly K[], lines: ReadonlyMap<K, readonly number[]>, all: boolean): boolean {
  for (const key of keys) {
    const present = lines.has(key);
    if (all && !present) return false;
    if (!all && present) return true;
  }
  return all;
}

/** The campaign's requisite: its T rows in the basket, else (DC, DBRANDS with 'all') each category or brand. */
function requisiteMet(c: PreparedCampaign, ev: Evaluation): boolean {
  const all = c.requisite === 'all';
  if (c.triggerCodes.length > 0) return presence(c.triggerCodes, ev.byCode, all);
  if (!all) return true;
  if (c.type === 'DC') return presence(c.categories, ev.byCategory, true);
  if (c.type === 'DBRANDS') return presence(c.brands, ev.byBrand, true);
  return true;
}
