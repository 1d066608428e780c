import { describe, expect, it } from 'vitest';
import {
  allocate,
  BUDGET_SHARDS,
  emptyCounters,
  homeShard,
  remainingOf,
  shardCapacity,
  shardSlices,
  type BudgetCounters,
  type ShardPiece,
} from './budget-shards.model';

const UNIT = 1000;
const units = (n: number) => ({ cents: Infinity, units: n * UNIT });
const used = (perShard: number[], legacy = 0): BudgetCounters => ({
  legacy: { cents: 0, units: legacy * UNIT },
  shards: perShard.map((n) => ({ cents: 0, units: n * UNIT })),
});
const total = (pieces: ShardPiece[] | undefined) =>
  (pieces ?? []).reduce((sum, p) => sum + p.units, 0) / UNIT;

describe('budget shards', () => {
  it('shares a limit out in whole units that add up to it', () => {
    expect(shardSlices(10 * UNIT, UNIT)).toEqual([3, 3, 2, 2].map((n) => n * UNIT));
    expect(shardSlices(2 * UNIT, UNIT)).toEqual([1, 1, 0, 0].map((n) => n * UNIT));
    // A fraction of a unit (weighed goods) stays with the first shard; centavos one by one.
    expect(shardSlices(10_500, UNIT)).toEqual([3500, 3000, 2000, 2000]);
    expect(shardSlices(10_001, 1)).toEqual([2501, 2500, 2500, 2500]);
    expect(shardSlices(Infinity, 1)).toEqual(Array(BUDGET_SHARDS).fill(Infinity));
  });

  it('takes what holds made before the split still keep from the last shards', () => {
    expect(shardCapacity(10 * UNIT, UNIT, 5 * UNIT)).toEqual([3, 2, 0, 0].map((n) => n * UNIT));
    expect(shardCapacity(10 * UNIT, UNIT, 12 * UNIT)).toEqual([0, 0, 0, 0]);
  });

  it('offers the engine everything left on every shard, counting the session’s own hold', () => {
    expect(remainingOf(units(10), used([3, 1, 0, 2]), []).units).toBe(4 * UNIT);
    expect(remainingOf(units(10), used([3, 1, 0, 2]), [{ shard: 0, cents: 0, units: 2 * UNIT }]).units).toBe(
      6 * UNIT,
    );
    expect(remainingOf(units(10), used([0, 0, 0, 0], 7), []).units).toBe(3 * UNIT);
    expect(remainingOf(units(10), emptyCounters(), []).cents).toBeUndefined();
  });

  it('holds on the session’s home shard while it has room', () => {
    const pieces = allocate({ cents: 100, units: UNIT }, units(10), emptyCounters(), [], 'sale-1');
    expect(pieces).toEqual([{ shard: homeShard('sale-1'), cents: 100, units: UNIT }]);
  });

  it('borrows from the other shards when one hold needs more than any shard has left', () => {
    const pieces = allocate({ cents: 0, units: 10 * UNIT }, units(10), emptyCounters(), [], 'big-sale');
    expect(total(pieces)).toBe(10);
    expect(pieces!.map((p) => p.units)).toEqual([3, 3, 2, 2].map((n) => n * UNIT));
    // The last unit of the budget is granted wherever it is.
    const last = allocate({ cents: 0, units: UNIT }, units(10), used([3, 3, 2, 1]), [], 'late-sale');
    expect(last).toEqual([{ shard: 3, cents: 0, units: UNIT }]);
  });

  it('refuses a hold that the shards, as read, cannot take', () => {
    expect(
      allocate({ cents: 0, units: 2 * UNIT }, units(10), used([3, 3, 2, 1]), [], 'late-sale'),
    ).toBeUndefined();
  });

  it('keeps a repeated call on the shards the session already holds', () => {
    const own = [{ shard: 2, cents: 0, units: UNIT }];
    const counters = used([0, 0, 2, 0]);
    expect(allocate({ cents: 0, units: UNIT }, units(10), counters, own, 'sale-with-hold')).toEqual(own);
  });

  it('never lets the shards hold more than the limit, whatever the sessions ask', () => {
    const counters = emptyCounters();
    let granted = 0;
    for (let i = 0; i < 200; i++) {
      const want = 1 + (i % 4);
      const pieces = allocate({ cents: 0, units: want * UNIT }, units(10), counters, [], `s-${i}`);
      if (!pieces) continue;
      for (const p of pieces) counters.shards[p.shard]!.units += p.units;
      granted += total(pieces);
    }
    expect(granted).toBe(10);
    expect(counters.shards.map((s) => s.units)).toEqual(shardSlices(10 * UNIT, UNIT));
  });
});
