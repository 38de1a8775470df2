import { haversineM, type PolygonGeometry } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import {
  allPoints,
  beyondRadius,
  type CheckPoint,
  CLIMB_SPEED_MS,
  pointsInside,
  pointsOutside,
  sameAircraftModel,
  transitTimeS,
} from './check-geometry.js';

const R = 6_371_008.8;
const DEG = 180 / Math.PI;
const CENTRE: [number, number] = [116.4, 39.9];
/** `metres` north of the centre (Δφ = d/R exactly on the sphere). */
const north = (metres: number, height = 80): CheckPoint => [
  CENTRE[0],
  CENTRE[1] + (metres / R) * DEG,
  height,
];
/** `metres` east of the centre along its parallel, near enough at these distances (< 0.1 m off for 3 km). */
const east = (metres: number, height = 80): CheckPoint => [
  CENTRE[0] + ((metres / R) * DEG) / Math.cos((CENTRE[1] * Math.PI) / 180),
  CENTRE[1],
  height,
];
const circle = { type: 'Circle' as const, center: CENTRE, radius: 1000 };
const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.39, 39.89],
      [116.41, 39.89],
      [116.41, 39.91],
      [116.39, 39.91],
      [116.39, 39.89],
    ],
  ],
};

describe('pointsInside', () => {
  it('lists the waypoints inside a circle and both ends of a leg crossing it', () => {
    // 0 outside, 1 inside, 2 outside (north), 3 across the circle from 2 (its leg passes the centre), 4 far
    const line: CheckPoint[] = [east(-2000), east(500), north(3000), north(-3000), [116.45, 39.87, 80]];
    expect(pointsInside([line], circle)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    // 2 % either side of the edge
    expect(pointsInside([[north(980)]], circle)).toEqual([[0, 0]]);
    expect(pointsInside([[north(1020)]], circle)).toEqual([]);
  });

  it('counts only the heights in the area’s band, and names the wayline', () => {
    const low: CheckPoint[] = [east(-2000, 50), east(200, 50)];
    const high: CheckPoint[] = [east(-2000, 150), east(200, 150)];
    const band = { floor: 100, ceiling: null };
    expect(pointsInside([low, high], circle, band)).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(pointsInside([low], square)).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });
});

describe('pointsOutside', () => {
  it('lists the waypoints outside a keep-in area and the ends of legs leaving it', () => {
    const line: CheckPoint[] = [
      [116.395, 39.895, 80],
      [116.405, 39.905, 80],
      [116.42, 39.905, 80],
    ];
    expect(pointsOutside([line], square)).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(pointsOutside([line.slice(0, 2)], square)).toEqual([]);
  });
});

describe('beyondRadius', () => {
  it('finds the waypoints farther than the radius and the farthest distance', () => {
    const line = [north(500), north(9_900), north(10_100)];
    const found = beyondRadius([line], CENTRE, 10_000);
    expect(found.points).toEqual([[0, 2]]);
    expect(found.farthestM).toBeCloseTo(10_100, 3);
  });
});

describe('transitTimeS', () => {
  it('adds the climb, the transit from the dock and back, and between waylines', () => {
    const options = { transitionalSpeedMS: 10, takeOffSecurityHeightM: 20 };
    const a = [north(1000), north(2000)];
    const b = [north(4000), north(5000)];
    // from the dock at the centre: 1 km out, 2 km between the waylines, 5 km back = 8 km at 10 m/s
    expect(transitTimeS([a, b], { ...options, takeoff: CENTRE })).toBeCloseTo(800 + 20 / CLIMB_SPEED_MS, 6);
    // no dock: take-off at the first waypoint, back to it from the last (4 km)
    expect(transitTimeS([a, b], { ...options, takeoff: null })).toBeCloseTo(
      (2000 + 4000) / 10 + 20 / CLIMB_SPEED_MS,
      6,
    );
    expect(transitTimeS([], { ...options, takeoff: CENTRE })).toBe(0);
    expect(haversineM(CENTRE, [north(1000)[0], north(1000)[1]])).toBeCloseTo(1000, 6);
  });
});

describe('sameAircraftModel', () => {
  it('matches DJI’s short and long names, not another model', () => {
    const names = ['Matrice 3TD', 'Matrice 3TD'];
    for (const text of ['Matrice 3TD', 'DJI M3TD', 'm3td', ' M3 TD '])
      expect(sameAircraftModel(text, names)).toBe(true);
    for (const text of ['Matrice 30T', 'M3D', '', null]) expect(sameAircraftModel(text, names)).toBe(false);
    expect(sameAircraftModel('M350 RTK', ['Matrice 350 RTK'])).toBe(true);
  });

  it('lists every point', () => {
    expect(allPoints([[north(1)], [north(2), north(3)]])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
  });
});
