import geohash from 'ngeohash';

/**
 * The spatial index of customer map points (pure): a point's geohash, the cells that cover a
 * polygon's bounding box, and the exact point-in-polygon test applied to what those cells hold.
 * Polygons are `[latitude, longitude]` rings as the map sends them (closed or not).
 */

/** Full precision of a point's hash (≈ 5 m): the sort key of its index item. */
export const POINT_PRECISION = 9;
/** A covering stops refining when it would need more cells than this (one Query per cell). */
export const MAX_COVER_CELLS = 64;
/**
 * The most cells of the coarsest precision (the index's partitions) a count may read: an area
 * larger than that (about 2° × 2°, 200 km across: a metropolitan region) is refused before
 * any read, whatever its vertices (issue 20 item 24: a 10°×10° polygon cost 26,314 Queries).
 */
export const MAX_PARTITION_CELLS = 128;
/** The most vertices a drawn area may have (the map's drawing tool makes a few dozen). */
export const MAX_POLYGON_VERTICES = 1_000;

export type LatLng = [number, number];

export const isValidPoint = (latitude: unknown, longitude: unknown): boolean =>
  typeof latitude === 'number' &&
  typeof longitude === 'number' &&
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180 &&
  !(latitude === 0 && longitude === 0);

export const pointHash = (latitude: number, longitude: number): string =>
  geohash.encode(latitude, longitude, POINT_PRECISION);

/**
 * The geohash cells covering the polygon's bounding box: the finest precision (between
 * `minPrecision` and 7) whose covering has at most MAX_COVER_CELLS cells, so a small polygon reads
 * few items and a large one few Queries. Cells whose box misses the polygon are dropped.
 */
export function coveringCells(polygon: readonly LatLng[], minPrecision: number): string[] {
  const cells = boundedCoveringCells(polygon, minPrecision);
  if (!cells) throw new RangeError('area too large for a count');
  return cells;
}

/**
 * {@link coveringCells}, or undefined when the bounding box needs more than
 * {@link MAX_PARTITION_CELLS} cells even at `minPrecision` (estimated first: nothing enumerated).
 */
export function boundedCoveringCells(polygon: readonly LatLng[], minPrecision: number): string[] | undefined {
  const lats = polygon.map((p) => p[0]);
  const lngs = polygon.map((p) => p[1]);
  const [minLat, maxLat, minLng, maxLng] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lngs),
    Math.max(...lngs),
  ];
  // Estimated from the cell size, so a large polygon never enumerates millions of fine cells.
  const estimate = (precision: number) => {
    const lngBits = Math.ceil((5 * precision) / 2);
    const latBits = Math.floor((5 * precision) / 2);
    return (
      (Math.ceil((maxLng - minLng) / (360 / 2 ** lngBits)) + 1) *
      (Math.ceil((maxLat - minLat) / (180 / 2 ** latBits)) + 1)
    );
  };
  if (estimate(minPrecision) > MAX_PARTITION_CELLS) return undefined;
  let precision = 7;
  while (precision > minPrecision && estimate(precision) > MAX_COVER_CELLS) precision--;
  const cells = geohash.bboxes(minLat, minLng, maxLat, maxLng, precision);
  return cells.filter((cell) => {
    const [s, w, n, e] = geohash.decode_bbox(cell);
    return boxTouchesPolygon(s, w, n, e, polygon);
  });
}

/** Ray casting with longitude as x and latitude as y; points on an edge may fall either way. */
export function pointInPolygon(latitude: number, longitude: number, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

function segmentsCross(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const orient = (p: LatLng, q: LatLng, r: LatLng) =>
    Math.sign((q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]));
  return orient(a, b, c) !== orient(a, b, d) && orient(c, d, a) !== orient(c, d, b);
}

/** Whether a cell box and the polygon share any point (vertex inside, corner inside or crossing edges). */
function boxTouchesPolygon(s: number, w: number, n: number, e: number, polygon: readonly LatLng[]): boolean {
  if (polygon.some(([lat, lng]) => lat >= s && lat <= n && lng >= w && lng <= e)) return true;
  const corners: LatLng[] = [
    [s, w],
    [s, e],
    [n, e],
    [n, w],
  ];
  if (corners.some(([lat, lng]) => pointInPolygon(lat, lng, polygon))) return true;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    for (let k = 0; k < 4; k++)
      if (segmentsCross(polygon[j]!, polygon[i]!, corners[k]!, corners[(k + 1) % 4]!)) return true;
  }
  return false;
}
