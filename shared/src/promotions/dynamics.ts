import { allocate, capAmounts, FULL_PERCENT, mulDivRound, UNIT } from './arithmetic';
import type { Rule } from './types';

/**
 * The ten dynamics applied to a pool of lines: the lines of one product (D), of the campaign's
 * categories or brands (DC, DBRANDS), a combo's discount units (DG) or the whole ticket (DB,
 * DBP). `base` is what a line costs at this point (after the discounts applied before), so
 * cumulative campaigns work on the running price. The README documents each dynamic.
 */

export interface PoolLine {
  /** Index of the line in the evaluation (lines sorted by sequence). */
  index: number;
  /** Thousandths of this line in the pool. */
  quantity: number;
  /** Centavos of those thousandths at the running price. */
  base: number;
  code: string;
  sequence: number;
}

/** What a dynamic takes off a pool: parallel lists in line order, only lines with something off. */
export interface PoolResult {
  lines: number[];
  /** Centavos off each line. */
  amounts: number[];
  /** Thousandths of each line discounted. */
  covered: number[];
  /** Lines the promotion used, discounted or not (the paid units of 'take X pay Y'), in order. */
  participants: number[];
  /** Thousandths sold under the promotion (budgets by units). */
  units: number;
  total: number;
}

const isSorted = (pool: readonly PoolLine[]) =>
  pool.every((line, i) => i === 0 || pool[i - 1]!.index < line.index);

const isSortedNumbers = (list: readonly number[]) => list.every((v, i) => i === 0 || list[i - 1]! < v);

/**
 * Sorts in place unless already in order: most pools have a line or two, and `Array#sort`
 * allocates its work space even for those (it was a fifth of the engine's garbage).
 */
export function sortIfNeeded<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1]!, list[i]!) > 0) return list.sort(compare);
  return list;
}
const byNumber = (a: number, b: number) => a - b;

const empty = (): PoolResult => ({
  lines: [],
  amounts: [],
  covered: [],
  participants: [],
  units: 0,
  total: 0,
});
const EMPTY: PoolResult = empty();

/**
 * The results of several pools as one (lines in order; a line in two pools adds up). `units` and
 * `participants` are combined too.
 */
export function mergeResults(results: readonly PoolResult[]): PoolResult {
  const nonEmpty = results.filter((r) => r.total > 0);
  if (nonEmpty.length === 0) return empty();
  if (nonEmpty.length === 1) return { ...nonEmpty[0]!, units: results.reduce((s, r) => s + r.units, 0) };
  const entries: [number, number, number][] = [];
  for (const r of nonEmpty) r.lines.forEach((line, k) => entries.push([line, r.amounts[k]!, r.covered[k]!]));
  sortIfNeeded(entries, (a, b) => a[0] - b[0]);
  const out = empty();
  for (const [line, amount, covered] of entries) {
    const last = out.lines.length - 1;
    if (last >= 0 && out.lines[last] === line) {
      out.amounts[last]! += amount;
      out.covered[last]! += covered;
    } else {
      out.lines.push(line);
      out.amounts.push(amount);
      out.covered.push(covered);
    }
    out.total += amount;
  }
  const participants = nonEmpty.flatMap((r) => r.participants);
  out.participants = isSortedNumbers(participants) ? participants : [...new Set(participants)].sort(byNumber);
  out.units = results.reduce((s, r) => s + r.units, 0);
  return out;
}

/**
 * Caps the amounts at positions `at` (all when omitted) to `cap` in total, in proportion to
 * themselves (largest remainder). In place; lines brought to zero stay (positions stay valid)
 * until {@link compact}.
 */
export function capResult(r: PoolResult, cap: number, at?: readonly number[]): void {
  if (cap >= r.total) return;
  const positions = at ?? r.lines.map((_, k) => k);
  const before = positions.map((k) => r.amounts[k]!);
  const sum = before.reduce((s, a) => s + a, 0);
  if (sum <= cap) return;
  const after = capAmounts(before, cap);
  positions.forEach((k, j) => (r.amounts[k] = after[j]!));
  r.total -= sum - Math.max(0, cap);
}

/** Drops the lines left with nothing off (after {@link capResult}). In place. */
export function compact(r: PoolResult): void {
  if (r.amounts.every((a) => a > 0)) return;
  const keep = r.amounts.map((a) => a > 0);
  r.lines = r.lines.filter((_, k) => keep[k]);
  r.covered = r.covered.filter((_, k) => keep[k]);
  r.amounts = r.amounts.filter((_, k) => keep[k]);
}

/**
 * Cheapest unit first, then code, then sequence: whenever only part of a pool gets the discount
 * (take X pay Y, limits, budgets, combos) the cheapest units get it, as retail custom has it, and
 * the choice does not depend on the order of the lines.
 */
