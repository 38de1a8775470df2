import { Geometry } from '@aos/contract';
import { AppError, fieldError } from '../../../lib/errors.js';
import { assertValidGeometry } from '../spatial/validity.js';

/** Attribute values as an import hands them on: text, numbers or nothing. */
export type FeatureProperties = Record<string, string | number | null>;

/** One shape read from an area file, checked against the contract's geometry rules. */
export interface ImportedFeature {
  geometry: Geometry;
  properties: FeatureProperties;
  /** position (from 0) of the feature in the file; the parts of a split multi-geometry share it */
  index: number;
}

/** A feature as a file held it: GeoJSON-like geometry (WGS-84 by now), raw attributes. */
export interface RawFeature {
  geometry: unknown;
  properties: Record<string, unknown> | null | undefined;
  index: number;
}

/** Property names this platform writes to mark a polygon that stands for a circle (see write.ts). */
export const CIRCLE_MARK = { shape: 'shape', circle: 'circle', radius: 'radius', center: 'center' } as const;

/**
 * GeoJSON geometry as the platform stores it: Multi* and GeometryCollection split into their parts, a
 * `Point` carrying a `radius` attribute or a polygon marked `shape: circle` (what we export) become a `Circle`,
 * then each part is parsed by the contract's schema and checked for self-intersection. A failure names the
 * feature (number from 1, its name when it has one) and the path inside its geometry.
 */
export function normalizeFeatures(raw: RawFeature[], maxFeatures: number): ImportedFeature[] {
  const out: ImportedFeature[] = [];
  for (const feature of raw) {
    const properties = cleanProperties(feature.properties);
    for (const part of splitGeometry(feature.geometry, feature, properties)) {
      if (out.length >= maxFeatures) throw fieldError('file', 'gis.fileTooMany', { limit: maxFeatures });
      const { geometry, properties: own } = asCircle(part, properties);
      out.push({
        geometry: parseGeometry(geometry, feature.index, own),
        properties: own,
        index: feature.index,
      });
    }
  }
  if (!out.length) throw fieldError('file', 'gis.fileEmpty');
  return out;
}

/** Collections inside collections: GeoJSON discourages them; past this depth a file is refused. */
const MAX_COLLECTION_DEPTH = 8;

function splitGeometry(
  geometry: unknown,
  feature: RawFeature,
  properties: FeatureProperties,
  depth = 0,
): unknown[] {
  if (geometry === null || geometry === undefined) return [];
  if (depth > MAX_COLLECTION_DEPTH)
    throw featureError(feature.index, properties, 'geometry', 'gis.geometryType');
  if (typeof geometry !== 'object')
    throw featureError(feature.index, properties, 'geometry', 'gis.geometryType');
  const { type, coordinates, geometries } = geometry as {
    type?: unknown;
    coordinates?: unknown;
    geometries?: unknown;
  };
  const multi = { MultiPoint: 'Point', MultiLineString: 'LineString', MultiPolygon: 'Polygon' } as const;
  if (typeof type === 'string' && type in multi) {
    if (!Array.isArray(coordinates)) {
      throw featureError(feature.index, properties, 'geometry.coordinates', 'gis.geometryType');
    }
    return coordinates.map((part: unknown) => ({
      type: multi[type as keyof typeof multi],
      coordinates: part,
    }));
  }
  if (type === 'GeometryCollection') {
    if (!Array.isArray(geometries))
      throw featureError(feature.index, properties, 'geometry', 'gis.geometryType');
    return geometries.flatMap((part: unknown) => splitGeometry(part, feature, properties, depth + 1));
  }
  return [geometry];
}

