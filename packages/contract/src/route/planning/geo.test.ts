import { describe, expect, it } from 'vitest';
import { geodesicLengthM, haversineM, localPlane, polygonAreaM2, ringsCross } from './geo.js';

describe('spherical helpers', () => {
  it('measures great-circle distances on the mean-radius sphere', () => {
    // one degree of latitude: π·6,371,008.8/180 = 111,195.08 m
    expect(haversineM([116, 39], [116, 40])).toBeCloseTo(111_195.08, 1);
    // one degree of longitude on the equator, and a path of two of them
    expect(
      geodesicLengthM([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
    ).toBeCloseTo(2 * 111_195.08, 0);
  });

  it('projects to a local plane and back exactly, true to scale near its origin', () => {
    const plane = localPlane([116.4, 39.9]);
    const east = plane.toLonLat([1000, 0]);
    const north = plane.toLonLat([0, 1000]);
    expect(haversineM(plane.origin, east)).toBeCloseTo(1000, 2);
    expect(haversineM(plane.origin, north)).toBeCloseTo(1000, 2);
    const back = plane.toEnu(plane.toLonLat([1234.5, -678.9]));
    expect(back[0]).toBeCloseTo(1234.5, 6);
    expect(back[1]).toBeCloseTo(-678.9, 6);
    // 5 km away the scale is still within 0.1 %
    const far = plane.toLonLat([3000, 4000]);
    expect(Math.abs(haversineM(plane.origin, far) - 5000)).toBeLessThan(5);
  });

  it('measures areas with holes and finds crossing boundaries', () => {
    const square = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ] as [number, number][];
    const hole = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
    ] as [number, number][];
    expect(polygonAreaM2([square, hole])).toBeCloseTo(9900, 6);
    expect(ringsCross([square, hole])).toBe(false);
    expect(
      ringsCross([
        [
          [0, 0],
          [100, 100],
          [100, 0],
          [0, 100],
        ],
      ]),
    ).toBe(true); // a bow tie
    expect(
      ringsCross([
        square,
        [
          [90, 90],
          [110, 90],
          [110, 110],
        ],
      ]),
    ).toBe(true); // a hole across the edge
  });
});
