import type { CircleGeometry, Geometry, LonLatPosition } from '@aos/contract';
import turfCircle from '@turf/circle';
import { zipSync } from 'fflate';
import { CIRCLE_MARK } from './features.js';
import { writeShapefile, type ShapeType } from './shapefile-write.js';

export type AreaExportFormat = 'geojson' | 'kml' | 'shapefile';

export interface ExportFeature {
  geometry: Geometry;
  properties?: Record<string, string | number | null | undefined>;
}

export interface AreaFile {
  data: Buffer;
  contentType: string;
  filename: string;
}

/** Sides of the polygon that stands for a circle in files that have no circles (every format we write). */
export const CIRCLE_STEPS = 64;

/**
 * Write areas to a file other tools read: a GeoJSON FeatureCollection, a KML document, or a zipped shapefile
 * (.shp .shx .dbf, .prj WGS-84, .cpg UTF-8; one shapefile per kind of shape when they are mixed). Circles
 * become 64-sided polygons carrying `shape: 'circle'`, `radius` (metres) and `center`, so a GIS tool draws
 * them and readAreaFile reads them back as circles. `name` names the file (and the layer).
 */
export function writeAreaFile(format: AreaExportFormat, features: ExportFeature[], name: string): AreaFile {
  const base = safeBaseName(name);
  switch (format) {
    case 'geojson':
      return {
        data: Buffer.from(JSON.stringify(toFeatureCollection(features, name)), 'utf8'),
        contentType: 'application/geo+json',
        filename: `${base}.geojson`,
      };
    case 'kml':
      return {
        data: Buffer.from(toKml(features, name), 'utf8'),
        contentType: 'application/vnd.google-earth.kml+xml',
        filename: `${base}.kml`,
      };
    case 'shapefile':
      return {
        data: toShapefileZip(features, base),
        contentType: 'application/zip',
        filename: `${base}.zip`,
      };
  }
}

/** A file name without path separators, control characters or characters Windows refuses. */
export function safeBaseName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80);
  return cleaned || 'areas';
}

interface FlatFeature {
  /** GeoJSON geometry: circles already as polygons */
  geometry: { type: 'Point' | 'LineString' | 'Polygon'; coordinates: unknown };
  properties: Record<string, string | number | null>;
}

/** Circles as polygons with their marks; other geometries as they are. */
function flatten(feature: ExportFeature, centerAs: 'array' | 'text'): FlatFeature {
  const properties: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(feature.properties ?? {})) properties[key] = value ?? null;
  const geometry = feature.geometry;
  if (geometry.type !== 'Circle') return { geometry, properties };
  return {
    geometry: circlePolygon(geometry),
    properties: {
      ...properties,
      [CIRCLE_MARK.shape]: CIRCLE_MARK.circle,
      [CIRCLE_MARK.radius]: geometry.radius,
      // GeoJSON keeps the centre as an array; KML and dBase fields hold text
      [CIRCLE_MARK.center]: (centerAs === 'array'
        ? geometry.center
        : `${geometry.center[0]},${geometry.center[1]}`) as unknown as string,
    },
  };
}

export function circlePolygon(circle: CircleGeometry): { type: 'Polygon'; coordinates: LonLatPosition[][] } {
  const polygon = turfCircle(circle.center, circle.radius, { steps: CIRCLE_STEPS, units: 'meters' });
  return { type: 'Polygon', coordinates: polygon.geometry.coordinates as LonLatPosition[][] };
}

function toFeatureCollection(features: ExportFeature[], name: string) {
  return {
    type: 'FeatureCollection',
    name,
    features: features.map((feature) => {
      const flat = flatten(feature, 'array');
      return { type: 'Feature', geometry: flat.geometry, properties: flat.properties };
    }),
  };
}

// -------------------------------------------------------------------------------------------------- KML

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

// Characters XML 1.0 cannot hold at all (not even escaped).
const xmlText = (value: string | number) =>
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  escapeXml(String(value).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

const kmlCoordinates = (positions: readonly (readonly number[])[]) =>
  positions.map(([longitude, latitude]) => `${longitude},${latitude}`).join(' ');

function kmlGeometry(geometry: FlatFeature['geometry']): string {
  switch (geometry.type) {
    case 'Point':
      return `<Point><coordinates>${kmlCoordinates([geometry.coordinates as number[]])}</coordinates></Point>`;
    case 'LineString':
      return `<LineString><tessellate>1</tessellate><coordinates>${kmlCoordinates(
        geometry.coordinates as number[][],
      )}</coordinates></LineString>`;
    case 'Polygon': {
      const [outer, ...holes] = geometry.coordinates as number[][][];
      const ring = (positions: number[][]) =>
        `<LinearRing><coordinates>${kmlCoordinates(positions)}</coordinates></LinearRing>`;
      return `<Polygon><outerBoundaryIs>${ring(outer!)}</outerBoundaryIs>${holes
        .map((hole) => `<innerBoundaryIs>${ring(hole)}</innerBoundaryIs>`)
        .join('')}</Polygon>`;
    }
  }
}

function toKml(features: ExportFeature[], name: string): string {
  const placemarks = features.map((feature) => {
    const flat = flatten(feature, 'text');
    const { name: featureName, description, ...rest } = flat.properties;
    const data = Object.entries(rest)
      .map(
        ([key, value]) =>
          `<Data name="${xmlText(key)}"><value>${value === null ? '' : xmlText(value)}</value></Data>`,
      )
      .join('');
    return [
      '<Placemark>',
      featureName !== undefined && featureName !== null ? `<name>${xmlText(featureName)}</name>` : '',
      description !== undefined && description !== null
        ? `<description>${xmlText(description)}</description>`
        : '',
      data ? `<ExtendedData>${data}</ExtendedData>` : '',
      kmlGeometry(flat.geometry),
      '</Placemark>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${xmlText(name)}</name>`,
    ...placemarks,
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}

// ------------------------------------------------------------------------------------------- shapefile

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

const SHAPE_OF = { Point: 'point', LineString: 'line', Polygon: 'polygon' } as const;

function toShapefileZip(features: ExportFeature[], base: string): Buffer {
  const groups = new Map<ShapeType, FlatFeature[]>();
  for (const feature of features) {
    const flat = flatten(feature, 'text');
    const type = SHAPE_OF[flat.geometry.type];
    groups.set(type, [...(groups.get(type) ?? []), flat]);
  }
  // An empty export is still a valid (empty) polygon layer.
  if (!groups.size) groups.set('polygon', []);
  const files: Record<string, Uint8Array> = {};
  for (const [type, group] of groups) {
    const layer = groups.size > 1 ? `${base}_${type}` : base;
    const written = writeShapefile(type, group);
    files[`${layer}.shp`] = written.shp;
    files[`${layer}.shx`] = written.shx;
    files[`${layer}.dbf`] = written.dbf;
    files[`${layer}.prj`] = Buffer.from(WGS84_PRJ, 'utf8');
    files[`${layer}.cpg`] = Buffer.from('UTF-8', 'utf8');
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
