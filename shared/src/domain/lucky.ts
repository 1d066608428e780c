/**
 * Lucky numbers (spec part 2 §2.3, §5, §9): the number space, the allocator's step and the draw
 * rule, as plain functions shared by the server (functions/src/loyalty), the screens and the tests.
 *
 * A campaign of `series_quantity` series owns the values 0 … series_quantity × 100,000 − 1; value
 * v is the number `SS-NNNNN` with series ⌊v / 100,000⌋ and element v mod 100,000, both zero-padded.
 */

/** Numbers per series. */
export const SERIES_SIZE = 100_000;
/** series_quantity 1 to 100. */
export const MAX_SERIES = 100;

/** 'SS-NNNNN' of a value of the space. */
export function formatLuckyNumber(value: number): string {
  const series = Math.floor(value / SERIES_SIZE);
  const element = value % SERIES_SIZE;
  return `${String(series).padStart(2, '0')}-${String(element).padStart(5, '0')}`;
}

/** The value of 'SS-NNNNN', or undefined. */
export function parseLuckyNumber(text: string): number | undefined {
  const m = /^(\d{2})-(\d{5})$/.exec(text.trim());
  return m ? Number(m[1]) * SERIES_SIZE + Number(m[2]) : undefined;
}

/**
 * One step of the sparse Fisher–Yates shuffle. The space [0, size) is a virtual array `slot`
 * where an absent entry i holds i. With `n` values issued, positions [0, n) are spent and
 * [n, size) hold exactly the values not yet issued. Step n picks a position r uniform in
 * [n, size), issues what it holds and moves the value at n into r:
 *
 *   value = slot[r] ?? r;  slot[r] = slot[n] ?? n  (when r ≠ n)
 *
 * so each value still free is issued with probability 1 / (size − n): a uniform draw without
 * replacement, whatever the fill, with two slot reads and at most one slot write per number.
 */
export function permutationStep(
  n: number,
  r: number,
  slotAtR: number | undefined,
  slotAtN: number | undefined,
): { value: number; moved: number | undefined } {
  const value = slotAtR ?? r;
  return { value, moved: r === n ? undefined : (slotAtN ?? n) };
}

/**
 * k consecutive steps from n at once (one DynamoDB transaction issues them): `picks[i]` is the
 * position drawn for step n + i (uniform in [n + i, size)), `stored` the slots read for every
 * position the steps touch (`touchedPositions`). Answers the values issued, in order, and the
 * slot changes to write: a number to put, null to delete (positions spent by the steps).
 */
export function planSteps(
  n: number,
  picks: readonly number[],
  stored: ReadonlyMap<number, number>,
): { values: number[]; writes: Map<number, number | null> } {
  const overlay = new Map<number, number | null>();
  const slot = (pos: number) => {
    const v = overlay.has(pos) ? overlay.get(pos) : stored.get(pos);
    return v === null ? undefined : v;
  };
  const values: number[] = [];
  picks.forEach((r, i) => {
    const step = n + i;
    const { value, moved } = permutationStep(step, r, slot(r), slot(step));
    values.push(value);
    if (moved !== undefined) overlay.set(r, moved);
    overlay.set(step, null);
  });
  const writes = new Map<number, number | null>();
  for (const [pos, value] of overlay) {
    if (value === null) {
      if (stored.has(pos)) writes.set(pos, null);
    } else if (stored.get(pos) !== value) writes.set(pos, value);
  }
  return { values, writes };
}

/** The positions k steps from n read: each pick and each step's own position. */
export const touchedPositions = (n: number, picks: readonly number[]): number[] => [
  ...new Set([...picks, ...picks.map((_, i) => n + i)]),
];

/** The in-memory twin of the DynamoDB allocator (tests, benches): same step, a Map for the slots. */
export class SparsePermutation {
  private readonly slots = new Map<number, number>();
  issued = 0;

  constructor(
    readonly size: number,
    private readonly pick: (from: number, to: number) => number = (from, to) =>
      from + Math.floor(Math.random() * (to - from)),
  ) {}

  /** The next value, or undefined when the space is exhausted. */
  next(): number | undefined {
    const n = this.issued;
    if (n >= this.size) return undefined;
    const r = this.pick(n, this.size);
    const { value, moved } = permutationStep(n, r, this.slots.get(r), this.slots.get(n));
    if (moved !== undefined) this.slots.set(r, moved);
    this.slots.delete(n);
    this.issued = n + 1;
    return value;
  }

  /** Slots held (never more than the values still free that moved). */
  get stored(): number {
    return this.slots.size;
  }
}

/**
 * The draw rule (documented in the README, "Lucky numbers"): the winning element of every series
 * is the last five digits of the Loteria Federal's 1st prize. In each series the winner is the
 * number with that element if it was issued, otherwise the next higher issued number of the
 * series, wrapping around from 99999 to 00000; a series with no issued number has no winner.
 */
export function winningElement(firstPrize: string): number | undefined {
  const digits = firstPrize.replace(/\D/g, '');
  if (digits.length < 5 || digits.length > 6) return undefined;
  return Number(digits.slice(-5));
}

/** Lucky numbers earned by a purchase: ⌊(carried + total) / value⌋ and what is carried on (centavos). */
export function earnedNumbers(
  totalCentavos: number,
  valueCentavos: number,
  carriedCentavos: number,
  canAccumulate: boolean,
): { earned: number; carry: number } {
  if (valueCentavos <= 0 || totalCentavos <= 0)
    return { earned: 0, carry: canAccumulate ? carriedCentavos : 0 };
  const base = totalCentavos + (canAccumulate ? carriedCentavos : 0);
  const earned = Math.floor(base / valueCentavos);
  return { earned, carry: canAccumulate ? base - earned * valueCentavos : 0 };
}
