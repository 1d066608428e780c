import { mulDivRound } from './arithmetic';
import { itemPool, mergeResults, sortIfNeeded, type PoolLine, type PoolResult } from './dynamics';
import type { ComboGroup, ComboItem, PreparedCampaign, Rule } from './types';

/**
 * Combos (DG): trigger groups decide how many combos the basket completes; each complete combo
 * gives `discountQuantity` units of every discount group the campaign's rule.
 *
 * A combo is complete when, in one reservation of the basket's units, every trigger group of an
 * AND-chain holds `triggerQuantity` units ('all': of each item, 'any': of its items together) and
 * every discount group `discountQuantity` units. A unit serves once: a product in both a trigger
 * and a discount group ('buy 2, the 3rd at half price') is not counted twice. Triggers take the
 * dearest units (and those no discount group wants first), discounts the cheapest. The number of
 * combos is the largest that fits (binary search: fitting k combos implies fitting fewer), over
 * the OR of the chains; `repeat` false allows one.
 */

/** What the combo evaluation reads of the basket (arrays by line index). */
export interface ComboBasket {
  quantity: readonly number[];
  base: readonly number[];
  code: readonly string[];
  sequence: readonly number[];
  linesByCode: ReadonlyMap<string, readonly number[]>;
  linesByGroup: ReadonlyMap<string, readonly number[]>;
}

export interface ComboLimits {
  /** Thousandths still allowed per product row (limit per purchase, units budget). */
  codeLeft: (code: string) => number;
  /** Thousandths still allowed for the campaign. */
  totalLeft: number;
}

export interface ComboGrant extends PoolResult {
  /** Discounted thousandths per consumption key: a row's code, and null for the whole campaign. */
  unitsByKey: Map<string | null, number>;
}

interface Prepared {
  requisite: 'all' | 'any';
  /** Per item, then the union, in the order units are taken. */
  items: number[][];
  union: number[];
}

const itemLines = (item: ComboItem, basket: ComboBasket): readonly number[] =>
  (item.code !== undefined
    ? basket.linesByCode.get(item.code)
    : basket.linesByGroup.get(item.groupCode ?? '')) ?? [];

function prepareGroup(
  group: ComboGroup,
  basket: ComboBasket,
  keep: (i: number) => boolean,
  order: (a: number, b: number) => number,
): Prepared {
  const items = group.items.map((item) => sortIfNeeded(itemLines(item, basket).filter(keep), order));
  const union = items.length === 1 ? items[0]! : sortIfNeeded([...new Set(items.flat())], order);
  return { requisite: group.requisite, items, union };
}

/** Takes `need` thousandths from `lines` in order; false when they do not hold it. */
function reserve(
  lines: readonly number[],
  need: number,
  avail: number[],
  take?: (line: number, quantity: number) => number,
): boolean {
  let left = need;
  for (const line of lines) {
    if (left <= 0) break;
    const allowed = take ? take(line, Math.min(avail[line]!, left)) : Math.min(avail[line]!, left);
    avail[line]! -= allowed;
    left -= allowed;
  }
  return left <= 0;
}

const capacity = (group: Prepared, quantity: readonly number[]): number => {
  const sum = (lines: readonly number[]) => lines.reduce((s, l) => s + quantity[l]!, 0);
  return group.requisite === 'all' ? Math.min(...group.items.map(sum)) : sum(group.union);
};

/**
 * The combo's discount: which units of which lines, and what the campaign's rules (a D row's
 * rule for its product, else the campaign's) take off them at the running price `basket.base`.
 */