export function cheapestFirst(a: PoolLine, b: PoolLine): number {
  return (
    a.base / a.quantity - b.base / b.quantity ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
    a.sequence - b.sequence
  );
}

interface Part {
  line: PoolLine;
  /** Thousandths taken from the line. */
  quantity: number;
  /** Their centavos at the running price. */
  base: number;
}

/** The first `limit` thousandths of an already ordered pool. */
function takeUnits(sorted: readonly PoolLine[], limit: number): Part[] {
  const parts: Part[] = [];
  let left = limit;
  for (const line of sorted) {
    if (left <= 0) break;
    const quantity = Math.min(line.quantity, left);
    left -= quantity;
    parts.push({
      line,
      quantity,
      base: quantity === line.quantity ? line.base : mulDivRound(line.base, quantity, line.quantity),
    });
  }
  return parts;
}

/** The value of a progressive dynamic: the best step reached by `amount` and `quantity`, else the base value. */
export function tierValue(rule: Rule, amount: number, quantity: number): number {
  let best = rule.value;
  for (const tier of rule.tiers) {
    if (amount >= tier.minAmount && quantity >= tier.minQuantity && tier.value > best) best = tier.value;
  }
  return best;
}

/** The discount of `quantity` thousandths costing `base` under a per-unit dynamic. */
function perUnit(rule: Rule, base: number, quantity: number, value = rule.value): number {
  switch (rule.dynamic) {
    case 2:
    case 4:
    case 9:
      return mulDivRound(base, value, FULL_PERCENT);
    case 6:
      return Math.min(base, mulDivRound(value, quantity, UNIT));
    default:
      // Fixed price (1, 3, 7, 8): the units cost `value` each; never a price increase.
      return Math.max(0, base - mulDivRound(value, quantity, UNIT));
  }
}

function result(
  parts: readonly Part[],
  amounts: readonly number[],
  units: number,
  participants?: readonly Part[],
): PoolResult {
  const order: number[] = [];
  for (let k = 0; k < parts.length; k++) if (amounts[k]! > 0) order.push(k);
  if (order.length === 0) return EMPTY;
  // Parts come cheapest first; results are in line order (each line once: takeUnits gives a line once).
  sortIfNeeded(order, (a, b) => parts[a]!.line.index - parts[b]!.line.index);
  const out: PoolResult = { lines: [], amounts: [], covered: [], participants: [], units, total: 0 };
  for (const k of order) {
    out.lines.push(parts[k]!.line.index);
    out.amounts.push(amounts[k]!);
    out.covered.push(parts[k]!.quantity);
    out.total += amounts[k]!;
  }
  if (!participants) out.participants = [...out.lines];
  else {
    const lines = participants.map((p) => p.line.index);
    out.participants = isSortedNumbers(lines) ? lines : [...new Set(lines)].sort(byNumber);
  }
  return out;
}

/**
 * A dynamic on a pool of item lines. `cap` bounds the thousandths that take part (per-purchase
 * limit, units budgets); `repeat` false applies the discount once (one multiple: one unit for
 * per-unit dynamics, X units for 3, 4 and 7, one group of 'take X pay Y'). Percentages round per
 * line; a fixed amount (10) is split by largest remainder.
 */
export function itemPool(rule: Rule, pool: readonly PoolLine[], cap: number, repeat: boolean): PoolResult {
  if (pool.length === 0 || cap <= 0) return EMPTY;
  const sorted = sortIfNeeded([...pool], cheapestFirst);
  const poolQuantity = pool.reduce((sum, line) => sum + line.quantity, 0);
  const once = (units: number) => (repeat ? cap : Math.min(cap, units));
  switch (rule.dynamic) {
    case 5: {
      if (rule.take <= 0) return EMPTY;
      const groups = Math.floor(Math.min(poolQuantity, cap) / rule.take);
      const applied = repeat ? groups : Math.min(groups, 1);
      const free = takeUnits(sorted, applied * (rule.take - rule.pay));
      return result(
        free,
        free.map((part) => part.base),
        applied * rule.take,
        takeUnits(sorted, applied * rule.take),
      );
    }
    case 3:
    case 4: {
      if (poolQuantity < rule.take) return EMPTY;
      const parts = takeUnits(sorted, once(rule.take > 0 ? rule.take : UNIT));
      return perUnitResult(rule, parts);
    }
    case 7:
      return perUnitResult(rule, takeUnits(sorted, Math.min(cap, rule.take > 0 ? rule.take : Infinity)));
    case 9:
    case 10: {
      const parts = takeUnits(sorted, cap);
      const amount = parts.reduce((sum, p) => sum + p.base, 0);
      const quantity = parts.reduce((sum, p) => sum + p.quantity, 0);
      const value = tierValue(rule, amount, quantity);
      const amounts =
        rule.dynamic === 9
          ? parts.map((p) => perUnit(rule, p.base, p.quantity, value))
          : allocate(
              Math.min(amount, value),
              parts.map((p) => p.base),
            );
      return result(parts, amounts, unitsOf(parts, amounts));
    }
    default:
      return perUnitResult(rule, takeUnits(sorted, once(UNIT)));
  }
}

