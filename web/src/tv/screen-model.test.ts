import { describe, expect, it } from 'vitest';
import type { TvScreen, TvScreenRow } from '@freguesia/shared/schemas/tv';
import {
  cacheKey,
  readCached,
  rowsPerPage,
  shelfPrice,
  slidesOf,
  tokenOf,
  writeCached,
} from './screen-model';

const row = (code: string, type: 1 | 2 = 1): TvScreenRow => ({
  code,
  description: `P${code}`,
  qt_packing: 1,
  url: '',
  type,
  now: 100,
  before: null,
  kind: 'regular',
});

describe('TV display page model', () => {
  it('alternates pages of normal rows with one banner per full-screen row', () => {
    const rows = [row('1'), row('2', 2), row('3'), row('4'), row('5', 2), row('6', 2)];
    const slides = slidesOf(rows, 2);
    expect(
      slides.map((s) => (s.kind === 'page' ? s.rows.map((r) => r.code).join('+') : `B${s.row.code}`)),
    ).toEqual(['1+3', 'B2', '4', 'B5', 'B6']);
    expect(slidesOf([], 8)).toEqual([]);
  });

  it('fits 4 to 10 rows a page to the screen height', () => {
    expect(rowsPerPage(1080)).toBe(9);
    expect(rowsPerPage(720)).toBe(6);
    expect(rowsPerPage(2160)).toBe(10);
    expect(rowsPerPage(200)).toBe(4);
  });

  it('writes prices as the shelf does', () => {
    expect(shelfPrice(199)).toBe('R$ 1,99');
    expect(shelfPrice(123456)).toBe('R$ 1.234,56');
    expect(shelfPrice(5)).toBe('R$ 0,05');
  });

  it('reads the token from the fragment and keeps the cache per token', () => {
    const token = `12.3.${'a'.repeat(43)}`;
    expect(tokenOf(`#${token}`)).toBe(token);
    const screen: TvScreen = { title: 'T', store: 'S', rotate_seconds: 8, version: 'v', rows: [row('1')] };
    const raw = writeCached(token, screen, 5);
    expect(readCached(raw, token)).toEqual({ screen, at: 5 });
    // A revoked token's copy is not shown under a new token of the same screen.
    expect(cacheKey(`12.3.${'b'.repeat(43)}`)).toBe(cacheKey(token));
    expect(readCached(raw, `12.3.${'b'.repeat(43)}`)).toBeUndefined();
    expect(readCached('{broken', token)).toBeUndefined();
  });
});
