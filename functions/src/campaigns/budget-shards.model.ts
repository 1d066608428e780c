/**
 * Budgets split into sub-counters (pure, no I/O). A budget (`budget`, `budget_limit` of a
 * product, `info.budget` of a campaign) is counted on `BUDGET_SHARDS` items, each holding a fixed
 * slice of the limit; a checkout holds on the shard its session hashes to and borrows from the
 * others when that one has too little left, so simultaneous checkouts rarely write the same item
 * while every unit stays grantable:
 *
 * - never more than the limit: each shard's write is conditioned on its own slice and the slices
 *   add up to the limit;
 * - never less while some remains: what the engine may grant is the sum of what every shard has
 *   left, and a hold larger than one shard's rest is split over several shards (one transaction).
 *
 * Holds made before the split sit on the budget's original item (the legacy counter). New holds
 * never go there, it only goes down (released or replaced sessions), and what it still holds is
 * taken from the shards' capacity from the last shard backwards, so legacy + shards stay within
 * the limit (each shard's capacity only grows as the legacy counter drains).
 */

/** Sub-counters per budget. */
export const BUDGET_SHARDS = 4;

/** A budget amount: centavos of discount and thousandths of a unit. */
export interface Amount {
  cents: number;
  units: number;
}

/** Part of a session's hold written on one shard. */
export interface ShardPiece extends Amount {
  shard: number;
}

/** The budget's counters as read: the legacy item and each shard's used amount. */
export interface BudgetCounters {
  legacy: Amount;
  shards: Amount[];
}

export const emptyCounters = (): BudgetCounters => ({
  legacy: { cents: 0, units: 0 },
  shards: Array.from({ length: BUDGET_SHARDS }, () => ({ cents: 0, units: 0 })),
});

/**
 * The fixed slices of a limit: whole `grain`s shared out as evenly as possible (the first shards
 * get the extra grains, shard 0 what is left below one grain). Infinity stays Infinity.
 */
export function shardSlices(limit: number, grain: number, shards = BUDGET_SHARDS): number[] {
  if (!Number.isFinite(limit)) return Array.from({ length: shards }, () => Infinity);
  const total = Math.max(0, limit);
  const grains = Math.floor(total / grain);
  const base = Math.floor(grains / shards);
  const extra = grains % shards;
  const slices = Array.from({ length: shards }, (_, i) => (base + (i < extra ? 1 : 0)) * grain);
  slices[0]! += total - grains * grain;
  return slices;
}

/** Units are sliced in whole units when the limit is whole units; centavos one by one. */
export const unitsGrain = (limit: number): number =>
  Number.isFinite(limit) && limit % 1000 === 0 ? 1000 : 1;

/**
 * What each shard may hold in all: its slice, less what the legacy counter still holds (taken
 * from the last shard backwards).
 */
export function shardCapacity(limit: number, grain: number, legacyUsed: number): number[] {
  const slices = shardSlices(limit, grain);
  let legacy = Math.max(0, legacyUsed);
  for (let i = slices.length - 1; i >= 0 && legacy > 0; i--) {
    const taken = Math.min(slices[i]!, legacy);
    slices[i]! -= taken;
    legacy -= taken;
  }
  return slices;
}

/** FNV-1a: the shard a session starts from (stable, so its calls land on the same item). */
export function homeShard(session: string, shards = BUDGET_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < session.length; i++) hash = Math.imul(hash ^ session.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/** One dimension of a budget: its limit, the grain of its slices. */
interface Dimension {
  key: keyof Amount;
  limit: number;
  grain: number;
}

const dimensions = (limit: Amount): Dimension[] => [
  { key: 'cents', limit: limit.cents, grain: 1 },
  { key: 'units', limit: limit.units, grain: unitsGrain(limit.units) },
];

/** What this session could hold on each shard: its capacity less the others' holds. */
function freeByShard(dimension: Dimension, counters: BudgetCounters, own: readonly ShardPiece[]): number[] {
  const capacity = shardCapacity(dimension.limit, dimension.grain, counters.legacy[dimension.key]);
  return capacity.map((cap, shard) => {
    const mine = own.filter((p) => p.shard === shard).reduce((sum, p) => sum + p[dimension.key], 0);
    return Math.max(0, cap - (counters.shards[shard]?.[dimension.key] ?? 0) + mine);
  });
}

/** What the engine may grant on a budget for this session (its own hold counts as available). */
export function remainingOf(
  limit: Amount,
  counters: BudgetCounters,
  own: readonly ShardPiece[],
): Partial<Amount> {
  const answer: Partial<Amount> = {};
  for (const dimension of dimensions(limit)) {
    if (!Number.isFinite(dimension.limit)) continue;
    answer[dimension.key] = freeByShard(dimension, counters, own).reduce((sum, free) => sum + free, 0);
  }
  return answer;
}

/**
 * Spreads a new hold over the shards: first where the session already holds (a repeated call
 * writes nothing when its hold did not change), then its home shard, then the shards with the
 * most left. Answers undefined when the shards cannot take it (another checkout took it first).
 */
export function allocate(
  amount: Amount,
  limit: Amount,
  counters: BudgetCounters,
  own: readonly ShardPiece[],
  session: string,
): ShardPiece[] | undefined {
  const home = homeShard(session);
  const pieces = new Map<number, ShardPiece>();
  const piece = (shard: number) =>
    pieces.get(shard) ?? pieces.set(shard, { shard, cents: 0, units: 0 }).get(shard)!;
  const ownOf = (shard: number, key: keyof Amount) =>
    own.filter((p) => p.shard === shard).reduce((sum, p) => sum + p[key], 0);
  // Limited dimensions first; an unlimited one (still counted) then goes with them, on one item.
  for (const dimension of dimensions(limit).sort(
    (a, b) => Number(Number.isFinite(b.limit)) - Number(Number.isFinite(a.limit)),
  )) {
    const need = amount[dimension.key];
    if (need <= 0) continue;
    if (!Number.isFinite(dimension.limit)) {
      const shards = [...Array(BUDGET_SHARDS).keys()];
      const mine = shards.filter((s) => ownOf(s, dimension.key) > 0);
      const target = mine.find((s) => pieces.has(s)) ?? [...pieces.keys()][0] ?? mine[0] ?? home;
      piece(target)[dimension.key] += need;
      continue;
    }
    const free = freeByShard(dimension, counters, own);
    const order = [...free.keys()].sort(
      (a, b) =>
        ownOf(b, dimension.key) - ownOf(a, dimension.key) ||
        Number(b === home) - Number(a === home) ||
        free[b]! - free[a]! ||
        a - b,
    );
    let left = need;
    for (const shard of order) {
      if (left <= 0) break;
      const take = Math.min(left, free[shard]!);
      if (take <= 0) continue;
      piece(shard)[dimension.key] += take;
      left -= take;
    }
    if (left > 0) return undefined;
  }
  return [...pieces.values()].sort((a, b) => a.shard - b.shard);
}

/** Each shard's capacity in both dimensions (the condition of a rise on that shard). */
export function shardCapacities(limit: Amount, counters: BudgetCounters): Amount[] {
  const cents = shardCapacity(limit.cents, 1, counters.legacy.cents);
  const units = shardCapacity(limit.units, unitsGrain(limit.units), counters.legacy.units);
  return cents.map((c, i) => ({ cents: c, units: units[i]! }));
}
