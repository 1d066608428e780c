import { describe, expect, it } from 'vitest';
import { countTile, mapUnavailable, NO_TILES } from './tile-status';

describe('map tile status', () => {
  it('is unavailable when tiles fail and none loaded', () => {
    const counts = ['tileerror', 'tileerror'].reduce((c, e) => countTile(c, e as 'tileerror'), NO_TILES);
    expect(mapUnavailable(counts)).toBe(true);
  });

  it('is available before any tile event and when some tiles loaded', () => {
    expect(mapUnavailable(NO_TILES)).toBe(false);
    const mixed = countTile(countTile(NO_TILES, 'tileerror'), 'tileload');
    expect(mapUnavailable(mixed)).toBe(false);
  });
});
