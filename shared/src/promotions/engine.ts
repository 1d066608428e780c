import { localDay } from '../domain/dates';
import type { DiscountType, Dynamic } from '../schemas/campaign';
import { mulDivRound, UNIT } from './arithmetic';
import { budgetKey, eligible, Evaluation, indexLines, normalizeLines } from './evaluation';
import { sortIfNeeded } from './dynamics';
import { grantOf, split, type Grant } from './grants';
import { dayNumber } from './prepare';
import type {
  EvaluationInput,
  EvaluationResult,
  Level,
  LineResult,
  PreparedCampaign,
  PreparedCampaigns,
  TicketDiscount,
} from './types';

/**
 * The promotion engine: which discounts a basket gets from the prepared campaigns. Pure and
 * deterministic — the instant is an input, and neither the order of the lines nor of the
 * campaigns changes the answer (lines are taken by sequence, campaigns by id).
 *
 * Stacking (README 'Stacking'): item-level campaigns (D, DC, DBRANDS, DG) run before ticket-level
 * ones (DB, DBP), each level on the prices the previous left. Within a level:
 * 1. the cumulative campaigns (`can_accumulate` 'Y') are tried in id order on the running price,
 *    to know what each line would get from them;
 * 2. the exclusive ones (`can_accumulate` 'N') are taken greedily, the largest gain for the
 *    customer first (its discount minus the cumulative discount of the lines it would take; ties
 *    to the lower id); a line taken by an exclusive campaign gets nothing else, at any level;
 * 3. the cumulative campaigns then apply, in id order, on the running price of the lines left.
 * At the ticket level an exclusive campaign only takes lines that have no discount yet.
 */

const dynamicOf = (c: PreparedCampaign, code: string): Dynamic => c.rows.get(code)?.rule.dynamic ?? c.dynamic;

function apply(ev: Evaluation, unsplit: Grant, level: Level): void {
  const grant = split(unsplit);
  const c = grant.campaign;
  const allocation: TicketDiscount['allocation'] = [];
  const byCode = new Map<string, number>();
  grant.lines.forEach((i, k) => {
    const amount = grant.amounts[k]!;
    const line = ev.lines[i]!;
    ev.running[i]! -= amount;
    ev.discounted[i] = true;
    ev.coveredMax[i] = Math.max(ev.coveredMax[i]!, grant.covered[k]!);
    ev.applied[i]!.push({
      campaign_id: c.id,
      type: c.type,
      dynamic: dynamicOf(c, line.code),
      level,
      amount_cents: amount,
    });
    if (level === 'ticket') allocation.push({ sequence: line.sequence, amount_cents: amount });
    if (c.rows.has(line.code)) byCode.set(line.code, (byCode.get(line.code) ?? 0) + amount);
  });
  if (level === 'ticket')
    ev.ticket.push({
      campaign_id: c.id,
      type: c.type,
      dynamic: c.dynamic,
      amount_cents: grant.total,
      allocation,
    });
  const consume = (code: string | null, units: number, amount: number) => {
    const key = budgetKey(c.id, code);
    const entry = ev.consumption.get(key) ?? { campaign_id: c.id, code, units: 0, amount_cents: 0 };
    entry.units += units;
    entry.amount_cents += amount;
    ev.consumption.set(key, entry);
  };
  consume(null, grant.unitsByKey.get(null) ?? 0, grant.total);
  for (const [code, units] of grant.unitsByKey)
    if (code !== null) consume(code, units, byCode.get(code) ?? 0);
}

/** Whether two grants take the same amounts from the same lines. */
function sameAmounts(a: Grant, b: Grant): boolean {
  split(a);
  split(b);
  return (
    a.lines.length === b.lines.length &&
    a.lines.every((line, k) => b.lines[k] === line && b.amounts[k] === a.amounts[k])
  );
}

