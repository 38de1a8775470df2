import { z } from 'zod';
import { isLonLat } from '../common/geo.js';
import { RADIUS_MIN } from '../common/constants.js';
import { num } from '../common/schemas.js';

/**
 * Geometry as the platform stores and sends it (spec §5 "Geometry"): GeoJSON `Point`, `LineString` and
 * `Polygon` in WGS-84 (`[longitude, latitude]`, decimal degrees), plus `Circle`, which GeoJSON has no word for:
 * a centre and a radius in metres. These schemas hold the structural rules (coordinates in range, a line
 * keeps 2 endpoints, a ring 3 nodes and is closed, radius ≥ 5 m); that a ring does not cross itself is the
 * server's check (modules/gis/spatial), which needs a geometry library the console should not load.
 */

/** Past this many nodes a single geometry is not something an operator drew: refused, not stored. */
export const GEOMETRY_MAX_NODES = 20_000;
/** A polygon's outer ring plus at most this many holes (a shapefile import may bring some). */
export const GEOMETRY_MAX_RINGS = 100;
/** 1,000 km: larger "circles" are typing mistakes (and would wrap round the earth in a bounding box). */
export const CIRCLE_RADIUS_MAX = 1_000_000;

/** Spec §5: a line keeps at least 2 endpoints, a polygon (airspace, no-fly zone, fence) at least 3 nodes. */
export const MIN_NODES = { LineString: 2, Polygon: 3 } as const;

export type LonLatPosition = [longitude: number, latitude: number];

/** One `[longitude, latitude]`; an altitude a file carries as a third number is dropped. */
export const Position = z
  .array(z.number({ message: 'validation.coordinates' }), { message: 'validation.coordinates' })
  .min(2, { message: 'validation.coordinates' })
  .max(3, { message: 'validation.coordinates' })
  .refine(([longitude, latitude]) => isLonLat(longitude!, latitude!), { message: 'validation.coordinates' })
  .transform(([longitude, latitude]) => [longitude, latitude] as LonLatPosition);

const samePosition = (a: LonLatPosition, b: LonLatPosition) => a[0] === b[0] && a[1] === b[1];

/** Nodes of a path without repeats of the node before (a double click in an editor adds one). */
function withoutRepeats(positions: LonLatPosition[]): LonLatPosition[] {
  return positions.filter((position, index) => index === 0 || !samePosition(position, positions[index - 1]!));
}

/** A ring's distinct nodes: without repeats and without the closing copy of the first. */
export function ringNodes(ring: LonLatPosition[]): LonLatPosition[] {
  const nodes = withoutRepeats(ring);
  if (nodes.length > 1 && samePosition(nodes[0]!, nodes[nodes.length - 1]!)) nodes.pop();
  return nodes;
}

/** The ring closed as GeoJSON wants it (last node = first), repeats removed. */
export function closeRing(ring: LonLatPosition[]): LonLatPosition[] {
  const nodes = ringNodes(ring);
  return nodes.length ? [...nodes, nodes[0]!] : nodes;
}

export const PointGeometry = z.object({ type: z.literal('Point'), coordinates: Position });

export const LineGeometry = z.object({
  type: z.literal('LineString'),
  coordinates: z
    .array(Position, { message: 'gis.lineMin' })
    .max(GEOMETRY_MAX_NODES, { message: 'gis.tooManyNodes' })
    .transform(withoutRepeats)
    .refine((nodes) => nodes.length >= MIN_NODES.LineString, { message: 'gis.lineMin' }),
});

const Ring = z
  .array(Position, { message: 'gis.polygonMin' })
  .max(GEOMETRY_MAX_NODES, { message: 'gis.tooManyNodes' })
  .refine((ring) => ringNodes(ring).length >= MIN_NODES.Polygon, { message: 'gis.polygonMin' })
  .transform(closeRing);

export const PolygonGeometry = z.object({
  type: z.literal('Polygon'),
  /** the outer ring first, then holes; each closed on the way in when the sender left it open */
  coordinates: z
    .array(Ring, { message: 'gis.polygonMin' })
    .min(1, { message: 'gis.polygonMin' })
    .max(GEOMETRY_MAX_RINGS, { message: 'gis.tooManyRings' })
    .refine((rings) => rings.reduce((sum, ring) => sum + ring.length, 0) <= GEOMETRY_MAX_NODES, {
      message: 'gis.tooManyNodes',
    }),
});

