import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.js';
import { cameraById } from '../camera.js';
import { AreaRouteInput, planArea } from './area.js';
import { ObliqueRouteInput, planOblique } from './oblique.js';
import type { PlannedWaypoint } from './common.js';
import { TURN_ALLOWANCE_S } from './common.js';
import { type Enu, localPlane } from './geo.js';
import type { LonLatPosition, PolygonGeometry } from '../../gis/geometry.js';
import { footprint, heightForGsd } from './photo.js';

/** Test shapes laid out in metres around a point near Beijing. */
const ORIGIN: LonLatPosition = [116.4, 39.9];
const plane = localPlane(ORIGIN);

/** A polygon from rings in metres (open rings; closed here). */
function polygon(...rings: Enu[][]): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: rings.map((ring) => [...ring, ring[0]!].map((point) => plane.toLonLat(point))),
  };
}

/** A side × side square centred on the origin. */
const square = (side: number) =>
  polygon([
    [-side / 2, -side / 2],
    [side / 2, -side / 2],
    [side / 2, side / 2],
    [-side / 2, side / 2],
  ]);

const m3e = cameraById('m3e-wide')!;
const HEIGHT = heightForGsd(2, m3e); // 75.02 m
const SPACING = footprint(HEIGHT, m3e).across * 0.3; // 70 % side overlap: 31.68 m
const INTERVAL = footprint(HEIGHT, m3e).along * 0.2; // 80 % front overlap: 15.87 m

