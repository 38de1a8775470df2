import { EARTH_RADIUS_M, type LonLatPosition } from '../../gis/geometry.js';

/**
 * Spherical geometry the planners need, written out (no geometry library in the contract): great-circle
 * lengths on the mean-radius sphere (what turf and the rest of the platform measure with) and a local
 * east-north plane around a reference point. The plane is equirectangular about the reference latitude: x =
 * R·cos φ₀·Δλ, y = R·Δφ. Within 10 km of the reference its scale error stays under 0.1 % (tan φ₀·Δφ), far
 * below what a photo footprint cares about, and it converts back exactly, so planned points land where the
 * plane put them.
 */

const RADIANS = Math.PI / 180;

/** A point of the local plane: metres east and north of the reference. */
export type Enu = [east: number, north: number];

/** Great-circle distance in metres between two `[longitude, latitude]` (haversine). */
export function haversineM(a: LonLatPosition, b: LonLatPosition): number {
  const φ1 = a[1] * RADIANS;
  const φ2 = b[1] * RADIANS;
  const dφ = φ2 - φ1;
  const dλ = (b[0] - a[0]) * RADIANS;
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in metres of a path along great circles. */
export function geodesicLengthM(path: readonly LonLatPosition[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += haversineM(path[i - 1]!, path[i]!);
  return total;
}

/** A local plane around `origin`: to and from metres east and north. */
export interface LocalPlane {
  origin: LonLatPosition;
  toEnu(position: LonLatPosition): Enu;
  toLonLat(point: Enu): LonLatPosition;
}

export function localPlane(origin: LonLatPosition): LocalPlane {
  const kx = EARTH_RADIUS_M * Math.cos(origin[1] * RADIANS) * RADIANS;
  const ky = EARTH_RADIUS_M * RADIANS;
  return {
    origin,
    toEnu: ([longitude, latitude]) => [(longitude - origin[0]) * kx, (latitude - origin[1]) * ky],
    toLonLat: ([east, north]) => [origin[0] + east / kx, origin[1] + north / ky],
  };
}

/** The plane centred on the middle of the positions' box (so the box's corners are the farthest points). */
export function planeAround(positions: readonly LonLatPosition[]): LocalPlane {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [longitude, latitude] of positions) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return localPlane([(west + east) / 2, (south + north) / 2]);
}

/** Signed area of a ring in the plane (shoelace; counter-clockwise positive), closing copy optional. */
export function signedAreaM2(ring: readonly Enu[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  }
  return sum / 2;
}

/** Area of a polygon (outer ring minus holes) in square metres. */
export function polygonAreaM2(rings: readonly (readonly Enu[])[]): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  return Math.abs(signedAreaM2(outer)) - holes.reduce((sum, hole) => sum + Math.abs(signedAreaM2(hole)), 0);
}

/** Rotate a plane point by `angle` radians counter-clockwise. */
export function rotate([x, y]: Enu, cos: number, sin: number): Enu {
  return [x * cos - y * sin, x * sin + y * cos];
}

function cross(o: Enu, a: Enu, b: Enu): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Whether segments p1p2 and p3p4 cross or touch (collinear overlaps included). */
function segmentsMeet(p1: Enu, p2: Enu, p3: Enu, p4: Enu): boolean {
  const d1 = cross(p3, p4, p1);
  const d2 = cross(p3, p4, p2);
  const d3 = cross(p1, p2, p3);
  const d4 = cross(p1, p2, p4);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: Enu, q: Enu, r: Enu) =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  return (
    (d1 === 0 && on(p3, p4, p1)) ||
    (d2 === 0 && on(p3, p4, p2)) ||
    (d3 === 0 && on(p1, p2, p3)) ||
    (d4 === 0 && on(p1, p2, p4))
  );
}

/**
 * Whether the rings' edges cross one another or themselves (neighbouring edges of one ring share their node
 * and do not count). Rings are open (no closing copy). Edges are sorted by their west end so that each is
 * tested only against the edges whose x range overlaps it: fast for the polygons an operator draws.
 */
export function ringsCross(rings: readonly (readonly Enu[])[]): boolean {
  interface Edge {
    ring: number;
    index: number;
    size: number;
    a: Enu;
    b: Enu;
    west: number;
    east: number;
  }
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      edges.push({
        ring: r,
        index: i,
        size: ring.length,
        a,
        b,
        west: Math.min(a[0], b[0]),
        east: Math.max(a[0], b[0]),
      });
    }
  });
  edges.sort((p, q) => p.west - q.west);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i]!;
    for (let j = i + 1; j < edges.length && edges[j]!.west <= e.east; j++) {
      const f = edges[j]!;
      if (e.ring === f.ring) {
        const gap = Math.abs(e.index - f.index);
        if (gap === 1 || gap === e.size - 1) continue;
      }
      if (segmentsMeet(e.a, e.b, f.a, f.b)) return true;
    }
  }
  return false;
}
