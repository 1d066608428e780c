import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, capAmounts, mulDivFloor, mulDivRound } from './arithmetic';

describe('engine arithmetic', () => {
  it('rounds half up, exactly, beyond 2^53 too', () => {
    expect(mulDivRound(106, 1000, 10_000)).toBe(11);
    expect(mulDivRound(105, 1000, 10_000)).toBe(11);
    expect(mulDivRound(104, 1000, 10_000)).toBe(10);
    expect(mulDivRound(9_999_999_999, 99_999_999, 1000)).toBe(999_999_989_900_000);
    expect(mulDivFloor(2 ** 40, 2 ** 20, 3)).toBe(Number(2n ** 60n / 3n));
  });

  it('agrees with BigInt arithmetic', () => {
    const int = fc.integer({ min: 0, max: 2 ** 40 });
    fc.assert(
      fc.property(int, int, fc.integer({ min: 1, max: 2 ** 40 }), (a, b, c) => {
        const exact = BigInt(a) * BigInt(b);
        const floor = exact / BigInt(c);
        if (floor > BigInt(Number.MAX_SAFE_INTEGER)) return;
        expect(mulDivFloor(a, b, c)).toBe(Number(floor));
        expect(mulDivRound(a, b, c)).toBe(Number((2n * exact + BigInt(c)) / (2n * BigInt(c))));
      }),
    );
  });

  it('splits an amount by largest remainder: shares add up exactly and none exceeds its weight', () => {
    expect(allocate(1500, [2200, 1400, 4300, 750])).toEqual([381, 243, 746, 130]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * share);
          const shares = allocate(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });

  it('caps amounts in proportion, and leaves them when within the cap', () => {
    expect(capAmounts([300, 100], 200)).toEqual([150, 50]);
    expect(capAmounts([300, 100], 500)).toEqual([300, 100]);
  });
});