/** Spec §5 radius: not empty, not under 5 m (the spec's two messages), and not past CIRCLE_RADIUS_MAX. */
export const CircleRadius = num(
  z
    .number({ message: 'validation.radiusEmpty' })
    .min(RADIUS_MIN, { message: 'validation.radiusMin' })
    .max(CIRCLE_RADIUS_MAX, { message: 'gis.radiusMax' }),
  { ownMessage: true },
);

export const CircleGeometry = z.object({
  type: z.literal('Circle'),
  center: Position,
  /** metres, at least RADIUS_MIN */
  radius: CircleRadius,
});

export const Geometry = z.discriminatedUnion(
  'type',
  [PointGeometry, LineGeometry, PolygonGeometry, CircleGeometry],
  {
    message: 'gis.geometryType',
  },
);
export type Geometry = z.infer<typeof Geometry>;
export type PointGeometry = z.infer<typeof PointGeometry>;
export type LineGeometry = z.infer<typeof LineGeometry>;
export type PolygonGeometry = z.infer<typeof PolygonGeometry>;
export type CircleGeometry = z.infer<typeof CircleGeometry>;
export type GeometryType = Geometry['type'];

/** A range (airspace, no-fly zone, fly zone, fence): a polygon or a circle. */
export const AreaGeometry = z.discriminatedUnion('type', [PolygonGeometry, CircleGeometry], {
  message: 'gis.areaType',
});
export type AreaGeometry = z.infer<typeof AreaGeometry>;

/** A mark or a map layer's feature: a point, a line or a polygon. */
export const FeatureGeometry = z.discriminatedUnion('type', [PointGeometry, LineGeometry, PolygonGeometry], {
  message: 'gis.featureType',
});
export type FeatureGeometry = z.infer<typeof FeatureGeometry>;

/**
 * Spec §5: may a node be deleted from a geometry that has `nodes` distinct nodes? A line keeps 2 endpoints,
 * a polygon 3 nodes; the answer is the message key that refuses it, or undefined when it may go.
 */
export function nodeRemovalError(
  type: GeometryType,
  nodes: number,
): 'gis.lineMin' | 'gis.polygonMin' | undefined {
  if (type === 'LineString' && nodes <= MIN_NODES.LineString) return 'gis.lineMin';
  if (type === 'Polygon' && nodes <= MIN_NODES.Polygon) return 'gis.polygonMin';
  return undefined;
}

// ------------------------------------------------------------------------------------------------ extents

/** `[west, south, east, north]` in degrees. */
export type Bbox = [west: number, south: number, east: number, north: number];

/** Mean earth radius (IUGG), metres: what turf and the bounding boxes below measure with. */
export const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

/** The box around a circle: generous by a hair so that a box test never drops a circle the exact test keeps. */
export function circleBbox([longitude, latitude]: LonLatPosition, radius: number): Bbox {
  const dLat = (radius / METRES_PER_DEGREE) * 1.001;
  const north = Math.min(90, latitude + dLat);
  const south = Math.max(-90, latitude - dLat);
  // Near a pole the circle spans every longitude.
  const widest = Math.max(Math.abs(north), Math.abs(south));
  const cos = Math.cos((widest * Math.PI) / 180);
  const dLon = cos < 1e-9 ? 180 : Math.min(180, (radius / (METRES_PER_DEGREE * cos)) * 1.001);
  return [Math.max(-180, longitude - dLon), south, Math.min(180, longitude + dLon), north];
}

/** The box around positions. */
export function positionsBbox(positions: readonly LonLatPosition[]): Bbox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [longitude, latitude] of positions) {
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
  }
  return [west, south, east, north];
}

/** The box around any geometry (a polygon's outer ring holds its holes). */
export function geometryBbox(geometry: Geometry): Bbox {
  switch (geometry.type) {
    case 'Point':
      return [
        geometry.coordinates[0],
        geometry.coordinates[1],
        geometry.coordinates[0],
        geometry.coordinates[1],
      ];
    case 'LineString':
      return positionsBbox(geometry.coordinates);
    case 'Polygon':
      return positionsBbox(geometry.coordinates[0]!);
    case 'Circle':
      return circleBbox(geometry.center, geometry.radius);
  }
}

/** Distinct nodes an editor shows for a geometry (a circle has its centre). */
export function nodeCount(geometry: Geometry): number {
  switch (geometry.type) {
    case 'Point':
    case 'Circle':
      return 1;
    case 'LineString':
      return geometry.coordinates.length;
    case 'Polygon':
      return ringNodes(geometry.coordinates[0]!).length;
  }
}
