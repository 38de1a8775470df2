import type { AreaGeometry, Geometry } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { relate } from './predicates.js';
import { queryBoxes } from './spatial.service.js';

// A 0.1° square near Beijing (about 8.5 km east-west, 11.1 km north-south) and a 1 km circle at its centre.
const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40.0],
      [116.3, 40.0],
      [116.3, 39.9],
    ],
  ],
};
const circle: AreaGeometry = { type: 'Circle', center: [116.35, 39.95], radius: 1000 };
// 0.01° of latitude is 1,111.95 m on turf's sphere (radius 6,371,008.8 m).
const northOfCentre = (metres: number): [number, number] => [116.35, 39.95 + metres / 111_195.08];

describe('relate', () => {
  it('puts a point inside, on the boundary of and outside a polygon', () => {
    expect(relate({ type: 'Point', coordinates: [116.35, 39.95] }, square)).toEqual({
      touches: true,
      within: true,
    });
    expect(relate({ type: 'Point', coordinates: [116.3, 39.95] }, square).touches).toBe(true);
    expect(relate({ type: 'Point', coordinates: [116.29, 39.95] }, square).touches).toBe(false);
  });

  it('measures a circle in metres on the ground', () => {
    expect(relate({ type: 'Point', coordinates: northOfCentre(999) }, circle).touches).toBe(true);
    expect(relate({ type: 'Point', coordinates: northOfCentre(1001) }, circle).touches).toBe(false);
  });

  it('finds a line passing a circle between two nodes outside it', () => {
    const passing: Geometry = {
      type: 'LineString',
      coordinates: [
        [116.3, 39.9505],
        [116.4, 39.9505],
      ],
    };
    expect(relate(passing, circle)).toEqual({ touches: true, within: false });
    const clear: Geometry = {
      type: 'LineString',
      coordinates: [
        [116.3, 39.97],
        [116.4, 39.97],
      ],
    };
    expect(relate(clear, circle).touches).toBe(false);
  });

  it('tells a line that leaves a polygon from one that stays inside', () => {
    const inside: Geometry = {
      type: 'LineString',
      coordinates: [
        [116.31, 39.91],
        [116.39, 39.99],
      ],
    };
    const leaving: Geometry = {
      type: 'LineString',
      coordinates: [
        [116.31, 39.91],
        [116.45, 39.99],
      ],
    };
    expect(relate(inside, square)).toEqual({ touches: true, within: true });
    expect(relate(leaving, square)).toEqual({ touches: true, within: false });
  });

  it('relates circles to circles and to polygons', () => {
    const near: Geometry = { type: 'Circle', center: northOfCentre(1500), radius: 600 };
    const far: Geometry = { type: 'Circle', center: northOfCentre(1700), radius: 600 };
    expect(relate(near, circle).touches).toBe(true);
    expect(relate(far, circle).touches).toBe(false);
    expect(relate(circle, square)).toEqual({ touches: true, within: true });
    // a circle outside the square whose edge reaches over its west side
    const reaching: Geometry = { type: 'Circle', center: [116.29, 39.95], radius: 1000 };
    expect(relate(reaching, square)).toEqual({ touches: true, within: false });
  });

  it('finds a polygon holding a circle entirely', () => {
    expect(relate(square, circle)).toEqual({ touches: true, within: false });
  });
});

describe('queryBoxes', () => {
  it('splits a long line into boxes that share their end nodes', () => {
    const coordinates = Array.from(
      { length: 1000 },
      (_, index) => [100 + index * 0.001, 30] as [number, number],
    );
    const boxes = queryBoxes({ type: 'LineString', coordinates });
    expect(boxes).toHaveLength(Math.ceil(999 / 15));
    expect(boxes[0]![2]).toBe(boxes[1]![0]);
    expect(boxes.at(-1)![2]).toBeCloseTo(100.999, 9);
  });
});
