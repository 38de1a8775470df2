import { describe, expect, it } from 'vitest';
import { type PathSample, pathLength, projector, recordedWaypoints, segmentDistance } from './record-path.js';

const T0 = Date.UTC(2026, 0, 1);
const M_PER_DEG_LAT = (6_371_008.8 * Math.PI) / 180;

/** A sample `east`, `north` metres from (120, 30), `height` m up, `seconds` after T0. */
function at(
  seconds: number,
  east: number,
  north: number,
  height: number,
  speed: number | null = 5,
): PathSample {
  return {
    at: T0 + seconds * 1000,
    longitude: 120 + east / (M_PER_DEG_LAT * Math.cos((30 * Math.PI) / 180)),
    latitude: 30 + north / M_PER_DEG_LAT,
    height,
    speed,
  };
}

/** The worst horizontal and profile distance of any sample from the leg of the route it lies on. */
function worstDeviation(samples: PathSample[], indexes: number[]) {
  const project = projector(samples[0]!);
  const plane = samples.map(project);
  const along = [0];
  for (let i = 1; i < plane.length; i++)
    along.push(along[i - 1]! + Math.hypot(plane[i]!.x - plane[i - 1]!.x, plane[i]!.y - plane[i - 1]!.y));
  let worst = 0;
  for (let leg = 1; leg < indexes.length; leg++) {
    const a = indexes[leg - 1]!;
    const b = indexes[leg]!;
    for (let i = a; i <= b; i++) {
      worst = Math.max(
        worst,
        segmentDistance(plane[i]!, plane[a]!, plane[b]!),
        segmentDistance(
          { x: along[i]!, y: samples[i]!.height },
          { x: along[a]!, y: samples[a]!.height },
          { x: along[b]!, y: samples[b]!.height },
        ),
      );
    }
  }
  return worst;
}

describe('recordedWaypoints', () => {
  it('keeps a curved, climbing path within the tolerance with far fewer points', () => {
    // a 300 s spiral: a 150 m circle, climbing 40 m to 80 m and back
    const samples = Array.from({ length: 300 }, (_, s) =>
      at(s, 150 * Math.sin(s / 40), 150 * (1 - Math.cos(s / 40)), 60 + 20 * Math.sin(s / 50)),
    );
    for (const toleranceM of [0.5, 2, 10]) {
      const points = recordedWaypoints(samples, { toleranceM, minSpacingM: 0 });
      expect(points[0]!.index).toBe(0);
      expect(points.at(-1)!.index).toBe(299);
      expect(points.length).toBeLessThan(samples.length / 3);
      expect(
        worstDeviation(
          samples,
          points.map((point) => point.index),
        ),
      ).toBeLessThanOrEqual(toleranceM);
    }
    const coarse = recordedWaypoints(samples, { toleranceM: 10, minSpacingM: 0 }).length;
    const fine = recordedWaypoints(samples, { toleranceM: 0.5, minSpacingM: 0 }).length;
    expect(coarse).toBeLessThan(fine);
  });

  it('makes a straight level flight two waypoints, and keeps a climb the map would not show', () => {
    const straight = Array.from({ length: 50 }, (_, s) => at(s, 0, s * 5, 50));
    expect(recordedWaypoints(straight, { toleranceM: 1, minSpacingM: 0 }).map((p) => p.index)).toEqual([
      0, 49,
    ]);
    // straight north, climbing 0 → 60 m over the first half then level: the corner of the profile is kept
    const climb = Array.from({ length: 50 }, (_, s) => at(s, 0, s * 5, Math.min(60, s * 2.4)));
    const points = recordedWaypoints(climb, { toleranceM: 1, minSpacingM: 0 });
    expect(points.map((p) => p.index)).toEqual([0, 25, 49]);
    expect(points.map((p) => p.height)).toEqual([0, 60, 60]);
  });

  it('thins waypoints closer than the least spacing, the last one kept', () => {
    // a zig-zag of 3 m legs: every corner matters at 0.5 m, none is 10 m from the last
    const zigzag = Array.from({ length: 40 }, (_, s) => at(s, s % 2 ? 3 : 0, s * 3, 50));
    const all = recordedWaypoints(zigzag, { toleranceM: 0.5, minSpacingM: 0 });
    expect(all).toHaveLength(40);
    const spaced = recordedWaypoints(zigzag, { toleranceM: 0.5, minSpacingM: 10 });
    expect(spaced.length).toBeLessThan(15);
    expect(spaced.at(-1)!.index).toBe(39);
    const project = projector(zigzag[0]!);
    for (let i = 1; i < spaced.length; i++) {
      const a = project(spaced[i - 1]!);
      const b = project(spaced[i]!);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(10);
    }
  });

  it('answers no waypoints for a hover or a single sample', () => {
    expect(recordedWaypoints([at(0, 0, 0, 30)], { toleranceM: 2, minSpacingM: 5 })).toEqual([]);
    const hover = Array.from({ length: 20 }, (_, s) => at(s, (s % 3) * 0.5, 0, 30));
    expect(recordedWaypoints(hover, { toleranceM: 2, minSpacingM: 5 })).toEqual([]);
  });

  it('gives each waypoint the speed flown on its leg, within the route speeds', () => {
    const samples = [
      ...Array.from({ length: 20 }, (_, s) => at(s, 0, s * 4, 50, 4)),
      ...Array.from({ length: 20 }, (_, s) => at(20 + s, (s + 1) * 20, 76, 50, 20)),
    ];
    const points = recordedWaypoints(samples, { toleranceM: 1, minSpacingM: 0 });
    expect(points.map((p) => p.index)).toEqual([0, 19, 39]);
    expect(points[0]!.speedMS).toBe(4);
    expect(points[1]!.speedMS).toBe(15); // (4 + 19 × 20) / 20 = 19.2, above the route's 15 m/s
    expect(points[2]!.speedMS).toBe(15);
    // no reported speeds: the leg's length over its time
    const unreported = Array.from({ length: 10 }, (_, s) => at(s, 0, s * 6, 50, null));
    expect(recordedWaypoints(unreported, { toleranceM: 1, minSpacingM: 0 })[0]!.speedMS).toBeCloseTo(6, 1);
  });

  it('measures the horizontal length flown', () => {
    const samples = Array.from({ length: 11 }, (_, s) => at(s, 0, s * 10, 50 + s));
    expect(pathLength(samples)).toBeCloseTo(100, 1);
  });
});