/** One level: cumulative campaigns estimated, exclusive ones chosen greedily, cumulative ones applied. */
function runLevel(ev: Evaluation, level: Level, candidates: readonly PreparedCampaign[]): void {
  const n = ev.lines.length;
  ev.levelClaimed.fill(false);
  const free = (i: number) => ev.lines[i]!.valid && !ev.itemClaimed[i] && !ev.levelClaimed[i];
  const forExclusive = level === 'ticket' ? (i: number) => free(i) && !ev.discounted[i] : free;
  const cumulative = candidates.filter((c) => !c.exclusive);
  const exclusive = candidates.filter((c) => c.exclusive);
  const simulated = new Map<PreparedCampaign, Grant>();

  if (exclusive.length > 0) {
    // 1. What the cumulative campaigns would give each line (on a scratch copy of the prices).
    const stack = new Array<number>(n).fill(0);
    if (cumulative.length > 0) {
      const saved = [...ev.running];
      for (const c of cumulative) {
        const g = split(grantOf(c, ev, free));
        simulated.set(c, g);
        g.lines.forEach((i, k) => {
          ev.running[i]! -= g.amounts[k]!;
          stack[i]! += g.amounts[k]!;
        });
      }
      saved.forEach((v, i) => (ev.running[i] = v));
    }
    // 2. Exclusive campaigns, the largest gain first. A candidate is re-evaluated when it comes
    // on top after a line it depends on was taken (claimedAt: the round that took each line).
    const claimedAt = new Int32Array(n);
    let round = 0;
    const gainOf = (g: Grant) => g.total - g.participants.reduce((s, i) => s + stack[i]!, 0);
    let pending = exclusive
      .map((c) => {
        const grant = grantOf(c, ev, forExclusive);
        return { grant, gain: gainOf(grant), round };
      })
      .filter((e) => e.gain > 0);
    for (;;) {
      let best = -1;
      for (let k = 0; k < pending.length; k++)
        if (pending[k]!.gain > 0 && (best < 0 || pending[k]!.gain > pending[best]!.gain)) best = k;
      if (best < 0) break;
      const entry = pending[best]!;
      if (entry.grant.touched.some((i) => claimedAt[i]! > entry.round)) {
        entry.grant = grantOf(entry.grant.campaign, ev, forExclusive);
        entry.gain = gainOf(entry.grant);
        entry.round = round;
        continue;
      }
      apply(ev, entry.grant, level);
      round += 1;
      for (const i of entry.grant.participants) {
        ev.levelClaimed[i] = true;
        claimedAt[i] = round;
      }
      entry.gain = 0;
      pending = pending.filter((e) => e.gain > 0);
    }
  }
  // 3. Cumulative campaigns on the running price of what is left. A simulated grant still holds
  // when none of its lines changed since: taken by an exclusive campaign, or given a different
  // amount by an earlier cumulative one.
  const changed = [...ev.levelClaimed];
  for (const c of cumulative) {
    const before = simulated.get(c);
    const reusable = before !== undefined && !before.touched.some((i) => changed[i]);
    const g = reusable ? before : grantOf(c, ev, free);
    if (!reusable && before && !sameAmounts(before, g))
      for (const i of [...before.lines, ...g.lines]) changed[i] = true;
    if (g.total > 0) apply(ev, g, level);
  }
  if (level === 'item') ev.levelClaimed.forEach((claimed, i) => (ev.itemClaimed[i] = claimed));
}

/**
 * Evaluates a basket against prepared campaigns (see {@link prepareCampaigns}): the discount of
 * each line with the campaigns that gave it, the ticket-level discounts with their split over
 * the lines, the totals and the budget consumption to reserve. `types` restricts the campaign
 * types considered (e.g. ['DBP'] when only the payment method's discount is asked).
 */
export function evaluate(
  prepared: PreparedCampaigns,
  input: EvaluationInput,
  types?: readonly DiscountType[],
): EvaluationResult {
  const lines = normalizeLines(input);
  const ev = new Evaluation(
    lines,
    input,
    indexLines(lines, (l) => [l.code]),
    indexLines(lines, (l) => l.categories),
    indexLines(lines, (l) => (l.brand === null ? [] : [l.brand])),
    indexLines(lines, (l) => (l.groupCode === null ? [] : [l.groupCode])),
  );
  const day = dayNumber(localDay(input.at));
  const vouchers = new Set((input.vouchers ?? []).map((v) => v.trim().toUpperCase()));
  const only = types ? new Set(types) : undefined;

  const seen = new Uint8Array(prepared.campaigns.length);
  const mark = (list: readonly number[] | undefined) => {
    if (list) for (const i of list) seen[i] = 1;
  };
  for (const line of lines) {
    if (!line.valid) continue;
    const byCode = prepared.byCode.get(line.code);
    mark(byCode);
    for (const i of byCode ?? []) {
      const hit = (ev.codesHit[i] ??= []);
      if (!hit.includes(line.code)) hit.push(line.code);
    }
    if (line.groupCode !== null) mark(prepared.byGroupCode.get(line.groupCode));
    for (const category of line.categories) mark(prepared.byCategory.get(category));
    if (line.brand !== null) mark(prepared.byBrand.get(line.brand));
  }
  mark(prepared.ticketByStore.get(input.store_id));
  // Marked, then read in index order: the candidates come out sorted by campaign id.
  const active: PreparedCampaign[] = [];
  for (let i = 0; i < seen.length; i++) {
    if (!seen[i]) continue;
    const c = prepared.campaigns[i]!;
    if ((!only || only.has(c.type)) && eligible(c, ev, day, vouchers)) active.push(c);
    const hit = ev.codesHit[i];
    if (hit && hit.length > 1) sortIfNeeded(hit, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  runLevel(
    ev,
    'item',
    active.filter((c) => c.level === 'item'),
  );
  runLevel(
    ev,
    'ticket',
    active.filter((c) => c.level === 'ticket'),
  );
  return resultOf(ev);
}

function resultOf(ev: Evaluation): EvaluationResult {
  const out: LineResult[] = ev.lines.map((line) => {
    const discount = line.valid ? line.total - ev.running[line.index]! : 0;
    const covered = ev.coveredMax[line.index]!;
    return {
      sequence: line.sequence,
      code: line.code,
      quantity: line.quantity,
      total_cents: line.total,
      discount_cents: discount,
      discount_quantity: covered,
      unit_discount_cents: covered > 0 ? mulDivRound(discount, UNIT, covered) : 0,
      total_with_discount_cents: line.total - discount,
      applied: ev.applied[line.index]!,
    };
  });
  const subtotal = ev.lines.reduce((s, l) => s + (l.valid ? l.total : 0), 0);
  const discount = out.reduce((s, l) => s + l.discount_cents, 0);
  const consumption = [...ev.consumption.values()].sort(
    (a, b) =>
      a.campaign_id - b.campaign_id ||
      (a.code === null ? -1 : b.code === null ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  return {
    lines: out,
    ticket: ev.ticket,
    subtotal_cents: subtotal,
    total_discount_cents: discount,
    total_cents: subtotal - discount,
    consumption,
  };
}
