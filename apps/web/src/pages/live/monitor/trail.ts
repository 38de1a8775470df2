/**
 * The trail a flying drone leaves on the live map: its last few minutes of positions (map coordinates), drawn
 * as segments that fade with age. Pure, so the fading and the window are tested without a map.
 */
export interface TrailPoint {
  x: number;
  y: number;
  /** ms */
  t: number;
}

export const TRAIL_WINDOW_MS = 5 * 60_000;
/** Trail points closer than this (map units, about metres) to the last one are not kept. */
const MIN_STEP = 0.5;

/** The trail with `point` appended (unless it has not moved) and points older than the window dropped. */
export function appendTrail(
  trail: readonly TrailPoint[],
  point: TrailPoint,
  windowMs = TRAIL_WINDOW_MS,
): TrailPoint[] {
  const last = trail[trail.length - 1];
  const moved = !last || Math.hypot(point.x - last.x, point.y - last.y) >= MIN_STEP;
  const next = moved ? [...trail, point] : [...trail];
  return pruneTrail(next, point.t, windowMs);
}

/** Points newer than `now - windowMs`; the one just before the window stays so the line starts at its edge. */
export function pruneTrail(
  trail: readonly TrailPoint[],
  now: number,
  windowMs = TRAIL_WINDOW_MS,
): TrailPoint[] {
  const from = now - windowMs;
  let first = trail.findIndex((point) => point.t >= from);
  if (first === -1) return [];
  if (first > 0) first -= 1;
  return trail.slice(first);
}

export interface TrailSegment {
  coordinates: number[][];
  /** 0..1: the newest segment is the most opaque */
  opacity: number;
}

/**
 * The trail cut by age into `buckets` segments, oldest first, each sharing its first point with the previous
 * one's last so the line stays continuous. Opacity runs from `minOpacity` (oldest) to `maxOpacity` (newest).
 */
export function trailSegments(
  trail: readonly TrailPoint[],
  now: number,
  windowMs = TRAIL_WINDOW_MS,
  buckets = 6,
  minOpacity = 0.12,
  maxOpacity = 0.9,
): TrailSegment[] {
  if (trail.length < 2) return [];
  const bucketOf = (t: number) =>
    Math.min(buckets - 1, Math.max(0, Math.floor(((t - (now - windowMs)) / windowMs) * buckets)));
  const segments: TrailSegment[] = [];
  let current: number[][] = [[trail[0]!.x, trail[0]!.y]];
  let bucket = bucketOf(trail[1]!.t);
  for (let index = 1; index < trail.length; index += 1) {
    const point = trail[index]!;
    const pointBucket = bucketOf(point.t);
    if (pointBucket !== bucket && current.length > 1) {
      segments.push({ coordinates: current, opacity: opacityOf(bucket, buckets, minOpacity, maxOpacity) });
      current = [current[current.length - 1]!];
      bucket = pointBucket;
    }
    current.push([point.x, point.y]);
  }
  if (current.length > 1)
    segments.push({ coordinates: current, opacity: opacityOf(bucket, buckets, minOpacity, maxOpacity) });
  return segments;
}

function opacityOf(bucket: number, buckets: number, min: number, max: number): number {
  if (buckets <= 1) return max;
  return Number((min + ((max - min) * bucket) / (buckets - 1)).toFixed(3));
}
