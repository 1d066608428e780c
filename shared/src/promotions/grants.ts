import { UNIT } from './arithmetic';
import { comboGrant, comboLines } from './combo';
import {
  capResult,
  compact,
  itemPool,
  mergeResults,
  sortIfNeeded,
  isTicketDynamic,
  splitTicket,
  ticketAmount,
  ticketPool,
  type PoolLine,
  type PoolResult,
} from './dynamics';
import type { Evaluation } from './evaluation';
import type { PreparedCampaign } from './types';

/**
 * What one campaign gives a basket at this point of the evaluation (a grant): its pools by type,
 * the dynamics on them, then its caps — per product row (limit, units and money budgets) and per
 * campaign (value_max_deduct, budgets).
 */

export interface Grant extends PoolResult {
  campaign: PreparedCampaign;
  /** Consumption units per key (a row's code; null = the campaign). */
  unitsByKey: Map<string | null, number>;
  /**
   * Every line the grant depends on (its candidates before any filter): when none of them
   * changed price or was taken, evaluating the campaign again gives the same grant.
   */
  touched: readonly number[];
  /**
   * A ticket amount not yet split over its lines (`participants`, at these prices and
   * quantities; `lines` and `amounts` empty until {@link split}): most ticket candidates are
   * only compared, never applied, and the split is the costly part.
   */
  unsplit?: { bases: number[]; quantities: number[] };
}

/** Splits a ticket grant over its lines, once. */
export function split(grant: Grant): Grant {
  if (grant.unsplit) {
    const part = splitTicket(grant.participants, grant.unsplit.bases, grant.unsplit.quantities, grant.total);
    grant.unsplit = undefined;
    grant.lines = part.lines;
    grant.amounts = part.amounts;
    grant.covered = part.covered;
  }
  return grant;
}

/** A grant (one literal, so that all grants share one hidden class). */
function makeGrant(
  campaign: PreparedCampaign,
  result: PoolResult | undefined,
  unitsByKey: Map<string | null, number>,
  touched: readonly number[],
  unsplit?: Grant['unsplit'],
): Grant {
  return {
    campaign,
    lines: result?.lines ?? [],
    amounts: result?.amounts ?? [],
    covered: result?.covered ?? [],
    participants: result?.participants ?? [],
    units: result?.units ?? 0,
    total: result?.total ?? 0,
    unitsByKey,
    touched,
    unsplit,
  };
}

function poolOf(ev: Evaluation, indexes: Iterable<number>, usable: (i: number) => boolean): PoolLine[] {
  const pool: PoolLine[] = [];
  for (const i of indexes) {
    const line = ev.lines[i]!;
    if (usable(i) && ev.running[i]! > 0)
      pool.push({
        index: i,
        quantity: line.quantity,
        base: ev.running[i]!,
        code: line.code,
        sequence: line.sequence,
      });
  }
  return pool;
}

