import { Geometry as GeometrySchema, type Geometry, type GeometryType } from '@aos/contract';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import KML from 'ol/format/KML';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon, { circular } from 'ol/geom/Polygon';
import type OlGeometry from 'ol/geom/Geometry';

/**
 * The drawn shape to and from a GeoJSON or KML file, in the browser (a zipped shapefile is the server's import).
 * A circle, which neither format has, travels as its polygon (64 sides, on the sphere) with `shape: circle`,
 * its centre and radius as properties, and comes back as the circle.
 */

/** Sides of the polygon a circle is written as. */
const CIRCLE_SIDES = 64;

/** Why a file gave no shape: the editor's own message keys, or a contract key from the geometry's rules. */
export type ImportProblem =
  | 'geometryEditor.importUnreadable'
  | 'geometryEditor.importEmpty'
  | 'geometryEditor.importSeveral'
  | 'geometryEditor.importType'
  | string;

export type ImportResult = { geometry: Geometry } | { error: ImportProblem };

interface RawFeature {
  geometry?: { type?: string; coordinates?: unknown; geometries?: unknown[] } | null;
  properties?: Record<string, unknown> | null;
}

/** Read one shape from a file's text: KML when it is XML (or named .kml), GeoJSON otherwise. */
export function readGeometryFile(
  text: string,
  fileName: string,
  allowed: readonly GeometryType[],
): ImportResult {
  let features: RawFeature[];
  try {
    features =
      /\.kml$/i.test(fileName) || text.trimStart().startsWith('<')
        ? kmlFeatures(text)
        : geoJsonFeatures(text);
  } catch {
    return { error: 'geometryEditor.importUnreadable' };
  }
  const shapes = features.flatMap(shapesOf);
  if (!shapes.length) return { error: 'geometryEditor.importEmpty' };
  if (shapes.length > 1) return { error: 'geometryEditor.importSeveral' };
  const parsed = GeometrySchema.safeParse(shapes[0]);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'geometryEditor.importUnreadable' };
  if (!allowed.includes(parsed.data.type)) return { error: 'geometryEditor.importType' };
  return { geometry: parsed.data };
}

function geoJsonFeatures(text: string): RawFeature[] {
  const json = JSON.parse(text) as {
    type?: string;
    features?: unknown;
    geometry?: unknown;
    properties?: unknown;
  };
  if (!json || typeof json !== 'object') throw new Error('not GeoJSON');
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) throw new Error('not GeoJSON');
    return json.features as RawFeature[];
  }
  if (json.type === 'Feature') return [json as RawFeature];
  if (typeof json.type === 'string') return [{ geometry: json as RawFeature['geometry'], properties: null }];
  throw new Error('not GeoJSON');
}

function kmlFeatures(text: string): RawFeature[] {
  const kml = new KML({ extractStyles: false, showPointNames: false });
  const features = kml.readFeatures(text, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:4326' });
  const writer = new GeoJSON();
  return features.map((feature) => {
    const geometry = feature.getGeometry();
    const properties: Record<string, unknown> = { ...feature.getProperties() };
    delete properties[feature.getGeometryName()];
    return {
      geometry: geometry ? (writer.writeGeometryObject(geometry) as unknown as RawFeature['geometry']) : null,
      properties,
    };
  });
}

/** The shapes of one feature, as the contract's Geometry input (checked afterwards). */
function shapesOf(feature: RawFeature): unknown[] {
  if (!feature || typeof feature !== 'object') return [];
  const properties = feature.properties ?? {};
  const radius = Number(properties.radius);
  const centre = [Number(properties.centerLongitude), Number(properties.centerLatitude)];
  if (properties.shape === 'circle' && Number.isFinite(radius) && centre.every(Number.isFinite)) {
    return [{ type: 'Circle', center: centre, radius }];
  }
  return geometryShapes(feature.geometry);
}

function geometryShapes(geometry: RawFeature['geometry']): unknown[] {
  if (!geometry || typeof geometry !== 'object') return [];
  const coordinates = geometry.coordinates as unknown[];
  switch (geometry.type) {
    case 'Point':
    case 'LineString':
    case 'Polygon':
      return [{ type: geometry.type, coordinates }];
    // a multi-part with one part is that part (what many tools write); more parts are several shapes
    case 'MultiPoint':
      return (coordinates ?? []).map((part) => ({ type: 'Point', coordinates: part }));
    case 'MultiLineString':
      return (coordinates ?? []).map((part) => ({ type: 'LineString', coordinates: part }));
    case 'MultiPolygon':
      return (coordinates ?? []).map((part) => ({ type: 'Polygon', coordinates: part }));
    case 'GeometryCollection':
      return (geometry.geometries ?? []).flatMap((part) => geometryShapes(part as RawFeature['geometry']));
    default:
      return [];
  }
}

/** The shape as an OpenLayers geometry in longitude/latitude (a circle as its polygon on the sphere). */
export function olGeometryOf(geometry: Geometry): OlGeometry {
  switch (geometry.type) {
    case 'Point':
      return new Point(geometry.coordinates);
    case 'LineString':
      return new LineString(geometry.coordinates);
    case 'Polygon':
      return new Polygon(geometry.coordinates);
    case 'Circle':
      return circular(geometry.center, geometry.radius, CIRCLE_SIDES);
  }
}

function featureOf(geometry: Geometry, name: string): Feature {
  const feature = new Feature({ geometry: olGeometryOf(geometry), name });
  if (geometry.type === 'Circle') {
    feature.setProperties({
      shape: 'circle',
      centerLongitude: geometry.center[0],
      centerLatitude: geometry.center[1],
      radius: geometry.radius,
    });
  }
  return feature;
}

/** A GeoJSON FeatureCollection of the one shape. */
export function geometryToGeoJson(geometry: Geometry, name: string): string {
  return new GeoJSON().writeFeatures([featureOf(geometry, name)], {
    dataProjection: 'EPSG:4326',
    featureProjection: 'EPSG:4326',
    decimals: 7,
  });
}

/** A KML document of the one shape (a Placemark named `name`). */
export function geometryToKml(geometry: Geometry, name: string): string {
  return new KML({ extractStyles: false }).writeFeatures([featureOf(geometry, name)], {
    dataProjection: 'EPSG:4326',
    featureProjection: 'EPSG:4326',
    decimals: 7,
  });
}

/** Hand text to the browser as a download. */
export function downloadText(text: string, fileName: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
