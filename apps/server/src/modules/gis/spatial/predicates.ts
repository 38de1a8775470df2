import type { AreaGeometry, CircleGeometry, Geometry, LonLatPosition, PolygonGeometry } from '@aos/contract';
import booleanIntersects from '@turf/boolean-intersects';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import booleanWithin from '@turf/boolean-within';
import distance from '@turf/distance';
import { lineString, point, polygon } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';

/**
 * The exact tests behind every spatial check (issue 15), run on the rows the index's box test kept: does a
 * geometry touch an area (share any point with it, boundary included), and does it lie wholly inside it. Turf
 * measures distances on the sphere (haversine; point-to-line geodesic), so a circle's radius is metres on the
 * ground as an operator means it. Polygons are tested in longitude/latitude like every GIS tool does; at
 * the sizes of zones (kilometres) that differs from a geodesic edge by centimetres.
 */
export interface Relation {
  touches: boolean;
  within: boolean;
}

const METRES = { units: 'meters' } as const;
const NOTHING: Relation = { touches: false, within: false };

const turfPolygon = (geometry: PolygonGeometry) => polygon(geometry.coordinates);
const isInside = (position: LonLatPosition, area: PolygonGeometry) =>
  booleanPointInPolygon(point(position), turfPolygon(area));
const metresBetween = (a: LonLatPosition, b: LonLatPosition) => distance(point(a), point(b), METRES);

/** Shortest distance from a position to a polygon's boundary (every ring), metres. */
function metresToBoundary(position: LonLatPosition, area: PolygonGeometry): number {
  let shortest = Infinity;
  for (const ring of area.coordinates) {
    shortest = Math.min(shortest, pointToLineDistance(point(position), lineString(ring), METRES));
  }
  return shortest;
}

/** Positions of a line or of a polygon's outer ring. */
function outline(geometry: Geometry): LonLatPosition[] {
  if (geometry.type === 'LineString') return geometry.coordinates;
  if (geometry.type === 'Polygon') return geometry.coordinates[0]!;
  return geometry.type === 'Point' ? [geometry.coordinates] : [geometry.center];
}

function againstCircle(target: Geometry, area: CircleGeometry): Relation {
  const { center, radius } = area;
  switch (target.type) {
    case 'Point': {
      const inside = metresBetween(target.coordinates, center) <= radius;
      return { touches: inside, within: inside };
    }
    case 'Circle': {
      const between = metresBetween(target.center, center);
      return { touches: between <= radius + target.radius, within: between + target.radius <= radius };
    }
    case 'LineString': {
      // A circle is convex: a line whose every node is inside stays inside.
      const within = target.coordinates.every((position) => metresBetween(position, center) <= radius);
      const touches =
        within || pointToLineDistance(point(center), lineString(target.coordinates), METRES) <= radius;
      return { touches, within };
    }
    case 'Polygon': {
      const within = target.coordinates[0]!.every((position) => metresBetween(position, center) <= radius);
      const touches = within || isInside(center, target) || metresToBoundary(center, target) <= radius;
      return { touches, within };
    }
  }
}

function againstPolygon(target: Geometry, area: PolygonGeometry): Relation {
  switch (target.type) {
    case 'Point': {
      const inside = isInside(target.coordinates, area);
      return { touches: inside, within: inside };
    }
    case 'Circle': {
      const centerInside = isInside(target.center, area);
      const toBoundary = metresToBoundary(target.center, area);
      return {
        touches: centerInside || toBoundary <= target.radius,
        within: centerInside && toBoundary >= target.radius,
      };
    }
    case 'LineString':
    case 'Polygon': {
      const feature =
        target.type === 'LineString' ? lineString(target.coordinates) : polygon(target.coordinates);
      const areaFeature = turfPolygon(area);
      if (!booleanIntersects(feature, areaFeature)) return NOTHING;
      return { touches: true, within: booleanWithin(feature, areaFeature) };
    }
  }
}

/** How `target` relates to `area`. */
export function relate(target: Geometry, area: AreaGeometry): Relation {
  return area.type === 'Circle' ? againstCircle(target, area) : againstPolygon(target, area);
}

export { outline };
