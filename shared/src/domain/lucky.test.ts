import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earnedNumbers,
  formatLuckyNumber,
  parseLuckyNumber,
  permutationStep,
  planSteps,
  SERIES_SIZE,
  SparsePermutation,
  touchedPositions,
  winningElement,
} from './lucky';

/** Upper-tail critical values of chi-square at p = 0.001 (NIST/SEMATECH table). */
const CHI2_999: Record<number, number> = { 9: 27.877, 99: 148.23 };

const chiSquare = (counts: number[], expected: number) =>
  counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);

describe('lucky numbers: the number space', () => {
  it('formats SS-NNNNN with zero-padded series and element, and reads it back', () => {
    expect(formatLuckyNumber(0)).toBe('00-00000');
    expect(formatLuckyNumber(99_999)).toBe('00-99999');
    expect(formatLuckyNumber(100_000)).toBe('01-00000');
    expect(formatLuckyNumber(9_999_999)).toBe('99-99999');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * SERIES_SIZE - 1 }), (v) => {
        expect(parseLuckyNumber(formatLuckyNumber(v))).toBe(v);
      }),
    );
  });

  it('earns floor(total / value), carrying the rest only when the campaign accumulates', () => {
    expect(earnedNumbers(12_500, 5_000, 0, false)).toEqual({ earned: 2, carry: 0 });
    expect(earnedNumbers(3_000, 5_000, 0, true)).toEqual({ earned: 0, carry: 3_000 });
    expect(earnedNumbers(3_000, 5_000, 3_000, true)).toEqual({ earned: 1, carry: 1_000 });
    expect(earnedNumbers(3_000, 5_000, 3_000, false)).toEqual({ earned: 0, carry: 0 });
  });

  it('reads the winning element from the last five digits of the 1st prize', () => {
    expect(winningElement('12345')).toBe(12345);
    expect(winningElement('012345')).toBe(12345);
    expect(winningElement('1234')).toBeUndefined();
  });
});

describe('lucky numbers: the allocator (sparse Fisher–Yates)', () => {
  it('issues every value of the space exactly once, then reports exhaustion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer(), (size, seed) => {
        let state = seed >>> 0 || 1;
        const pick = (from: number, to: number) => {
          state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
          return from + (state % (to - from));
        };
        const perm = new SparsePermutation(size, pick);
        const seen = new Set<number>();
        for (let i = 0; i < size; i++) {
          const v = perm.next();
          expect(v).toBeDefined();
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThan(size);
          seen.add(v!);
        }
        expect(seen.size).toBe(size);
        expect(perm.next()).toBeUndefined();
        expect(perm.stored).toBe(0);
      }),
    );
  });

  it('never gives one value to two concurrent issuers: interleaved steps against one shared state stay a permutation', () => {
    // The DynamoDB allocator serialises steps on the pool's counter (a conditional transaction);
    // an issuer whose step lost the race reads the new state and picks again. Modelled here: each
    // issuer reads (n, slots), picks r, and commits only if n is still current.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.array(fc.tuple(fc.nat(7), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })), {
          minLength: 1,
          maxLength: 2_000,
        }),
        (size, schedule) => {
          const slots = new Map<number, number>();
          let issued = 0;
          const pending = new Map<number, { n: number; r: number; slotR?: number; slotN?: number }>();
          const values: number[] = [];
          for (const [issuer, u] of schedule) {
            const read = pending.get(issuer);
            if (!read) {
              if (issued >= size) continue;
              const r = issued + Math.floor(u * (size - issued));
              pending.set(issuer, { n: issued, r, slotR: slots.get(r), slotN: slots.get(issued) });
              continue;
            }
            pending.delete(issuer);
            if (read.n !== issued) continue; // the conditional write fails: read again next turn
            const { value, moved } = permutationStep(read.n, read.r, read.slotR, read.slotN);
            if (moved !== undefined) slots.set(read.r, moved);
            slots.delete(read.n);
            issued++;
            values.push(value);
          }
          expect(new Set(values).size).toBe(values.length);
          expect(values.every((v) => v >= 0 && v < size)).toBe(true);
        },
      ),
    );
  });

  it('issues k steps at once exactly as k single steps (the batched transaction)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
          minLength: 400,
          maxLength: 400,
        }),
        (size, batches, draws) => {
          let u = 0;
          const next = () => draws[u++ % draws.length]!;
          const single = new SparsePermutation(size, (from, to) => from + Math.floor(next() * (to - from)));
          const expected: number[] = [];
          for (let i = 0; i < size; i++) expected.push(single.next()!);
          u = 0;
          const slots = new Map<number, number>();
          const got: number[] = [];
          let n = 0;
          for (const k of [...batches, size]) {
            const take = Math.min(k, size - n);
            if (take <= 0) break;
            const picks = Array.from({ length: take }, (_, i) => n + i + Math.floor(next() * (size - n - i)));
            const stored = new Map(
              touchedPositions(n, picks).flatMap((p) => (slots.has(p) ? [[p, slots.get(p)!] as const] : [])),
            );
            const { values, writes } = planSteps(n, picks, stored);
            for (const [pos, value] of writes) {
              if (value === null) slots.delete(pos);
              else slots.set(pos, value);
            }
            got.push(...values);
            n += take;
          }
          expect(got).toEqual(expected);
          expect(slots.size).toBe(0);
        },
      ),
    );
  });

  it('is uniform: chi-square over the series and over each digit of 100,000 draws from 10 series', () => {
    const perm = new SparsePermutation(10 * SERIES_SIZE);
    const series = Array<number>(10).fill(0);
    const digits = Array.from({ length: 5 }, () => Array<number>(10).fill(0));
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const v = perm.next()!;
      series[Math.floor(v / SERIES_SIZE)]!++;
      const element = String(v % SERIES_SIZE).padStart(5, '0');
      for (let d = 0; d < 5; d++) digits[d]![Number(element[d])]!++;
    }
    // Without replacement from a finite space the counts vary less than with replacement, so the
    // multinomial chi-square is conservative; p = 0.001 keeps a false alarm to 1 run in 1,000 per test.
    expect(chiSquare(series, draws / 10)).toBeLessThan(CHI2_999[9]!);
    for (const column of digits) expect(chiSquare(column, draws / 10)).toBeLessThan(CHI2_999[9]!);
  });

  it('is uniform over the pair of last two digits and fills one series completely with no duplicate', () => {
    const perm = new SparsePermutation(SERIES_SIZE);
    const pairs = Array<number>(100).fill(0);
    const firstHalf = 50_000;
    const seen = new Uint8Array(SERIES_SIZE);
    for (let i = 0; i < SERIES_SIZE; i++) {
      const v = perm.next()!;
      expect(seen[v]).toBe(0);
      seen[v] = 1;
      if (i < firstHalf) pairs[v % 100]!++;
    }
    expect(perm.next()).toBeUndefined();
    expect(chiSquare(pairs, firstHalf / 100)).toBeLessThan(CHI2_999[99]!);
  });

  it('a biased allocator fails the same chi-square (the test can fail)', () => {
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[Math.min(9, Math.floor(Math.random() ** 1.1 * 10))]!++;
    expect(chiSquare(counts, 10_000)).toBeGreaterThan(CHI2_999[9]!);
  });
});
