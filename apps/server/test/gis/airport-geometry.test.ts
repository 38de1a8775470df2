import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { lineString, point, polygon } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';
import { EARTH_RADIUS_M, haversineM, type LonLatPosition } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import {
  bearingDeg,
  destination,
  type Runway,
  runwayBuffer,
  runwayHeightLimitArea,
  runwayLength,
} from '../../src/modules/gis/airport.geometry.js';
import { assertValidGeometry } from '../../src/modules/gis/spatial/validity.js';

/**
 * The airport areas of spec §9 checked against distances turf measures on the sphere (haversine, and the
 * geodesic point-to-line distance), not against the construction's own formulas.
 */

const METRES = { units: 'meters' } as const;
const toRunway = (runway: Runway) => lineString([runway.start, runway.end]);
const fromRunway = (position: LonLatPosition, runway: Runway) =>
  pointToLineDistance(point(position), toRunway(runway), METRES);
/** Spherical Pythagoras: the hypotenuse of a right triangle with legs `a` and `b` metres. */
const hypotenuse = (a: number, b: number) =>
  EARTH_RADIUS_M * Math.acos(Math.cos(a / EARTH_RADIUS_M) * Math.cos(b / EARTH_RADIUS_M));

const RUNWAYS: Record<string, Runway> = {
  // Beijing Capital 18L/36R, about 3.8 km roughly north-south
  'Beijing Capital 36R': { start: [116.5901, 40.0925], end: [116.6063, 40.0621] },
  // east-west
  'east-west at 30°N': { start: [120.0, 30.0], end: [120.035, 30.0] },
  // diagonal at high latitude
  'diagonal at 60°N': { start: [24.95, 60.3], end: [24.99, 60.33] },
  // on the equator, south-west to north-east
  equator: { start: [-0.01, -0.01], end: [0.01, 0.01] },
};

describe('the airport buffer (spec §9: 10 km around the runway)', () => {
  for (const [name, runway] of Object.entries(RUNWAYS)) {
    it(`${name}: every node 10 km ± 1 m from the runway, the edges between them never farther`, () => {
      const buffer = runwayBuffer(runway);
      const ring = buffer.coordinates[0]!;
      expect(ring[0]).toEqual(ring.at(-1));
      expect(ring.length).toBeGreaterThan(180);
      assertValidGeometry(buffer, 'bufferGeometry');
      const distances = ring.map((node) => fromRunway(node, runway));
      expect(Math.max(...distances)).toBeGreaterThan(10_000 - 1);
      expect(Math.max(...distances)).toBeLessThan(10_000 + 1);
      expect(Math.min(...distances)).toBeGreaterThan(10_000 - 1);
      // between two nodes the straight edge cuts inside the circle by at most its sagitta (≈ 1.5 m at 2°)
      for (let index = 1; index < ring.length; index++) {
        const [a, b] = [ring[index - 1]!, ring[index]!];
        const middle: LonLatPosition = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const between = fromRunway(middle, runway);
        expect(between).toBeLessThan(10_000 + 1);
        expect(between).toBeGreaterThan(10_000 - 3);
      }
      // inside: the thresholds and a point 9.9 km abeam; outside: 10.1 km abeam and 10.1 km beyond an end
      const area = polygon(buffer.coordinates);
      const heading = bearingDeg(runway.start, runway.end);
      const inside = (position: LonLatPosition) => booleanPointInPolygon(point(position), area);
      expect(inside(runway.start)).toBe(true);
      expect(inside(runway.end)).toBe(true);
      expect(inside(destination(runway.start, 9_900, heading + 90))).toBe(true);
      expect(inside(destination(runway.start, 9_900, heading - 90))).toBe(true);
      expect(inside(destination(runway.start, 10_100, heading + 90))).toBe(false);
      expect(inside(destination(runway.start, 10_100, heading + 180))).toBe(false);
      expect(inside(destination(runway.end, 9_900, bearingDeg(runway.start, runway.end)))).toBe(true);
    });
  }
});

describe('the airport height-limit area (spec §9: 10 km either side of the centreline, 20 km beyond both ends)', () => {
  for (const [name, runway] of Object.entries(RUNWAYS)) {
    it(`${name}: corners at the spherical hypotenuse of 20 km and 10 km from the nearest threshold, sides 10 km off`, () => {
      const area = runwayHeightLimitArea(runway);
      const ring = area.coordinates[0]!;
      expect(ring[0]).toEqual(ring.at(-1));
      assertValidGeometry(area, 'heightLimitGeometry');
      const corner = hypotenuse(20_000, 10_000);
      const nodes = ring.slice(0, -1);
      const distances = nodes.map((node) => fromRunway(node, runway));
      // every node lies between 10 km abeam and a corner's distance from the runway
      expect(Math.min(...distances)).toBeGreaterThan(10_000 - 1);
      expect(Math.max(...distances)).toBeLessThan(corner + 1);
      // four corners, each a corner's distance (± 1 m) from its nearest threshold
      const corners = nodes.filter((node) => Math.abs(fromRunway(node, runway) - corner) < 1);
      expect(corners).toHaveLength(4);
      for (const found of corners) {
        const nearest = Math.min(
          distance(point(found), point(runway.start), METRES),
          distance(point(found), point(runway.end), METRES),
        );
        expect(Math.abs(nearest - corner)).toBeLessThan(1);
      }
      // the nodes abeam the runway (between the thresholds) are 10 km ± 1 m from it
      const length = runwayLength(runway);
      const abeam = nodes.filter((node) => {
        const toStart = distance(point(node), point(runway.start), METRES);
        const toEnd = distance(point(node), point(runway.end), METRES);
        return toStart < hypotenuse(length, 10_000) - 1 && toEnd < hypotenuse(length, 10_000) - 1;
      });
      expect(abeam.length).toBeGreaterThan(1);
      for (const node of abeam) expect(Math.abs(fromRunway(node, runway) - 10_000)).toBeLessThan(1);
      // inside 19.9 km beyond an end on the centreline, outside at 20.1 km and 10.1 km abeam
      const turfArea = polygon(area.coordinates);
      const heading = bearingDeg(runway.start, runway.end);
      const inside = (position: LonLatPosition) => booleanPointInPolygon(point(position), turfArea);
      expect(inside(destination(runway.start, 19_900, heading + 180))).toBe(true);
      expect(inside(destination(runway.start, 20_100, heading + 180))).toBe(false);
      expect(inside(destination(runway.start, 10_100, heading + 90))).toBe(false);
      expect(inside(destination(runway.start, 9_900, heading - 90))).toBe(true);
    });
  }
});

describe('the sphere helpers', () => {
  it('agree with turf’s haversine distance to a millimetre', () => {
    for (const runway of Object.values(RUNWAYS)) {
      expect(
        Math.abs(
          haversineM(runway.start, runway.end) - distance(point(runway.start), point(runway.end), METRES),
        ),
      ).toBeLessThan(0.001);
      const far = destination(runway.start, 12_345, 77);
      expect(Math.abs(distance(point(runway.start), point(far), METRES) - 12_345)).toBeLessThan(0.001);
    }
  });
});
