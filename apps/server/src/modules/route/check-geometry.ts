import { type AreaGeometry, haversineM, type LonLatPosition } from '@aos/contract';
import booleanIntersects from '@turf/boolean-intersects';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import booleanWithin from '@turf/boolean-within';
import { lineString, point as turfPoint, polygon } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';

/**
 * The pure parts of the route checks (check.service.ts): which waypoints and legs of a route lie in an area,
 * how far a route strays from a point, and how long the flight to and from its waylines takes.
 */

/** A waypoint as the checks see it: `[lon, lat, height]`, the height in the route's height mode. */
export type CheckPoint = [number, number, number];
/** `[wayline, index]` of a waypoint. */
export type PointRef = [number, number];

/** Vertical speed assumed for the climb to the safe take-off height, m/s (DJI's docked aircraft climb at 6). */
export const CLIMB_SPEED_MS = 5;

/** The height band an area applies in (null: unbounded). */
export interface Band {
  floor: number | null;
  ceiling: number | null;
}

const inBand = (height: number, band: Band | undefined) =>
  !band ||
  ((band.floor === null || band.floor <= height) && (band.ceiling === null || band.ceiling >= height));

const position = (point: CheckPoint): LonLatPosition => [point[0], point[1]];

/**
 * Is a waypoint in an area (boundary included)? A circle's radius is metres on the sphere (haversine); a
 * polygon is tested in longitude/latitude, as the GIS area's own predicates do (gis/spatial/predicates.ts).
 */
export function pointIn(at: LonLatPosition, area: AreaGeometry): boolean {
  if (area.type === 'Circle') return haversineM(at, area.center) <= area.radius;
  return booleanPointInPolygon(turfPoint(at), polygon(area.coordinates));
}

/** Does the leg from `a` to `b` touch the area, and does it lie wholly inside it? */
export function legIn(
  a: LonLatPosition,
  b: LonLatPosition,
  area: AreaGeometry,
): { touches: boolean; within: boolean } {
  if (area.type === 'Circle') {
    // a circle is convex: a leg with both ends inside stays inside
    const within = pointIn(a, area) && pointIn(b, area);
    const touches =
      within ||
      pointToLineDistance(turfPoint(area.center), lineString([a, b]), { units: 'meters' }) <= area.radius;
    return { touches, within };
  }
  const leg = lineString([a, b]);
  const shape = polygon(area.coordinates);
  if (!booleanIntersects(leg, shape)) return { touches: false, within: false };
  return { touches: true, within: booleanWithin(leg, shape) };
}

/**
 * The waypoints concerned by an area the route must not enter: every waypoint inside it (at a height in its
 * band), and both ends of every leg that crosses it (at the higher of its ends' heights in the band) though
 * neither end is inside. Sorted by wayline then index, each once.
 */
export function pointsInside(waylines: readonly CheckPoint[][], area: AreaGeometry, band?: Band): PointRef[] {
  const found = new Set<string>();
  waylines.forEach((points, wayline) => {
    points.forEach((point, index) => {
      if (inBand(point[2], band) && pointIn(position(point), area)) found.add(`${wayline},${index}`);
    });
    for (let index = 1; index < points.length; index++) {
      const from = points[index - 1]!;
      const to = points[index]!;
      if (!inBand(Math.max(from[2], to[2]), band)) continue;
      if (legIn(position(from), position(to), area).touches) {
        found.add(`${wayline},${index - 1}`);
        found.add(`${wayline},${index}`);
      }
    }
  });
  return sortRefs(found);
}

/**
 * The waypoints concerned by an area the route must stay inside: every waypoint outside it, and both ends of
 * every leg that leaves it (a leg out of a concave area between two waypoints inside).
 */
export function pointsOutside(waylines: readonly CheckPoint[][], area: AreaGeometry): PointRef[] {
  const found = new Set<string>();
  waylines.forEach((points, wayline) => {
    points.forEach((point, index) => {
      if (!pointIn(position(point), area)) found.add(`${wayline},${index}`);
    });
    for (let index = 1; index < points.length; index++) {
      if (!legIn(position(points[index - 1]!), position(points[index]!), area).within) {
        found.add(`${wayline},${index - 1}`);
        found.add(`${wayline},${index}`);
      }
    }
  });
  return sortRefs(found);
}

function sortRefs(keys: Set<string>): PointRef[] {
  return [...keys]
    .map((key) => key.split(',').map(Number) as PointRef)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Every waypoint, as references. */
export const allPoints = (waylines: readonly CheckPoint[][]): PointRef[] =>
  waylines.flatMap((points, wayline) => points.map((_, index): PointRef => [wayline, index]));

/** The waypoints farther than `radiusM` from `center`, and the farthest distance of any waypoint, metres. */
export function beyondRadius(
  waylines: readonly CheckPoint[][],
  center: LonLatPosition,
  radiusM: number,
): { points: PointRef[]; farthestM: number } {
  let farthestM = 0;
  const points: PointRef[] = [];
  waylines.forEach((line, wayline) =>
    line.forEach((point, index) => {
      const metres = haversineM(center, position(point));
      farthestM = Math.max(farthestM, metres);
      if (metres > radiusM) points.push([wayline, index]);
    }),
  );
  return { points, farthestM };
}

/**
 * The time a flight spends outside its waylines, seconds: the climb to the safe take-off height at
 * CLIMB_SPEED_MS, the transit from the take-off point (the dock; the first waypoint when there is none) to
 * the first waypoint, between consecutive waylines, and back from the last waypoint, all at the transitional
 * speed (horizontal great-circle distance).
 */
export function transitTimeS(
  waylines: readonly CheckPoint[][],
  options: { takeoff: LonLatPosition | null; transitionalSpeedMS: number; takeOffSecurityHeightM: number },
): number {
  const lines = waylines.filter((line) => line.length > 0);
  if (!lines.length) return 0;
  const first = position(lines[0]![0]!);
  const home = options.takeoff ?? first;
  let metres = haversineM(home, first);
  for (let index = 1; index < lines.length; index++) {
    metres += haversineM(position(lines[index - 1]!.at(-1)!), position(lines[index]![0]!));
  }
  metres += haversineM(position(lines.at(-1)!.at(-1)!), home);
  return metres / options.transitionalSpeedMS + options.takeOffSecurityHeightM / CLIMB_SPEED_MS;
}

/**
 * Does an airspace application's aircraft model (free text, or the catalogue name the console fills in) name
 * the catalogue model? Compared without case, spaces, punctuation and the maker's name, "Matrice" shortened
 * to "M" as DJI itself writes it (M3TD, M30T): "Matrice 3TD", "DJI M3TD" and "m3td" name the same model.
 */
export function sameAircraftModel(text: string | null, names: readonly string[]): boolean {
  if (!text) return false;
  const key = (value: string) =>
    value
      .toLowerCase()
      .replace(/dji|大疆/g, '')
      .replace(/matrice/g, 'm')
      .replace(/rtk/g, '')
      .replace(/[^a-z0-9\u4e00-\u9fff]/g, '');
  const wanted = key(text);
  return wanted.length > 0 && names.some((name) => key(name) === wanted);
}
