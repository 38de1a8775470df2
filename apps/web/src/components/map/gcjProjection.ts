import { addCoordinateTransforms, addProjection, get as getProjection, fromLonLat, toLonLat } from 'ol/proj';
import Projection from 'ol/proj/Projection';
import type { LonLat } from './coordinates';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

/** Web Mercator over GCJ-02 longitudes and latitudes: the grid a GCJ-02 provider's XYZ tiles are cut in. */
export const GCJ02_MERCATOR = 'AOS:GCJ02-3857';

const HALF_WORLD = 20_037_508.342789244;

/** A WGS-84 Web Mercator coordinate to the GCJ-02 grid's. */
export function toGcjMercator(coordinate: number[]): number[] {
  return fromLonLat(wgs84ToGcj02(toLonLat(coordinate) as LonLat));
}

/** A GCJ-02 grid coordinate to WGS-84 Web Mercator. */
export function fromGcjMercator(coordinate: number[]): number[] {
  return fromLonLat(gcj02ToWgs84(toLonLat(coordinate) as LonLat));
}

/**
 * The GCJ-02 grid as an OpenLayers projection, registered once, with its transforms to and from the view's
 * Web Mercator and from lon/lat. A GCJ-02 tile source declares it, and OpenLayers warps its tiles onto the
 * view: every vector the console draws (drones, zones, tracks, what the editor draws) stays in WGS-84, so a
 * drone sits on its road over GCJ-02 tiles and a point picked there is WGS-84 already when it is stored.
 */
export function gcj02Mercator(): Projection {
  const known = getProjection(GCJ02_MERCATOR);
  if (known) return known;
  const projection = new Projection({
    code: GCJ02_MERCATOR,
    units: 'm',
    extent: [-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD],
    worldExtent: [-180, -85, 180, 85],
    global: true,
  });
  addProjection(projection);
  const mercator = getProjection('EPSG:3857')!;
  const lonLat = getProjection('EPSG:4326')!;
  addCoordinateTransforms(
    mercator,
    projection,
    (coordinate) => toGcjMercator(coordinate),
    (coordinate) => fromGcjMercator(coordinate),
  );
  addCoordinateTransforms(
    lonLat,
    projection,
    (coordinate) => fromLonLat(wgs84ToGcj02(coordinate as LonLat)),
    (coordinate) => gcj02ToWgs84(toLonLat(coordinate) as LonLat),
  );
  return projection;
}