export function comboGrant(
  campaign: PreparedCampaign,
  basket: ComboBasket,
  available: (line: number) => boolean,
  limits: ComboLimits,
  repeat: boolean,
): ComboGrant | undefined {
  const combo = campaign.combo;
  if (!combo) return undefined;
  const unitPrice = (l: number) => basket.base[l]! / basket.quantity[l]!;
  const cheapest = (a: number, b: number) =>
    unitPrice(a) - unitPrice(b) ||
    (basket.code[a]! < basket.code[b]! ? -1 : basket.code[a]! > basket.code[b]! ? 1 : 0) ||
    basket.sequence[a]! - basket.sequence[b]!;
  const discount = combo.discount.map((g) =>
    prepareGroup(g, basket, (l) => available(l) && basket.quantity[l]! > 0, cheapest),
  );
  const wanted = new Set(discount.flatMap((g) => g.union));
  const dearest = (a: number, b: number) =>
    Number(wanted.has(a)) - Number(wanted.has(b)) ||
    unitPrice(b) - unitPrice(a) ||
    basket.sequence[a]! - basket.sequence[b]!;
  const chains = (combo.chains.length > 0 ? combo.chains : [[]]).map((chain) =>
    chain.map((g) => prepareGroup(g, basket, (l) => basket.quantity[l]! > 0, dearest)),
  );
  if (discount.length === 0) return undefined;

  const attempt = (k: number, chain: readonly Prepared[]): Map<number, number> | undefined => {
    const avail = [...basket.quantity];
    const need = k * combo.triggerQuantity;
    for (const group of chain) {
      if (
        group.requisite === 'all'
          ? !group.items.every((lines) => reserve(lines, need, avail))
          : !reserve(group.union, need, avail)
      )
        return undefined;
    }
    const taken = new Map<number, number>();
    const perCode = new Map<string, number>();
    let total = 0;
    const take = (line: number, quantity: number) => {
      const code = basket.code[line]!;
      const used = perCode.get(code) ?? 0;
      const allowed = Math.max(0, Math.min(quantity, limits.codeLeft(code) - used, limits.totalLeft - total));
      if (allowed > 0) {
        perCode.set(code, used + allowed);
        taken.set(line, (taken.get(line) ?? 0) + allowed);
        total += allowed;
      }
      return allowed;
    };
    const dneed = k * combo.discountQuantity;
    for (const group of discount) {
      if (
        group.requisite === 'all'
          ? !group.items.every((lines) => reserve(lines, dneed, avail, take))
          : !reserve(group.union, dneed, avail, take)
      )
        return undefined;
    }
    return taken;
  };

  let best: Map<number, number> | undefined;
  let bestK = 0;
  for (const chain of chains) {
    const bounds = [
      ...chain.map((g) => Math.floor(capacity(g, basket.quantity) / combo.triggerQuantity)),
      ...discount.map((g) => Math.floor(capacity(g, basket.quantity) / combo.discountQuantity)),
    ];
    let lo = 0;
    let hi = Math.min(...bounds, repeat ? Infinity : 1);
    let found: Map<number, number> | undefined;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const reservation = attempt(mid, chain);
      if (reservation) {
        lo = mid;
        found = reservation;
      } else {
        hi = mid - 1;
      }
    }
    if (lo > bestK) {
      bestK = lo;
      best = found ?? attempt(lo, chain);
    }
  }
  if (!best || bestK === 0) return undefined;

  // One pool per rule: each row's own rule for its product, the campaign's for the rest.
  const pools = new Map<Rule, PoolLine[]>();
  const unitsByKey = new Map<string | null, number>();
  for (const [line, quantity] of sortIfNeeded([...best], (a, b) => a[0] - b[0])) {
    const code = basket.code[line]!;
    const row = campaign.rows.get(code);
    const rule = row?.rule ?? campaign.rule;
    if (!rule) continue;
    const whole = basket.quantity[line]!;
    const pool = pools.get(rule) ?? [];
    pool.push({
      index: line,
      quantity,
      base: quantity === whole ? basket.base[line]! : mulDivRound(basket.base[line]!, quantity, whole),
      code,
      sequence: basket.sequence[line]!,
    });
    pools.set(rule, pool);
    if (row) unitsByKey.set(code, (unitsByKey.get(code) ?? 0) + quantity);
    unitsByKey.set(null, (unitsByKey.get(null) ?? 0) + quantity);
  }
  const merged = mergeResults([...pools].map(([rule, pool]) => itemPool(rule, pool, Infinity, true)));
  return merged.total > 0 ? { ...merged, units: unitsByKey.get(null) ?? 0, unitsByKey } : undefined;
}

/** Every line a combo's groups name, trigger or discount (what its result depends on). */
export function comboLines(campaign: PreparedCampaign, basket: ComboBasket): number[] {
  const combo = campaign.combo;
  if (!combo) return [];
  const lines = new Set<number>();
  for (const group of [...combo.chains.flat(), ...combo.discount])
    for (const item of group.items) for (const l of itemLines(item, basket)) lines.add(l);
  return sortIfNeeded([...lines], (a, b) => a - b);
}
