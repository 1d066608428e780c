/**
 * Integer arithmetic of the promotion engine: centavos and thousandths of a unit never meet a
 * binary fraction. Products such as a line total × a covered quantity (≈ 10^10 × 10^8) pass
 * 2^53, so they fall back to BigInt — only then, because BigInt is ~50× slower.
 */

/** 1 unit in thousandths (quantities are integer thousandths: 0,5 kg = 500). */
export const UNIT = 1000;
/** 100 % in basis points (percentages are integer hundredths of a percent: 12,5 % = 1250). */
export const FULL_PERCENT = 10_000;

/** ⌊a × b / c⌋ for non-negative integers, exact. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (product <= Number.MAX_SAFE_INTEGER) {
    // Float division of exact integers can round up across an integer: correct by one step.
    let q = Math.floor(product / c);
    if (q * c > product) q -= 1;
    else if ((q + 1) * c <= product) q += 1;
    return q;
  }
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** a × b / c rounded half up (the spec's "rounding at 2 places"), for non-negative integers. */
export function mulDivRound(a: number, b: number, c: number): number {
  const doubled = 2 * a * b + c;
  if (doubled <= Number.MAX_SAFE_INTEGER) return mulDivFloor(doubled, 1, 2 * c);
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * Splits `total` in proportion to `weights` by the largest-remainder method: each share is the
 * floor of its exact part, and the centavos left go to the largest remainders (ties to the
 * earlier index). Shares add up to `total` exactly and none exceeds its weight when
 * `total` ≤ Σ weights. All arguments are non-negative integers.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i]!;
  if (total <= 0 || sum <= 0) return new Array<number>(n).fill(0);
  const shares = new Array<number>(n);
  // The remainder of total × w / sum, compared exactly (as numerators over the same `sum`).
  const remainders = new Float64Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    const share = mulDivFloor(total, w, sum);
    shares[i] = share;
    given += share;
    remainders[i] = w > 0 ? remainderOf(total, w, sum, share) : -1;
  }
  let left = total - given;
  if (left > 0)
    for (const i of largestFirst(remainders, sum)) {
      if (left-- === 0) break;
      shares[i]! += 1;
    }
  return shares;
}

/**
 * Indexes by remainder, largest first, ties to the earlier index. Remainder and index packed in
 * one float when exact (remainder < sum, so (sum + 1) × n must stay below 2^53), so the sort is
 * the engine's numeric one instead of a comparator's.
 */
function largestFirst(remainders: Float64Array, sum: number): number[] {
  const n = remainders.length;
  if ((sum + 1) * n < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (remainders[i]! + 1) * n + (n - 1 - i);
    keys.sort();
    const order: number[] = [];
    for (let k = n - 1; k >= 0; k--) order.push(n - 1 - (keys[k]! % n));
    return order;
  }
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
}

/** total × w − share × sum, the remainder numerator; below `sum`, so a safe integer. */
function remainderOf(total: number, w: number, sum: number, share: number): number {
  const product = total * w;
  if (product <= Number.MAX_SAFE_INTEGER) return product - share * sum;
  return Number(BigInt(total) * BigInt(w) - BigInt(share) * BigInt(sum));
}

/**
 * Shrinks `amounts` so that they add up to at most `cap`, in proportion to themselves
 * (largest remainder); unchanged when already within it.
 */
export function capAmounts(amounts: readonly number[], cap: number): number[] {
  const total = amounts.reduce((acc, a) => acc + a, 0);
  if (total <= cap) return [...amounts];
  return allocate(Math.max(0, cap), amounts);
}
