import { describe, expect, it } from 'vitest';
import { pageFromParam, pageWithin } from './use-server-list';

describe('list position', () => {
  it('reads only a positive whole page from the URL', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('-4')).toBe(1);
    expect(pageFromParam('2.7')).toBe(2);
  });

  it('moves to the last page when the one shown no longer exists', () => {
    // 41 rows at 20 per page: 3 pages; deleting the 41st leaves 2.
    expect(pageWithin(3, 40, 20)).toBe(2);
    expect(pageWithin(3, 41, 20)).toBe(3);
    expect(pageWithin(7, 0, 20)).toBe(1);
    expect(pageWithin(1, 0, 20)).toBe(1);
  });
});
