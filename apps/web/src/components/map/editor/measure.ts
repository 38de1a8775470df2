import type { Geometry } from '@aos/contract';
import type { Measures } from './geometryEdit';
import LineString from 'ol/geom/LineString';
import Polygon from 'ol/geom/Polygon';
import { getArea, getLength } from 'ol/sphere';

/** Mean earth radius: the sphere ol/sphere measures on. */
const EARTH_RADIUS = 6_371_008.8;

/** Geodesic length and area on the sphere (ol/sphere), as the ground has them, not as Web Mercator draws them. */
export function measure(geometry: Geometry | null | undefined): Measures {
  if (!geometry) return {};
  const geographic = { projection: 'EPSG:4326' };
  switch (geometry.type) {
    case 'Point':
      return {};
    case 'LineString':
      return { length: getLength(new LineString(geometry.coordinates), geographic) };
    case 'Polygon': {
      const polygon = new Polygon(geometry.coordinates);
      const outer = new LineString(geometry.coordinates[0]!);
      return { perimeter: getLength(outer, geographic), area: Math.abs(getArea(polygon, geographic)) };
    }
    case 'Circle': {
      // a circle on the sphere: the cap of angular radius r/R
      const angle = geometry.radius / EARTH_RADIUS;
      return {
        perimeter: 2 * Math.PI * EARTH_RADIUS * Math.sin(angle),
        area: 2 * Math.PI * EARTH_RADIUS * EARTH_RADIUS * (1 - Math.cos(angle)),
      };
    }
  }
}
