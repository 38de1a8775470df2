import { fieldError } from '../../../lib/errors.js';
import type { RawFeature } from './features.js';

const GEOMETRY_TYPES = new Set([
  'Point',
  'LineString',
  'Polygon',
  'MultiPoint',
  'MultiLineString',
  'MultiPolygon',
  'GeometryCollection',
  'Circle',
]);

/** Text of a file: UTF-8 (GeoJSON and KML are UTF-8 by their standards), a byte-order mark dropped. */
export function utf8Text(data: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(data);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A GeoJSON text's features: a FeatureCollection, a single Feature, or a bare geometry (our `Circle`
 * included). RFC 7946 says WGS-84; an old-style `crs` member naming anything else is refused, not ignored.
 */
export function readGeoJson(text: string, firstIndex = 0): RawFeature[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fieldError('file', 'gis.jsonBroken', { reason: (error as Error).message.slice(0, 200) });
  }
  return geoJsonFeatures(value, firstIndex);
}

export function geoJsonFeatures(value: unknown, firstIndex = 0): RawFeature[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw fieldError('file', 'gis.jsonBroken', { reason: 'not a GeoJSON object' });
  }
  const object = value as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown };
  assertWgs84(value);
  if (object.type === 'FeatureCollection') {
    if (!Array.isArray(object.features)) {
      throw fieldError('file', 'gis.jsonBroken', { reason: 'a FeatureCollection without features' });
    }
    return object.features.map((feature: unknown, at) => asFeature(feature, firstIndex + at));
  }
  if (object.type === 'Feature') return [asFeature(value, firstIndex)];
  if (typeof object.type === 'string' && GEOMETRY_TYPES.has(object.type)) {
    return [{ geometry: value, properties: {}, index: firstIndex }];
  }
  throw fieldError('file', 'gis.jsonBroken', { reason: `unknown type ${String(object.type).slice(0, 40)}` });
}

function asFeature(value: unknown, index: number): RawFeature {
  if (!value || typeof value !== 'object' || (value as { type?: unknown }).type !== 'Feature') {
    throw fieldError('file', 'gis.jsonBroken', { reason: `item ${index + 1} is not a Feature` });
  }
  const { geometry, properties } = value as { geometry?: unknown; properties?: unknown };
  return {
    geometry,
    properties: properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : {},
    index,
  };
}

/** `crs` is gone from RFC 7946, but old files carry it: WGS-84 (CRS84, EPSG:4326) and CGCS2000 (4490) pass. */
function assertWgs84(value: object): void {
  const crs = (value as { crs?: { properties?: { name?: unknown } } }).crs;
  const name = crs?.properties?.name;
  if (typeof name !== 'string') return;
  if (/(CRS84|EPSG:{1,2}(4326|4490)|^EPSG:(4326|4490)$)/i.test(name)) return;
  throw fieldError('file', 'gis.prjUnknown', { name: name.slice(0, 100) });
}
