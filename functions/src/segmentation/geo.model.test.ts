import geohash from 'ngeohash';
import { describe, expect, it, vi } from 'vitest';
import {
  boundedCoveringCells,
  coveringCells,
  isValidPoint,
  MAX_COVER_CELLS,
  pointHash,
  pointInPolygon,
  type LatLng,
} from './geo.model';

const square: LatLng[] = [
  [-23.56, -46.66],
  [-23.56, -46.64],
  [-23.54, -46.64],
  [-23.54, -46.66],
];

describe('geo index', () => {
  it('tells points inside a polygon from points outside, concave shapes included', () => {
    expect(pointInPolygon(-23.55, -46.65, square)).toBe(true);
    expect(pointInPolygon(-23.57, -46.65, square)).toBe(false);
    const notch: LatLng[] = [
      [0, 0],
      [0, 10],
      [10, 10],
      [5, 5],
      [10, 0],
    ];
    expect(pointInPolygon(2, 5, notch)).toBe(true);
    expect(pointInPolygon(8, 5, notch)).toBe(false);
  });

  it('covers every point of the polygon with a bounded number of cells', () => {
    for (const polygon of [
      square,
      square.map(([a, b]) => [a * 1.01, b * 1.01] as LatLng),
      [
        [-24, -47],
        [-24, -46],
        [-23, -46],
        [-23, -47],
      ] as LatLng[],
    ]) {
      const cells = coveringCells(polygon, 4);
      expect(cells.length).toBeLessThanOrEqual(MAX_COVER_CELLS * 4);
      const lats = polygon.map((p) => p[0]);
      const lngs = polygon.map((p) => p[1]);
      for (let i = 0; i < 500; i++) {
        const lat = Math.min(...lats) + ((Math.max(...lats) - Math.min(...lats)) * ((i * 37) % 100)) / 100;
        const lng = Math.min(...lngs) + ((Math.max(...lngs) - Math.min(...lngs)) * ((i * 61) % 100)) / 100;
        if (!pointInPolygon(lat, lng, polygon)) continue;
        const hash = pointHash(lat, lng);
        expect(
          cells.some((cell) => hash.startsWith(cell)),
          `${lat},${lng}`,
        ).toBe(true);
      }
    }
  });

  it('refuses, before enumerating anything, an area beyond the partitions a count may read (issue 20 item 24)', () => {
    const tenByTen: LatLng[] = [
      [-30, -55],
      [-20, -55],
      [-20, -45],
      [-30, -45],
    ];
    expect(boundedCoveringCells(tenByTen, 4)).toBeUndefined();
    const world: LatLng[] = [
      [-89, -179],
      [89, -179],
      [89, 179],
      [-89, 179],
    ];
    // Refused before any cell is listed (the world has a million cells at precision 4).
    const listed = vi.spyOn(geohash, 'bboxes');
    try {
      expect(boundedCoveringCells(world, 4)).toBeUndefined();
      expect(listed).not.toHaveBeenCalled();
    } finally {
      listed.mockRestore();
    }
    expect(
      boundedCoveringCells(
        tenByTen.map(([a, b]) => [a / 20, b / 20] as LatLng),
        4,
      )?.length,
    ).toBeGreaterThan(0);
  });

  it('hashes points at full precision and refuses impossible coordinates', () => {
    expect(pointHash(-23.55, -46.63)).toHaveLength(9);
    expect(geohash.decode(pointHash(-23.55, -46.63)).latitude).toBeCloseTo(-23.55, 4);
    expect(isValidPoint(-23.55, -46.63)).toBe(true);
    expect(isValidPoint(0, 0)).toBe(false);
    expect(isValidPoint(91, 0)).toBe(false);
    expect(isValidPoint(undefined, -46)).toBe(false);
  });
});
