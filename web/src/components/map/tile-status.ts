/** What the tiles of a map did so far: how many loaded and how many failed. */
export interface TileCounts {
  loaded: number;
  failed: number;
}

export const NO_TILES: TileCounts = Object.freeze({ loaded: 0, failed: 0 });

/** Text shown inside a map whose tiles cannot load (offline, blocked or failing tile server). */
export const MAP_UNAVAILABLE = 'Mapa indisponível';
export const MAP_UNAVAILABLE_DETAIL =
  'Não foi possível carregar as imagens do mapa; os marcadores seguem na posição correta.';

/** Counts one Leaflet tile event (`tileload` or `tileerror`). */
export function countTile(counts: TileCounts, event: 'tileload' | 'tileerror'): TileCounts {
  return event === 'tileload'
    ? { ...counts, loaded: counts.loaded + 1 }
    : { ...counts, failed: counts.failed + 1 };
}

/**
 * The tile event worth counting, or null. Leaflet swaps a failed tile for `errorTileUrl` and then
 * fires `tileload` when that placeholder loads: it is the failure showing, not a tile that loaded.
 */
export function tileOutcome(
  event: 'tileload' | 'tileerror',
  tileSrc: string | null | undefined,
  errorTileUrl: string,
): 'tileload' | 'tileerror' | null {
  return event === 'tileload' && tileSrc === errorTileUrl ? null : event;
}

/**
 * Whether the map is unavailable: tiles failed and none loaded. A few failing tiles beside loaded
 * ones (edges of the world, a flaky tile) are not worth a warning.
 */
export function mapUnavailable(counts: TileCounts): boolean {
  return counts.failed > 0 && counts.loaded === 0;
}
