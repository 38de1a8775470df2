import {
  AIRPORT_BUFFER_M,
  AIRPORT_HEIGHT_LIMIT_END_M,
  AIRPORT_HEIGHT_LIMIT_SIDE_M,
  EARTH_RADIUS_M,
  haversineM,
  type LonLatPosition,
  type PolygonGeometry,
} from '@aos/contract';

/**
 * The two areas of a civil airport (spec §9), computed on the sphere (the radius turf and the spatial index
 * measure with) from the runway's thresholds:
 * - the buffer: every point within 10 km of the runway (the runway segment buffered: a stadium, two half
 *   circles joined along the sides);
 * - the height-limit area: 10 km either side of the runway centreline and 20 km beyond both thresholds (a
 *   rectangle along the runway's great circle).
 * Long edges are cut into pieces of at most EDGE_STEP_M with each node placed on the sphere, so that the
 * straight longitude/latitude edges the predicates test stay within a metre of the true outline; the arcs
 * have a node every ARC_STEP_DEG degrees (a chord is then at most 10 km × (1 − cos 1°) ≈ 1.5 m inside the
 * circle). Rings are closed and counter-clockwise (RFC 7946).
 */

const ARC_STEP_DEG = 2;
const EDGE_STEP_M = 1_000;

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface Runway {
  start: LonLatPosition;
  end: LonLatPosition;
}

const normalizeLongitude = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;
const normalizeBearing = (bearing: number) => ((bearing % 360) + 360) % 360;
/** Nodes rounded to 1e-7° (about 1 cm): stable output, no float noise in what is stored. */
const rounded = ([longitude, latitude]: LonLatPosition): LonLatPosition => [
  Math.round(longitude * 1e7) / 1e7,
  Math.round(latitude * 1e7) / 1e7,
];

/** Initial bearing from `a` to `b`, degrees clockwise from north, 0..360. */
export function bearingDeg(a: LonLatPosition, b: LonLatPosition): number {
  const φ1 = a[1] * RAD;
  const φ2 = b[1] * RAD;
  const dλ = (b[0] - a[0]) * RAD;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return normalizeBearing(Math.atan2(y, x) * DEG);
}

/** The position `metres` from `from` along the great circle leaving at `bearing` degrees. */
export function destination(from: LonLatPosition, metres: number, bearing: number): LonLatPosition {
  const φ1 = from[1] * RAD;
  const λ1 = from[0] * RAD;
  const δ = metres / EARTH_RADIUS_M;
  const θ = bearing * RAD;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return [normalizeLongitude(λ2 * DEG), φ2 * DEG];
}

/**
 * A point of the runway's great circle `along` metres from the start (negative: behind it, beyond the start
 * threshold), with the circle's direction there (towards the end threshold's side).
 */
function alongRunway(runway: Runway, along: number): { at: LonLatPosition; heading: number } {
  const heading = bearingDeg(runway.start, runway.end);
  if (along === 0) return { at: runway.start, heading };
  const at = destination(runway.start, Math.abs(along), along > 0 ? heading : heading + 180);
  // The direction at `at` of travel away from the start (along > 0) or towards it (along < 0).
  const back = bearingDeg(at, runway.start);
  return { at, heading: normalizeBearing(along > 0 ? back + 180 : back) };
}

/** Offsets from `from` to `to` metres in steps of at most EDGE_STEP_M, both ends included. */
function steps(from: number, to: number): number[] {
  const count = Math.max(1, Math.ceil(Math.abs(to - from) / EDGE_STEP_M));
  return Array.from({ length: count + 1 }, (_, index) => from + ((to - from) * index) / count);
}

/** An arc of `radius` around `center` from bearing `from` to `to` (increasing, clockwise), ends included. */
function arc(center: LonLatPosition, radius: number, from: number, to: number): LonLatPosition[] {
  const count = Math.max(1, Math.ceil((to - from) / ARC_STEP_DEG));
  return Array.from({ length: count + 1 }, (_, index) =>
    destination(center, radius, from + ((to - from) * index) / count),
  );
}

/** Closed and counter-clockwise from a clockwise list of nodes. */
function ringOf(clockwise: LonLatPosition[]): PolygonGeometry {
  const ring = clockwise.map(rounded).reverse();
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The runway's length, metres on the sphere. */
export const runwayLength = (runway: Runway) => haversineM(runway.start, runway.end);

/** Spec §9: the buffer of `radius` (10 km) around the runway segment. */
export function runwayBuffer(runway: Runway, radius = AIRPORT_BUFFER_M): PolygonGeometry {
  const length = runwayLength(runway);
  const start = alongRunway(runway, 0);
  const end = alongRunway(runway, length);
  // Clockwise: the half circle beyond the end, the right side back to the start, the half circle behind the
  // start, the left side forward to the end.
  const nodes: LonLatPosition[] = [...arc(end.at, radius, end.heading - 90, end.heading + 90)];
  for (const offset of steps(length, 0).slice(1, -1)) {
    const point = alongRunway(runway, offset);
    nodes.push(destination(point.at, radius, point.heading + 90));
  }
  nodes.push(...arc(start.at, radius, start.heading + 90, start.heading + 270));
  for (const offset of steps(0, length).slice(1, -1)) {
    const point = alongRunway(runway, offset);
    nodes.push(destination(point.at, radius, point.heading - 90));
  }
  return ringOf(nodes);
}

/**
 * Spec §9: the height-limit area, `side` (10 km) either side of the centreline and `beyond` (20 km) past both
 * thresholds.
 */
export function runwayHeightLimitArea(
  runway: Runway,
  side = AIRPORT_HEIGHT_LIMIT_SIDE_M,
  beyond = AIRPORT_HEIGHT_LIMIT_END_M,
): PolygonGeometry {
  const length = runwayLength(runway);
  const offsets = steps(-beyond, length + beyond);
  const left = offsets.map((offset) => {
    const point = alongRunway(runway, offset);
    return destination(point.at, side, point.heading - 90);
  });
  const right = offsets.map((offset) => {
    const point = alongRunway(runway, offset);
    return destination(point.at, side, point.heading + 90);
  });
  // Clockwise: up the left side, down the right side.
  return ringOf([...left, ...right.reverse()]);
}