function perUnitResult(rule: Rule, parts: readonly Part[]): PoolResult {
  const amounts = parts.map((p) => perUnit(rule, p.base, p.quantity));
  return result(parts, amounts, unitsOf(parts, amounts));
}

const unitsOf = (parts: readonly Part[], amounts: readonly number[]) =>
  parts.reduce((sum, p, i) => sum + (amounts[i]! > 0 ? p.quantity : 0), 0);

/** The dynamics computed once on a ticket's subtotal (the others act on its units). */
export const isTicketDynamic = (dynamic: Rule['dynamic']): boolean =>
  dynamic === 2 || dynamic === 4 || dynamic === 6 || dynamic === 9 || dynamic === 10;

/**
 * The amount of a ticket dynamic (DB, DBP) on a pool of `subtotal` centavos and `quantity`
 * thousandths: 2 %, 4 from X units %, 6 amount off, 9 and 10 progressive; multiplied by `factor`
 * (thousandths: DBP's per-method factor) and never above the subtotal. Only for
 * {@link isTicketDynamic} dynamics.
 */
export function ticketAmount(rule: Rule, subtotal: number, quantity: number, factor: number): number {
  let amount: number;
  switch (rule.dynamic) {
    case 2:
      amount = mulDivRound(subtotal, rule.value, FULL_PERCENT);
      break;
    case 4:
      amount = quantity >= rule.take ? mulDivRound(subtotal, rule.value, FULL_PERCENT) : 0;
      break;
    case 6:
      amount = rule.value;
      break;
    case 9:
      amount = mulDivRound(subtotal, tierValue(rule, subtotal, quantity), FULL_PERCENT);
      break;
    default:
      amount = tierValue(rule, subtotal, quantity);
  }
  return Math.min(subtotal, factor === UNIT ? amount : mulDivRound(amount, factor, UNIT));
}

/**
 * Splits a ticket amount over lines (indexes in order, with their running prices and quantities)
 * in proportion to their price, by largest remainder (ties to the earlier line).
 */
export function splitTicket(
  lines: readonly number[],
  bases: readonly number[],
  quantities: readonly number[],
  amount: number,
): PoolResult {
  if (amount <= 0 || lines.length === 0) return EMPTY;
  const shares = allocate(amount, bases);
  const out: PoolResult = {
    lines: [],
    amounts: [],
    covered: [],
    participants: [...lines],
    units: 0,
    total: 0,
  };
  lines.forEach((line, k) => {
    out.units += quantities[k]!;
    if (shares[k]! <= 0) return;
    out.lines.push(line);
    out.amounts.push(shares[k]!);
    out.covered.push(quantities[k]!);
    out.total += shares[k]!;
  });
  return out;
}

/** A dynamic on the whole ticket: {@link ticketAmount} split by {@link splitTicket}, or per unit. */
export function ticketPool(
  rule: Rule,
  pool: readonly PoolLine[],
  factor: number,
  repeat: boolean,
): PoolResult {
  if (pool.length === 0) return EMPTY;
  if (isTicketDynamic(rule.dynamic)) {
    const lines = isSorted(pool) ? pool : [...pool].sort((a, b) => a.index - b.index);
    const subtotal = lines.reduce((sum, line) => sum + line.base, 0);
    const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    return splitTicket(
      lines.map((l) => l.index),
      lines.map((l) => l.base),
      lines.map((l) => l.quantity),
      ticketAmount(rule, subtotal, quantity, factor),
    );
  }
  const items = itemPool(rule, pool, Infinity, repeat);
  if (factor === UNIT || items.total === 0) return items;
  // Per line, so that no line gets more than it costs.
  const base = new Map(pool.map((line) => [line.index, line.base]));
  const out: PoolResult = { ...items, lines: [], amounts: [], covered: [], total: 0 };
  items.lines.forEach((line, k) => {
    const scaled = Math.min(base.get(line)!, mulDivRound(items.amounts[k]!, factor, UNIT));
    if (scaled <= 0) return;
    out.lines.push(line);
    out.amounts.push(scaled);
    out.covered.push(items.covered[k]!);
    out.total += scaled;
  });
  return out.total > 0 ? out : EMPTY;
}