function asCircle(
  geometry: unknown,
  properties: FeatureProperties,
): { geometry: unknown; properties: FeatureProperties } {
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const radius = toNumber(properties[CIRCLE_MARK.radius]);
  if (type === 'Point' && radius !== undefined) {
    return {
      geometry: { type: 'Circle', center: coordinates, radius },
      properties: without(properties, [CIRCLE_MARK.radius, CIRCLE_MARK.shape, CIRCLE_MARK.center]),
    };
  }
  if (type === 'Polygon' && properties[CIRCLE_MARK.shape] === CIRCLE_MARK.circle && radius !== undefined) {
    const center = parseCenter(properties[CIRCLE_MARK.center]);
    if (center) {
      return {
        geometry: { type: 'Circle', center, radius },
        properties: without(properties, [CIRCLE_MARK.radius, CIRCLE_MARK.shape, CIRCLE_MARK.center]),
      };
    }
  }
  // A layer that mixes circles and polygons (a shapefile's table) leaves the marks empty on the others.
  const marks = [CIRCLE_MARK.radius, CIRCLE_MARK.shape, CIRCLE_MARK.center];
  const empty = marks.filter(
    (key) => key in properties && (properties[key] === null || properties[key] === ''),
  );
  return { geometry, properties: empty.length === marks.length ? without(properties, marks) : properties };
}

function parseGeometry(geometry: unknown, index: number, properties: FeatureProperties): Geometry {
  const result = Geometry.safeParse(geometry);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = ['geometry', ...(issue?.path ?? [])]
      .map((part, at) => (typeof part === 'number' ? `[${part}]` : at ? `.${String(part)}` : String(part)))
      .join('');
    throw featureError(index, properties, path, issue?.message ?? 'gis.geometryType');
  }
  try {
    assertValidGeometry(result.data, 'file');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { field: _field, ...params } = error.params;
    throw featureError(index, properties, 'geometry.coordinates', error.messageKey, params);
  }
  return result.data;
}

/** A 400 naming `file`, saying which feature (from 1), its name if it has one, where and which rule. */
export function featureError(
  index: number,
  properties: FeatureProperties,
  path: string,
  rule: string,
  params: Record<string, string | number> = {},
): AppError {
  const name = featureName(properties);
  return fieldError('file', name ? 'gis.importFeatureNamed' : 'gis.importFeature', {
    ...params,
    number: index + 1,
    index,
    path,
    rule,
    ...(name ? { name } : {}),
  });
}

const NAME_KEYS = ['name', 'Name', 'NAME', '名称', 'title', 'Title'];

function featureName(properties: FeatureProperties): string | undefined {
  for (const key of NAME_KEYS) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 100);
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

/** Attributes as text, numbers or null: dates as ISO dates, other objects as JSON, booleans as text. */
export function cleanProperties(properties: Record<string, unknown> | null | undefined): FeatureProperties {
  const out: FeatureProperties = {};
  if (!properties || typeof properties !== 'object') return out;
  for (const [key, value] of Object.entries(properties)) {
    if (key === '__proto__') continue;
    if (value === null || value === undefined) out[key] = null;
    else if (typeof value === 'number') out[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'boolean' || typeof value === 'bigint') out[key] = String(value);
    else if (value instanceof Date) out[key] = Number.isNaN(value.getTime()) ? null : value.toISOString();
    else out[key] = jsonText(value);
  }
  return out;
}

/** An attribute that is an object or array, as JSON text (null when it cannot be: cycles, absurd nesting). */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** `[lon, lat]`, `"lon,lat"` or the JSON text of an array (how a flattened attribute holds it). */
function parseCenter(value: unknown): [number, number] | undefined {
  let parts: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    parts = text.startsWith('[') ? safeJson(text) : text.split(/[,\s]+/);
  }
  if (!Array.isArray(parts) || parts.length < 2) return undefined;
  const lon = toNumber(parts[0]);
  const lat = toNumber(parts[1]);
  return lon === undefined || lat === undefined ? undefined : [lon, lat];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function without(properties: FeatureProperties, keys: string[]): FeatureProperties {
  const out = { ...properties };
  for (const key of keys) delete out[key];
  return out;
}
