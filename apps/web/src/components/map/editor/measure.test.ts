import { describe, expect, it } from 'vitest';
import { measure } from './measure';

/** Mean earth radius, the sphere ol/sphere measures on. */
const R = 6_371_008.8;
const DEGREE = (Math.PI / 180) * R; // 111,194.93 m

describe('geodesic measures (ol/sphere on the WGS-84 positions)', () => {
  it('measures a line on the sphere, not on Web Mercator', () => {
    // one degree of longitude on the equator, and one along the 60th parallel (half as long; Mercator draws it twice)
    expect(
      measure({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
        ],
      }).length,
    ).toBeCloseTo(DEGREE, 0);
    const north = measure({
      type: 'LineString',
      coordinates: [
        [10, 60],
        [11, 60],
      ],
    }).length!;
    expect(north / DEGREE).toBeCloseTo(0.5, 3);
    expect(
      measure({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0, 1],
          [0, 3],
        ],
      }).length,
    ).toBeCloseTo(3 * DEGREE, 0);
  });

  it('measures a polygon’s perimeter and area', () => {
    // a 0.01° square on the equator: about 1,112 m a side, 1.236 km²
    const side = 0.01 * DEGREE;
    const { perimeter, area } = measure({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.01, 0],
          [0.01, 0.01],
          [0, 0.01],
          [0, 0],
        ],
      ],
    });
    expect(perimeter).toBeCloseTo(4 * side, 0);
    expect(area! / (side * side)).toBeCloseTo(1, 4);
  });

  it('measures a circle as the cap on the sphere (πr² for a drone-sized circle)', () => {
    const { perimeter, area } = measure({ type: 'Circle', center: [116.4, 39.9], radius: 500 });
    expect(perimeter).toBeCloseTo(2 * Math.PI * 500, 3);
    expect(area! / (Math.PI * 500 * 500)).toBeCloseTo(1, 6);
  });

  it('has nothing to measure for a point or no value', () => {
    expect(measure({ type: 'Point', coordinates: [116.4, 39.9] })).toEqual({});
    expect(measure(null)).toEqual({});
  });
});