/** What the campaign gives the lines `usable` lets it use, at the running price (total 0: nothing). */
export function grantOf(c: PreparedCampaign, ev: Evaluation, usable: (i: number) => boolean): Grant {
  const can = (i: number) => usable(i) && !(c.ignoreOnOffer && ev.lines[i]!.onOffer);
  let unitsLeft = ev.left(c, null, 'units');
  const unitsByKey = new Map<string | null, number>();
  let result: PoolResult;
  const touched = touchedBy(c, ev);
  if (c.type === 'D') {
    const parts: PoolResult[] = [];
    // Rows in code order (the units budget is used up in that order), only those in the basket.
    for (const code of ev.codesHit[c.index] ?? []) {
      const row = c.rows.get(code)!;
      const rowLines = ev.byCode.get(code)!;
      const pool = poolOf(ev, rowLines, can);
      if (pool.length === 0) continue;
      const part = itemPool(
        row.rule,
        pool,
        Math.min(row.limit, ev.left(c, code, 'units'), unitsLeft),
        c.repeat,
      );
      if (part.total === 0) continue;
      capResult(part, ev.left(c, code, 'amount'));
      // No money left for this product: nothing was sold under the promotion either.
      if (part.total === 0) continue;
      unitsLeft -= part.units;
      unitsByKey.set(code, part.units);
      parts.push(part);
    }
    result = mergeResults(parts);
  } else if (c.type === 'DG') {
    const codeLeft = (code: string) => {
      const row = c.rows.get(code);
      return row ? Math.min(row.limit, ev.left(c, code, 'units')) : Infinity;
    };
    const combo = comboGrant(c, ev.basket, can, { codeLeft, totalLeft: unitsLeft }, c.repeat);
    if (!combo) return makeGrant(c, undefined, unitsByKey, touched);
    for (const [key, units] of combo.unitsByKey) unitsByKey.set(key, units);
    for (const [code, at] of positionsByRow(c, ev, combo.lines)) {
      const left = ev.left(c, code, 'amount');
      if (left > 0) continue;
      // No money left for this product: its units leave the combo's grant.
      capResult(combo, 0, at);
      combo.units -= unitsByKey.get(code) ?? 0;
      unitsByKey.delete(code);
    }
    for (const [code, at] of positionsByRow(c, ev, combo.lines))
      capResult(combo, ev.left(c, code, 'amount'), at);
    result = combo;
  } else {
    const factor = c.type === 'DBP' ? (c.payments.get(ev.input.payment_method!) ?? UNIT) : UNIT;
    if (c.level === 'ticket' && isTicketDynamic(c.rule!.dynamic)) {
      // Only the pool's sums decide the amount: no pool objects for a mere candidate.
      const lines: number[] = [];
      const unsplit = { bases: [] as number[], quantities: [] as number[] };
      let subtotal = 0;
      for (const i of touched) {
        const base = ev.running[i]!;
        if (base <= 0 || !can(i)) continue;
        lines.push(i);
        unsplit.bases.push(base);
        unsplit.quantities.push(ev.lines[i]!.quantity);
        subtotal += base;
      }
      // A ticket discount covers the whole ticket: it cannot be cut down to a units budget.
      const units = unsplit.quantities.reduce((sum, q) => sum + q, 0);
      const amount = lines.length === 0 ? 0 : ticketAmount(c.rule!, subtotal, units, factor);
      const total = Math.min(amount, c.maxDeduct, ev.left(c, null, 'amount'));
      if (total <= 0 || units > unitsLeft) return makeGrant(c, undefined, unitsByKey, touched);
      unitsByKey.set(null, units);
      const lazy = { lines: [], amounts: [], covered: [], participants: lines, units, total };
      return makeGrant(c, lazy, unitsByKey, touched, unsplit);
    }
    const pool = poolOf(ev, touched, can);
    result =
      c.level === 'ticket'
        ? ticketPool(c.rule!, pool, factor, c.repeat)
        : itemPool(c.rule!, pool, unitsLeft, c.repeat);
    if (result.units > unitsLeft) return makeGrant(c, undefined, unitsByKey, touched);
  }
  if (result.total === 0) return makeGrant(c, undefined, unitsByKey, touched);
  const grant = makeGrant(c, result, unitsByKey, touched);
  unitsByKey.set(null, result.units);
  capResult(grant, Math.min(c.maxDeduct, ev.left(c, null, 'amount')));
  compact(grant);
  return grant;
}

/**
 * The lines a campaign's grant depends on: the same for the whole evaluation, so worked out once
 * per campaign (a campaign may be evaluated several times: simulated, chosen, applied).
 */
function touchedBy(c: PreparedCampaign, ev: Evaluation): readonly number[] {
  const cached = ev.touched[c.index];
  if (cached) return cached;
  let lines: readonly number[];
  if (c.type === 'D') lines = sortedUnion(ev.codesHit[c.index] ?? [], ev.byCode);
  else if (c.type === 'DG') lines = comboLines(c, ev.basket);
  else if (c.type === 'DC') lines = sortedUnion(c.categories, ev.byCategory);
  else if (c.type === 'DBRANDS') lines = sortedUnion(c.brands, ev.byBrand);
  else lines = ev.allLines;
  ev.touched[c.index] = lines;
  return lines;
}

function sortedUnion<K>(keys: readonly K[], lines: ReadonlyMap<K, readonly number[]>): number[] {
  if (keys.length === 1) return [...(lines.get(keys[0]!) ?? [])];
  const out = new Set<number>();
  for (const key of keys) for (const i of lines.get(key) ?? []) out.add(i);
  return sortIfNeeded([...out], (a, b) => a - b);
}

/** Positions of the grant's lines by the product row they fall under. */
function positionsByRow(
  c: PreparedCampaign,
  ev: Evaluation,
  lines: readonly number[],
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  lines.forEach((i, k) => {
    const code = ev.lines[i]!.code;
    if (c.rows.has(code)) out.set(code, [...(out.get(code) ?? []), k]);
  });
  return out;
}
