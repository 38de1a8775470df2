import { type FlightAreaFile, type GeofenceType } from '@aos/contract';
import { type AirPoint, bearingDeg, destination, distanceM, type GeoPoint } from './flight.js';

/**
 * The custom flight areas a simulated dock holds (DJI's file, contract gis/flight-areas.ts) and the checks its
 * aircraft makes against them: a custom no-fly zone (`nfz`) may not be entered, a custom task area (`dfence`)
 * may not be left. Geometry is planar in metres around the point in question (an equirectangular projection):
 * over the few kilometres of a dock's flights the error is centimetres, far below the stopping margin.
 */

export type SimAreaShape =
  { kind: 'circle'; center: GeoPoint; radius: number } | { kind: 'polygon'; rings: GeoPoint[][] };

export interface SimArea {
  /** the feature's id (DJI `area_id`) */
  id: string;
  type: GeofenceType;
  enabled: boolean;
  shape: SimAreaShape;
}

/** The aircraft stops this far (m) before a boundary it may not cross. */
export const BOUNDARY_MARGIN_M = 5;

/** Where a step was stopped and why. */
export interface AreaBlock {
  area: SimArea;
  /** where the aircraft stops instead */
  stop: AirPoint;
  /** metres from the stop to the boundary */
  distance: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

interface XY {
  x: number;
  y: number;
}

/** `point` in metres east and north of `origin`. */
function project(origin: GeoPoint, point: GeoPoint): XY {
  return {
    x: rad(point.longitude - origin.longitude) * EARTH_RADIUS_M * Math.cos(rad(origin.latitude)),
    y: rad(point.latitude - origin.latitude) * EARTH_RADIUS_M,
  };
}

/** The file's features as areas. */
export function areasOf(file: FlightAreaFile): SimArea[] {
  return file.features.map((feature): SimArea => {
    const base = { id: feature.id, type: feature.geofence_type, enabled: feature.properties.enable };
    if (feature.geometry.type === 'Point') {
      const [longitude, latitude] = feature.geometry.coordinates;
      return {
        ...base,
        shape: { kind: 'circle', center: { latitude, longitude }, radius: feature.properties.radius },
      };
    }
    return {
      ...base,
      shape: {
        kind: 'polygon',
        rings: feature.geometry.coordinates.map((ring) =>
          ring.map(([longitude, latitude]) => ({ latitude, longitude })),
        ),
      },
    };
  });
}

/** Ray casting in metres around `point` (the outer ring in, no hole). */
export function isInside(area: SimArea, point: GeoPoint): boolean {
  const shape = area.shape;
  if (shape.kind === 'circle') return distanceM(point, shape.center) <= shape.radius;
  const inRing = (ring: GeoPoint[]) => {
    let inside = false;
    const nodes = ring.map((node) => project(point, node));
    for (let i = 0, j = nodes.length - 1; i < nodes.length; j = i++) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      if (a.y > 0 !== b.y > 0 && 0 < ((b.x - a.x) * (0 - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
    return inside;
  };
  const [outer, ...holes] = shape.rings;
  return !!outer && inRing(outer) && !holes.some(inRing);
}

/** Metres from `point` to the area's boundary. */
export function boundaryDistance(area: SimArea, point: GeoPoint): number {
  const shape = area.shape;
  if (shape.kind === 'circle') return Math.abs(distanceM(point, shape.center) - shape.radius);
  let best = Infinity;
  for (const ring of shape.rings) {
    const nodes = ring.map((node) => project(point, node));
    for (let i = 1; i < nodes.length; i += 1) {
      best = Math.min(best, segmentDistance({ x: 0, y: 0 }, nodes[i - 1]!, nodes[i]!));
    }
  }
  return best;
}

function segmentDistance(p: XY, a: XY, b: XY): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The first fraction t ∈ [0, 1] of the segment from → to where it meets the area's boundary, or null. */
export function firstCrossing(area: SimArea, from: GeoPoint, to: GeoPoint): number | null {
  const b = project(from, to);
  const shape = area.shape;
  if (shape.kind === 'circle') {
    const c = project(from, shape.center);
    // |t·b − c|² = r²  →  (b·b) t² − 2 (b·c) t + (c·c − r²) = 0
    const qa = b.x * b.x + b.y * b.y;
    if (qa === 0) return null;
    const qb = -2 * (b.x * c.x + b.y * c.y);
    const qc = c.x * c.x + c.y * c.y - shape.radius * shape.radius;
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) return null;
    const roots = [(-qb - Math.sqrt(disc)) / (2 * qa), (-qb + Math.sqrt(disc)) / (2 * qa)];
    return roots.filter((t) => t >= 0 && t <= 1).sort((x, y) => x - y)[0] ?? null;
  }
  let best: number | null = null;
  for (const ring of shape.rings) {
    const nodes = ring.map((node) => project(from, node));
    for (let i = 1; i < nodes.length; i += 1) {
      const t = segmentIntersection(b, nodes[i - 1]!, nodes[i]!);
      if (t !== null && (best === null || t < best)) best = t;
    }
  }
  return best;
}

/** t along (0,0) → b where it meets the segment p → q, or null. */
function segmentIntersection(b: XY, p: XY, q: XY): number | null {
  const r = { x: q.x - p.x, y: q.y - p.y };
  const denominator = b.x * r.y - b.y * r.x;
  if (denominator === 0) return null;
  const t = (p.x * r.y - p.y * r.x) / denominator;
  const u = (p.x * b.y - p.y * b.x) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/**
 * Whether moving from → to would bring the aircraft closer than BOUNDARY_MARGIN_M to a no-fly zone it is
 * outside (or into it), or to the edge of a task area it is inside (or out of it): DJI stops a task there. If
 * so, the first such area and where to stop: the farthest point of the step still BOUNDARY_MARGIN_M from the
 * boundary (the step's start when it is already closer).
 */
export function checkStep(areas: readonly SimArea[], from: AirPoint, to: AirPoint): AreaBlock | null {
  const length = distanceM(from, to);
  if (length === 0) return null;
  const bearing = bearingDeg(from, to);
  const along = (fraction: number): GeoPoint => destination(from, bearing, fraction * length);
  let first: { area: SimArea; at: number } | null = null;
  for (const area of areas) {
    if (!area.enabled) continue;
    const inside = isInside(area, from);
    // A no-fly zone matters from outside it, a task area from inside it.
    if (area.type === 'nfz' ? inside : !inside) continue;
    let end = firstCrossing(area, from, to);
    if (end === null && isInside(area, to) !== inside) end = 1;
    const startDistance = boundaryDistance(area, from);
    const endDistance = boundaryDistance(area, to);
    const approaching = endDistance < BOUNDARY_MARGIN_M && endDistance < startDistance;
    if (end === null && !approaching) continue;
    end ??= 1;
    // The farthest fraction of [0, end] still at the margin (the distance shrinks toward the boundary).
    let at = 0;
    if (startDistance >= BOUNDARY_MARGIN_M) {
      let low = 0;
      let high = end;
      for (let step = 0; step < 40; step += 1) {
        const middle = (low + high) / 2;
        if (boundaryDistance(area, along(middle)) >= BOUNDARY_MARGIN_M) low = middle;
        else high = middle;
      }
      at = low;
    }
    if (first === null || at < first.at) first = { area, at };
  }
  if (!first) return null;
  const point = first.at === 0 ? from : along(first.at);
  const stop = {
    latitude: point.latitude,
    longitude: point.longitude,
    elevation: from.elevation + (to.elevation - from.elevation) * first.at,
  };
  return { area: first.area, stop, distance: boundaryDistance(first.area, stop) };
}

/** DJI's `drone_locations`: each area in force, its boundary's distance and whether the point is inside. */
export function droneLocations(areas: readonly SimArea[], point: GeoPoint) {
  return areas
    .filter((area) => area.enabled)
    .map((area) => ({
      area_id: area.id,
      area_distance: Math.round(boundaryDistance(area, point) * 10) / 10,
      is_in_area: isInside(area, point),
    }))
    .sort((a, b) => a.area_distance - b.area_distance);
}