const plan = (input: Record<string, unknown>) => {
  const result = planArea(AreaRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, ...input }));
  if (!result.ok) throw new Error(`refused: ${result.error.key}`);
  return result.plan;
};
const refusal = (input: Record<string, unknown>) => {
  const result = planArea(AreaRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, ...input }));
  return result.ok ? undefined : result.error;
};
const issues = (input: Record<string, unknown>) => {
  const parsed = AreaRouteInput.safeParse({ cameraId: 'm3e-wide', ...input });
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const enu = (waypoint: PlannedWaypoint) => plane.toEnu(waypoint.position);
/** The flown pieces (legs that take photos) in metres. */
const pieces = (waypoints: PlannedWaypoint[]): Array<[Enu, Enu]> =>
  waypoints.flatMap((point, i) =>
    point.shootEveryM ? [[enu(point), enu(waypoints[i + 1]!)] as [Enu, Enu]] : [],
  );

describe('area planner (mapping2d)', () => {
  it('covers a 1 km square at 2 cm GSD with 32 lines and about 2,080 photos', () => {
    const { waypoints, figures } = plan({ polygon: square(1000), frontOverlap: 80, sideOverlap: 70 });
    expect(figures.heightM).toBeCloseTo(75.02, 2);
    expect(figures.gsdCm).toBeCloseTo(2, 10);
    expect(figures.lineSpacingM).toBeCloseTo(31.68, 2);
    expect(figures.photoIntervalM).toBeCloseTo(INTERVAL, 6);
    expect(figures.photoIntervalS).toBeCloseTo(INTERVAL / 10, 6);
    // 1000 / 31.68 = 31.57 → 32 lines, centred: the outer ones 0.5 × (32·31.68 − 1000)/… inside the edges
    expect(figures.lineCount).toBe(32);
    expect(figures.waypointCount).toBe(64);
    expect(figures.areaM2).toBeCloseTo(1_000_000, -2);
    // per line ceil(1000 / 15.87) + 1 = 65 photos: 2,080 (the ideal area / (spacing · interval) is 1,989)
    expect(figures.photoCount).toBe(32 * (Math.ceil(1000 / INTERVAL) + 1));
    // 32 lines of 1 km and 31 steps of one spacing, within 0.1 % (sphere against plane)
    const length = 32 * 1000 + 31 * SPACING;
    expect(Math.abs(figures.lengthM - length) / length).toBeLessThan(0.001);
    // every waypoint but the first and last is a turn
    expect(figures.turnCount).toBe(62);
    expect(figures.durationS).toBeCloseTo(figures.lengthM / 10 + 62 * TURN_ALLOWANCE_S, 6);
    // lines run north–south (course 0°), alternating in direction, the outer ones within half a spacing
    const flown = pieces(waypoints);
    expect(flown).toHaveLength(32);
    flown.forEach(([a, b], i) => {
      expect(Math.abs(a[0] - b[0])).toBeLessThan(1e-6);
      expect(Math.sign(b[1] - a[1])).toBe(i % 2 === 0 ? 1 : -1);
    });
    const xs = flown.map(([a]) => a[0]);
    expect(Math.min(...xs)).toBeCloseTo(-500 + (1000 - 31 * SPACING) / 2, 3);
    expect(
      waypoints.every((point) => point.heightM === figures.heightM && point.gimbalPitchDeg === -90),
    ).toBe(true);
  });

  it('takes the height when both height and GSD are given', () => {
    const { figures } = plan({ polygon: square(500), heightM: 100 });
    expect(figures.heightM).toBe(100);
    expect(figures.gsdCm).toBeCloseTo(2.666, 3);
  });

  it('turns the lines with the course angle', () => {
    const { waypoints, figures } = plan({ polygon: square(1000), courseAngleDeg: 45 });
    // across the diagonal: ceil(1414.2 / 31.68) = 45 lines
    expect(figures.lineCount).toBe(45);
    for (const [a, b] of pieces(waypoints)) {
      const bearing = (Math.atan2(b[0] - a[0], b[1] - a[1]) * 180) / Math.PI;
      expect([45, -135].some((angle) => Math.abs(bearing - angle) < 1e-6)).toBe(true);
    }
    // the pieces add up to about area / spacing
    const flown = pieces(waypoints).reduce((sum, [a, b]) => sum + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
    expect(Math.abs(flown - 1_000_000 / SPACING) / (1_000_000 / SPACING)).toBeLessThan(0.02);
    const east = plan({ polygon: square(1000), courseAngleDeg: 90 });
    for (const [a, b] of pieces(east.waypoints)) expect(Math.abs(a[1] - b[1])).toBeLessThan(1e-6);
  });

  it('flies an L shape as one lawn-mower, never over the missing corner', () => {
    const l = polygon([
      [0, 0],
      [1000, 0],
      [1000, 500],
      [500, 500],
      [500, 1000],
      [0, 1000],
    ]);
    const { waypoints, figures } = plan({ polygon: l });
    expect(figures.areaM2).toBeCloseTo(750_000, -2);
    expect(figures.lineCount).toBe(32);
    const flown = pieces(waypoints);
    expect(flown).toHaveLength(32);
    const inCorner = ([x, y]: [number, number]) => x > 500.001 && y > 500.001;
    for (const point of waypoints) expect(inCorner(enu(point))).toBe(false);
    const total = flown.reduce((sum, [a, b]) => sum + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
    expect(Math.abs(total - 750_000 / SPACING) / (750_000 / SPACING)).toBeLessThan(0.03);
  });

  it('splits a U shape into cells, crossing the gap once between the arms', () => {
    // 1 km square with a 400 m wide notch from the top down to 300 m
    const u = polygon([
      [0, 0],
      [1000, 0],
      [1000, 1000],
      [700, 1000],
      [700, 300],
      [300, 300],
      [300, 1000],
      [0, 1000],
    ]);
    const { waypoints } = plan({ polygon: u, courseAngleDeg: 90 });
    const inNotch = ([x, y]: [number, number]) => x > 300.001 && x < 699.999 && y > 300.001;
    let crossings = 0;
    for (let i = 0; i + 1 < waypoints.length; i++) {
      const a = enu(waypoints[i]!);
      const b = enu(waypoints[i + 1]!);
      const middle: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (waypoints[i]!.shootEveryM)
        expect(inNotch(middle)).toBe(false); // no photo leg over the notch
      else if (inNotch(middle)) crossings += 1;
    }
    expect(crossings).toBeLessThanOrEqual(1);
    // lines above the notch's floor are flown in two pieces, one per arm
    const flown = pieces(waypoints);
    const above = flown.filter(([a]) => a[1] > 320);
    expect(above.every(([a, b]) => Math.max(a[0], b[0]) <= 300.001 || Math.min(a[0], b[0]) >= 699.999)).toBe(
      true,
    );
  });

  it('narrows the area by a negative margin and widens it by a positive one', () => {
    const narrowed = plan({ polygon: square(1000), marginM: -100 });
    // 800 m wide: ceil(800 / 31.68) = 26 lines, all within 400 m of the centre
    expect(narrowed.figures.lineCount).toBe(26);
    for (const point of narrowed.waypoints) {
      const [x, y] = enu(point);
      expect(Math.max(Math.abs(x), Math.abs(y))).toBeLessThanOrEqual(400.001);
    }
    const widened = plan({ polygon: square(1000), marginM: 100 });
    // 1200 m wide: ceil(1200 / 31.68) = 38 lines; the corners are round, so the outer lines are shorter
    expect(widened.figures.lineCount).toBe(38);
    const flown = pieces(widened.waypoints);
    const lengths = flown.map(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]));
    expect(Math.max(...lengths)).toBeCloseTo(1200, 3);
    expect(lengths[0]!).toBeLessThan(1200);
    // the drawn area is what the figures state, not the buffered one
    expect(widened.figures.areaM2).toBeCloseTo(1_000_000, -2);
    expect(refusal({ polygon: square(1000), marginM: -500 })).toEqual({ key: 'route.empty' });
  });

  it('keeps holes out of the lines', () => {
    const withHole = polygon(
      [
        [-500, -500],
        [500, -500],
        [500, 500],
        [-500, 500],
      ],
      [
        [-100, -100],
        [100, -100],
        [100, 100],
        [-100, 100],
      ],
    );
    const { waypoints, figures } = plan({ polygon: withHole });
    expect(figures.areaM2).toBeCloseTo(960_000, -2);
    for (const [a, b] of pieces(waypoints)) {
      const middle: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      expect(Math.abs(middle[0]) < 99.999 && Math.abs(middle[1]) < 99.999).toBe(false);
    }
  });

  it('refuses what cannot be flown, with the route area’s message keys', () => {
    const bowTie = polygon([
      [0, 0],
      [100, 100],
      [100, 0],
      [0, 100],
    ]);
    const crossed = refusal({ polygon: bowTie });
    expect(crossed).toEqual({ key: 'route.polygonInvalid', params: { rule: 'route.polygonCrosses' } });
    expect(translate('en-US', crossed!.key, crossed!.params)).toBe(
      'the work area is not valid: its boundary crosses itself',
    );
    expect(issues({ polygon: square(100), gsdCm: 2, frontOverlap: 96 })).toEqual([
      'frontOverlap: route.overlap',
    ]);
    expect(issues({ polygon: square(100), gsdCm: 2, sideOverlap: -1 })).toEqual([
      'sideOverlap: route.overlap',
    ]);
    expect(issues({ polygon: square(100), heightM: 5 })).toEqual(['heightM: route.height']);
    expect(issues({ polygon: square(100) })).toEqual(['heightM: route.heightOrGsd']);
    expect(issues({ polygon: square(100), gsdCm: 2, cameraId: 'nope' })).toEqual(['cameraId: route.camera']);
    expect(issues({ polygon: square(100), gsdCm: 2, marginM: 501 })).toEqual(['marginM: route.margin']);
    // 0.2 cm/px from an M3E is 7.5 m above the ground: under the 10 m floor
    expect(refusal({ polygon: square(100), gsdCm: 0.2 })).toEqual({ key: 'route.height' });
    // 50 km square, 10 m high, 95 % side overlap: 0.7 m between lines, 71,000 lines
    const tooMany = refusal({ polygon: square(50_000), gsdCm: undefined, heightM: 10, sideOverlap: 95 });
    expect(tooMany?.key).toBe('route.tooManyWaypoints');
    expect(tooMany?.params?.count).toBeGreaterThan(65_535);
  });
});

describe('oblique planner (mapping3d)', () => {
  const oblique = (input: Record<string, unknown>) => {
    const result = planOblique(ObliqueRouteInput.parse({ cameraId: 'm3e-wide', gsdCm: 2, ...input }));
    if (!result.ok) throw new Error(`refused: ${result.error.key}`);
    return result.plan;
  };

  it('flies the nadir pass and four oblique passes, each widened by H·tan(tilt)', () => {
    const { passes, figures } = oblique({ polygon: square(1000) });
    expect(passes.map((pass) => [pass.kind, pass.courseAngleDeg, pass.gimbalPitchDeg])).toEqual([
      ['nadir', 0, -90],
      ['oblique', 0, -45],
      ['oblique', 90, -45],
      ['oblique', 180, -45],
      ['oblique', 270, -45],
    ]);
    // −45°: tilt 45°, extension H·tan 45° = H = 75.02 m, slant distance H·√2
    expect(passes[0]!.extensionM).toBe(0);
    for (const pass of passes.slice(1)) expect(pass.extensionM).toBeCloseTo(HEIGHT, 6);
    expect(passes[0]!.figures.lineSpacingM).toBeCloseTo(SPACING, 6);
    expect(passes[1]!.figures.lineSpacingM).toBeCloseTo(SPACING * Math.SQRT2, 6);
    expect(passes[1]!.figures.photoIntervalM).toBeCloseTo(INTERVAL * Math.SQRT2, 6);
    expect(passes[1]!.figures.gsdCm).toBeCloseTo(2 * Math.SQRT2, 6);
    // the nadir pass is the area route; an oblique pass covers 1000 + 2 × 75.02 m: ceil(1150.04 / 44.80) = 26
    expect(passes[0]!.figures.lineCount).toBe(32);
    expect(passes[1]!.figures.lineCount).toBe(Math.ceil((1000 + 2 * HEIGHT) / (SPACING * Math.SQRT2)));
    expect(passes[1]!.figures.lineCount).toBe(26);
    // the aircraft faces the pass's course for the whole pass, the camera tilted
    const headings = passes
      .slice(1)
      .map((pass) => [...new Set(pass.waypoints.map((point) => point.headingDeg))]);
    expect(headings).toEqual([[0], [90], [180], [-90]]);
    expect(
      passes[2]!.waypoints.every((point) => point.headingMode === 'fixed' && point.gimbalPitchDeg === -45),
    ).toBe(true);
    // the oblique passes reach beyond the area by the extension
    const xs = passes[1]!.waypoints.map((point) => plane.toEnu(point.position)[0]);
    expect(Math.min(...xs)).toBeLessThan(-500);
    expect(Math.min(...xs)).toBeGreaterThan(-500 - HEIGHT);
    // the route's figures are the passes' summed
    const sum = (key: 'lengthM' | 'durationS' | 'photoCount' | 'waypointCount') =>
      passes.reduce((total, pass) => total + pass.figures[key], 0);
    expect(figures.lengthM).toBeCloseTo(sum('lengthM'), 6);
    expect(figures.durationS).toBeCloseTo(sum('durationS'), 6);
    expect(figures.photoCount).toBe(sum('photoCount'));
    expect(figures.waypointCount).toBe(sum('waypointCount'));
    expect(figures.gsdCm).toBeCloseTo(2, 10);
  });

  it('extends by H·tan(30°) for a −60° camera and refuses a level one', () => {
    const { passes } = oblique({
      polygon: square(500),
      heightM: 100,
      obliquePitchDeg: -60,
      courseAngleDeg: 30,
    });
    expect(passes[1]!.extensionM).toBeCloseTo(100 * Math.tan(Math.PI / 6), 6);
    expect(passes.map((pass) => pass.courseAngleDeg)).toEqual([30, 30, 120, 210, 300]);
    const parsed = ObliqueRouteInput.safeParse({
      cameraId: 'm3e-wide',
      gsdCm: 2,
      polygon: square(500),
      obliquePitchDeg: -5,
    });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      'route.obliquePitch',
    ]);
  });
});
