import type { TrackPoint } from '@aos/contract';

/**
 * Replaying a stored flight: the drone's state at any instant between two stored points (positions, heights,
 * speed and battery linear; heading the short way round), and the cursor's progress at a chosen speed. Pure,
 * so the replay is tested without a map or a clock.
 */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 30] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplaySample {
  timestamp: number;
  longitude: number;
  latitude: number;
  height: number | null;
  elevation: number | null;
  /** degrees, -180..180 */
  heading: number | null;
  horizontalSpeed: number | null;
  batteryPercent: number | null;
  modeCode: number | null;
}

const lerp = (a: number, b: number, f: number) => a + (b - a) * f;

function lerpNullable(a: number | null, b: number | null, f: number): number | null {
  if (a === null) return b === null ? null : b;
  if (b === null) return a;
  return lerp(a, b, f);
}

/** Degrees brought into -180..180 (180 stays 180). */
export function normalizeHeading(degrees: number): number {
  const wrapped = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && degrees > 0 ? 180 : wrapped;
}

/** The heading a fraction `f` of the way from `a` to `b`, turning the short way (170° → -170° passes 180°). */
export function interpolateHeading(a: number | null, b: number | null, f: number): number | null {
  if (a === null || b === null) return a ?? b;
  return normalizeHeading(a + normalizeHeading(b - a) * f);
}

/** The index of the last point at or before `time` (-1 before the first). Points are in time order. */
export function pointIndexAt(points: readonly TrackPoint[], time: number): number {
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (points[middle]!.timestamp <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function sampleOf(point: TrackPoint, timestamp = point.timestamp): ReplaySample {
  return {
    timestamp,
    longitude: point.longitude,
    latitude: point.latitude,
    height: point.height,
    elevation: point.elevation,
    heading: point.heading,
    horizontalSpeed: point.horizontalSpeed,
    batteryPercent: point.batteryPercent,
    modeCode: point.modeCode,
  };
}

/** The drone at `time`, clamped to the flight; null for a flight without points. */
export function sampleAt(points: readonly TrackPoint[], time: number): ReplaySample | null {
  if (!points.length) return null;
  const index = pointIndexAt(points, time);
  if (index < 0) return sampleOf(points[0]!);
  if (index >= points.length - 1) return sampleOf(points[points.length - 1]!);
  const from = points[index]!;
  const to = points[index + 1]!;
  const span = to.timestamp - from.timestamp;
  const f = span > 0 ? (time - from.timestamp) / span : 0;
  return {
    timestamp: time,
    longitude: lerp(from.longitude, to.longitude, f),
    latitude: lerp(from.latitude, to.latitude, f),
    height: lerpNullable(from.height, to.height, f),
    elevation: lerpNullable(from.elevation, to.elevation, f),
    heading: interpolateHeading(from.heading, to.heading, f),
    horizontalSpeed: lerpNullable(from.horizontalSpeed, to.horizontalSpeed, f),
    batteryPercent: lerpNullable(from.batteryPercent, to.batteryPercent, f),
    // a mode is a state, not a quantity: the last one reported holds until the next
    modeCode: from.modeCode,
  };
}

/** The positions flown up to `time` (every stored point before it, then the drone's place now). */
export function flownPath(points: readonly TrackPoint[], time: number): Array<[number, number]> {
  const index = pointIndexAt(points, time);
  if (index < 0) return [];
  const path = points.slice(0, index + 1).map((point): [number, number] => [point.longitude, point.latitude]);
  const now = sampleAt(points, time);
  if (now && index < points.length - 1) path.push([now.longitude, now.latitude]);
  return path;
}

/** The cursor after `elapsedMs` of wall time at `speed`, never past `end`. */
export function advance(cursor: number, elapsedMs: number, speed: number, end: number): number {
  return Math.min(end, cursor + elapsedMs * speed);
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatClock(milliseconds: number): string {
  const total = Math.max(0, Math.round(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
