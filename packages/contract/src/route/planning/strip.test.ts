import { describe, expect, it } from 'vitest';
import type { LineGeometry, LonLatPosition } from '../../gis/geometry.js';
import { cameraById } from '../camera.js';
import { type Enu, localPlane } from './geo.js';
import { footprint, heightForGsd } from './photo.js';
import { offsetPolyline, planStrip, StripRouteInput, stripBand } from './strip.js';

const plane = localPlane([116.4, 39.9]);
const line = (...points: Enu[]): LineGeometry => ({
  type: 'LineString',
  coordinates: points.map((point) => plane.toLonLat(point)),
});
const m3e = cameraById('m3e-wide')!;
const SPACING = footprint(heightForGsd(2, m3e), m3e).across * 0.3; // 31.68 m

const strip = (input: Record<string, unknown>) => {
  const result = planStrip(StripRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, ...input }));
  if (!result.ok) throw new Error(`refused: ${result.error.key}`);
  return result.plan;
};

describe('strip planner (mappingStrip)', () => {
  it('covers 50 m each side of a 1 km line with 4 lines joined end to end', () => {
    const { waypoints, figures } = strip({
      centreLine: line([0, 0], [1000, 0]),
      leftWidthM: 50,
      rightWidthM: 50,
    });
    // ceil(100 / 31.68) = 4 lines at ±15.84 and ±47.52 m, from the right (south) edge to the left (north)
    expect(figures.lineCount).toBe(4);
    expect(figures.lineSpacingM).toBeCloseTo(SPACING, 6);
    const points = waypoints.map((point) => plane.toEnu(point.position));
    expect(points.map(([, y]) => Number(y.toFixed(2)))).toEqual(
      [-1.5, -1.5, -0.5, -0.5, 0.5, 0.5, 1.5, 1.5].map((k) => Number((k * SPACING).toFixed(2))),
    );
    // alternating: east, west, east, west
    expect(points.map(([x]) => Math.round(x))).toEqual([0, 1000, 1000, 0, 0, 1000, 1000, 0]);
    expect(figures.centreLengthM).toBeCloseTo(1000, 1);
    expect(figures.areaM2).toBeCloseTo(100_000, -1);
    const length = 4 * 1000 + 3 * SPACING;
    expect(Math.abs(figures.lengthM - length) / length).toBeLessThan(0.001);
    expect(figures.turnCount).toBe(6);
  });

  it('lays an uneven band on the left side only', () => {
    const { waypoints, figures } = strip({
      centreLine: line([0, 0], [1000, 0]),
      leftWidthM: 100,
      rightWidthM: 0,
    });
    expect(figures.lineCount).toBe(4); // ceil(100 / 31.68)
    for (const point of waypoints) {
      const [, y] = plane.toEnu(point.position);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(100);
    }
  });

  it('follows a bend with mitred corners', () => {
    // east 500 m then north 500 m: the left offset of 10 m turns inside the corner at (490, 10)
    const offset = offsetPolyline(
      [
        [0, 0],
        [500, 0],
        [500, 500],
      ],
      10,
    );
    expect(offset[0]![1]).toBeCloseTo(10, 9);
    expect(offset[1]![0]).toBeCloseTo(490, 9);
    expect(offset[1]![1]).toBeCloseTo(10, 9);
    expect(offset[2]![0]).toBeCloseTo(490, 9);
    const { waypoints } = strip({
      centreLine: line([0, 0], [500, 0], [500, 500]),
      leftWidthM: 30,
      rightWidthM: 30,
    });
    expect(waypoints).toHaveLength(2 * 3);
  });

  it('refuses a band without width and widths out of range', () => {
    const messages = (input: Record<string, unknown>) => {
      const parsed = StripRouteInput.safeParse({
        cameraId: 'm3e-wide',
        gsdCm: 2,
        centreLine: line([0, 0], [100, 0]),
        ...input,
      });
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ leftWidthM: 0, rightWidthM: 0 })).toEqual(['leftWidthM: route.widthEmpty']);
    expect(messages({ leftWidthM: -1 })).toEqual(['leftWidthM: route.width']);
    expect(messages({ centreLine: line([0, 0]) })).toEqual(['centreLine.coordinates: gis.lineMin']);
  });
});

describe('strip band', () => {
  it('is the centre line offset to each side by its width, closed', () => {
    // a 1 km east-west centre line on the equator: 1 m is 1/111,195 degree of latitude there
    const centre: LonLatPosition[] = [
      [0, 0],
      [0.008983, 0],
    ];
    const ring = stripBand(centre, 50, 20);
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    const metres = (lat: number) => lat * 111_195;
    // left of an eastward line is north
    expect(metres(ring[0]![1])).toBeCloseTo(50, 0);
    expect(metres(ring[1]![1])).toBeCloseTo(50, 0);
    expect(metres(ring[2]![1])).toBeCloseTo(-20, 0);
    expect(metres(ring[3]![1])).toBeCloseTo(-20, 0);
    expect(ring[2]![0]).toBeCloseTo(0.008983, 6);
    expect(stripBand(centre.slice(0, 1), 50, 20)).toEqual([]);
  });
});
