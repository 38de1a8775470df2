import { EARTH_RADIUS_M, haversineM, SPEED_RANGE } from '@aos/contract';
import simplify from 'simplify-js';

/** One recorded position of the drone (a telemetry sample), in time order. */
export interface PathSample {
  /** ms */
  at: number;
  longitude: number;
  latitude: number;
  /** metres in the route's height reference */
  height: number;
  /** horizontal speed the drone reported, m/s */
  speed: number | null;
}

/** A waypoint of the recorded route: the sample it keeps (`index`), with the speed of the leg it starts. */
export interface RecordedWaypoint {
  index: number;
  longitude: number;
  latitude: number;
  height: number;
  speedMS: number;
}

export interface PathOptions {
  /** the most a sample may lie from its leg, horizontally and in the height profile, m */
  toleranceM: number;
  /** the least 3-D distance between consecutive waypoints, m (it wins over the tolerance) */
  minSpacingM: number;
}

/** The horizontal length of the path, m (as the flight tracks measure it). */
export function pathLength(samples: readonly PathSample[]): number {
  let total = 0;
  for (let index = 1; index < samples.length; index++) {
    const a = samples[index - 1]!;
    const b = samples[index]!;
    total += haversineM([a.longitude, a.latitude], [b.longitude, b.latitude]);
  }
  return total;
}

interface Planar {
  x: number;
  y: number;
  index: number;
}

/** Local east/north metres about the first sample (equirectangular: exact enough over a drone's range). */
export function projector(origin: { longitude: number; latitude: number }) {
  const rad = Math.PI / 180;
  const cos = Math.cos(origin.latitude * rad);
  return (sample: { longitude: number; latitude: number }) => ({
    x: (sample.longitude - origin.longitude) * rad * EARTH_RADIUS_M * cos,
    y: (sample.latitude - origin.latitude) * rad * EARTH_RADIUS_M,
  });
}

/** Distance from p to the segment a–b, in the plane. */
export function segmentDistance(
  p: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const squared = dx * dx + dy * dy;
  const t = squared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const clampSpeed = (speed: number) =>
  Math.round(Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, speed)) * 10) / 10;

/**
 * The waypoints of a flown path: Douglas–Peucker (simplify-js) on the horizontal path in local metres and on
 * the height profile (height against the distance flown), the points either keeps, then any leg a sample
 * still strays from by more than the tolerance (possible where the two selections meet) split at its worst
 * sample, so every sample lies within `toleranceM` of its leg horizontally and in the profile. Consecutive
 * waypoints closer than `minSpacingM` (3-D) are thinned (the last one stays). Each waypoint's speed is the mean
 * the drone reported over the leg it starts (else the leg's length over its time), within the route speeds.
 */
export function recordedWaypoints(samples: readonly PathSample[], options: PathOptions): RecordedWaypoint[] {
  if (samples.length < 2) return [];
  const project = projector(samples[0]!);
  const plane: Planar[] = samples.map((sample, index) => ({ ...project(sample), index }));
  const along: number[] = [0];
  for (let index = 1; index < plane.length; index++)
    along.push(
      along[index - 1]! +
        Math.hypot(plane[index]!.x - plane[index - 1]!.x, plane[index]!.y - plane[index - 1]!.y),
    );
  const profile: Planar[] = samples.map((sample, index) => ({ x: along[index]!, y: sample.height, index }));

  const tolerance = options.toleranceM;
  const kept = new Set<number>();
  for (const point of simplify(plane, tolerance, true) as Planar[]) kept.add(point.index);
  for (const point of simplify(profile, tolerance, true) as Planar[]) kept.add(point.index);
  kept.add(0);
  kept.add(samples.length - 1);

  // every sample within the tolerance of its leg, in both measures
  let indexes = [...kept].sort((a, b) => a - b);
  for (let changed = true; changed;) {
    changed = false;
    const next: number[] = [indexes[0]!];
    for (let leg = 1; leg < indexes.length; leg++) {
      const from = indexes[leg - 1]!;
      const to = indexes[leg]!;
      let worst = -1;
      let worstBy = tolerance;
      for (let index = from + 1; index < to; index++) {
        const by = Math.max(
          segmentDistance(plane[index]!, plane[from]!, plane[to]!),
          segmentDistance(profile[index]!, profile[from]!, profile[to]!),
        );
        if (by > worstBy) {
          worst = index;
          worstBy = by;
        }
      }
      if (worst >= 0) {
        next.push(worst);
        changed = true;
      }
      next.push(to);
    }
    indexes = next;
  }

  // the least spacing (3-D), the last point kept
  const spaced: number[] = [indexes[0]!];
  const gap = (a: number, b: number) =>
    Math.hypot(plane[a]!.x - plane[b]!.x, plane[a]!.y - plane[b]!.y, samples[a]!.height - samples[b]!.height);
  for (const index of indexes.slice(1)) {
    if (gap(spaced[spaced.length - 1]!, index) >= options.minSpacingM) spaced.push(index);
  }
  const last = samples.length - 1;
  if (spaced[spaced.length - 1] !== last) {
    if (spaced.length > 1) spaced.pop();
    if (gap(spaced[spaced.length - 1]!, last) >= options.minSpacingM) spaced.push(last);
  }
  if (spaced.length < 2) return [];

  return spaced.map((index, position) => {
    const sample = samples[index]!;
    const legEnd = spaced[position + 1];
    const [from, to] = legEnd === undefined ? [spaced[position - 1]!, index] : [index, legEnd];
    const reported = samples
      .slice(from, to + 1)
      .map((each) => each.speed)
      .filter((speed): speed is number => speed !== null && speed >= 0);
    const seconds = (samples[to]!.at - samples[from]!.at) / 1000;
    const speed = reported.length
      ? reported.reduce((sum, each) => sum + each, 0) / reported.length
      : seconds > 0
        ? (along[to]! - along[from]!) / seconds
        : SPEED_RANGE.min;
    return {
      index,
      longitude: sample.longitude,
      latitude: sample.latitude,
      height: Math.round(sample.height * 10) / 10,
      speedMS: clampSpeed(speed),
    };
  });
}
