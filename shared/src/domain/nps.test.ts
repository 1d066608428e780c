import { describe, expect, it } from 'vitest';
import { classify, fromBase62, npsScore, toBase62 } from './nps';

describe('NPS rules', () => {
  it('classifies below 7 detractor, 7 to 8 passive, 9 to 10 promoter', () => {
    expect([0, 6, 7, 8, 9, 10].map(classify)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('scores promoter % minus detractor %, 2 decimals', () => {
    expect(npsScore({ promoter: 2, passive: 0, detractor: 1 })).toBe(33.33);
    expect(npsScore({ promoter: 1, passive: 1, detractor: 1 })).toBe(0);
    expect(npsScore({ promoter: 0, passive: 0, detractor: 0 })).toBe(0);
    expect(npsScore({ promoter: 0, passive: 3, detractor: 1 })).toBe(-25);
  });

  it('round-trips ids through base 62', () => {
    for (const n of [1, 61, 62, 3843, 123_456_789, Number.MAX_SAFE_INTEGER])
      expect(fromBase62(toBase62(n))).toBe(n);
    expect(fromBase62('a-b')).toBeUndefined();
  });
});
