import type { Geometry, LonLatPosition } from '@aos/contract';
import Circle from 'ol/geom/Circle';
import type OlGeometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { fromLonLat, getPointResolution, toLonLat } from 'ol/proj';
import { closed, roundPosition } from './positions';

/** The contract's Geometry (WGS-84 degrees, a radius in metres) to and from the map's Web Mercator geometries. */

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Map units per ground metre at a map coordinate (Web Mercator grows away from the equator). */
const metresPerUnit = (coordinate: number[]) => getPointResolution('EPSG:3857', 1, coordinate, 'm');

/** The value as a geometry in the map's projection (a circle as an OpenLayers circle of the same ground radius). */
export function toMapGeometry(geometry: Geometry): OlGeometry {
  switch (geometry.type) {
    case 'Point':
      return new Point(fromLonLat(geometry.coordinates));
    case 'LineString':
      return new LineString(geometry.coordinates.map((position) => fromLonLat(position)));
    case 'Polygon':
      return new Polygon(geometry.coordinates.map((ring) => ring.map((position) => fromLonLat(position))));
    case 'Circle': {
      const centre = fromLonLat(geometry.center);
      return new Circle(centre, geometry.radius / metresPerUnit(centre));
    }
  }
}

const lonLatOf = (coordinate: number[]): LonLatPosition => roundPosition(toLonLat(coordinate));

/** A drawn or edited OpenLayers geometry as the contract's value (WGS-84, six decimals; radius in metres). */
export function fromMapGeometry(geometry: OlGeometry): Geometry | null {
  if (geometry instanceof Point) return { type: 'Point', coordinates: lonLatOf(geometry.getCoordinates()) };
  if (geometry instanceof LineString)
    return { type: 'LineString', coordinates: geometry.getCoordinates().map(lonLatOf) };
  if (geometry instanceof Polygon)
    return {
      type: 'Polygon',
      coordinates: geometry.getCoordinates().map((ring) => closed(ring.map(lonLatOf))),
    };
  if (geometry instanceof Circle) {
    const centre = geometry.getCenter();
    return {
      type: 'Circle',
      center: lonLatOf(centre),
      radius: round1(geometry.getRadius() * metresPerUnit(centre)),
    };
  }
  return null;
}
