import { describe, expect, it } from 'vitest';
import { countTile, mapUnavailable, NO_TILES, tileOutcome } from './tile-status';

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

  it('does not count the placeholder of a failed tile loading as a loaded tile', () => {
    const placeholder = 'data:image/gif;base64,AAAA';
    // Leaflet: 'tileerror', then 'tileload' once the error placeholder has loaded in its place.
    const events = [
      tileOutcome('tileerror', 'https://a.tile.example/3/2/4.png', placeholder),
      tileOutcome('tileload', placeholder, placeholder),
    ];
    expect(events).toEqual(['tileerror', null]);
    const counts = events.reduce((c, e) => (e ? countTile(c, e) : c), NO_TILES);
    expect(mapUnavailable(counts)).toBe(true);
    expect(tileOutcome('tileload', 'https://a.tile.example/3/2/5.png', placeholder)).toBe('tileload');
  });
});
