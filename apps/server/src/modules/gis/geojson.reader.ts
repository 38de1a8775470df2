import type { ImportedFeature } from '@aos/contract';
import { fieldError } from '../../lib/errors.js';

/**
 * A GeoJSON file as features (RFC 7946): a FeatureCollection's features, one Feature, one geometry, or a
 * GeometryCollection's geometries, each with its properties. What the geometries hold is the importer's
 * business (the contract's schemas check them); anything that is not GeoJSON is a 400 on the file field.
 */
export function readGeoJson(data: Buffer): ImportedFeature[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw fieldError('file', 'gis.importUnreadable');
  }
  const features = featuresOf(parsed);
  if (!features) throw fieldError('file', 'gis.importUnreadable');
  return features;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function featuresOf(value: unknown): ImportedFeature[] | undefined {
  if (!isObject(value)) return undefined;
  switch (value.type) {
    case 'FeatureCollection': {
      if (!Array.isArray(value.features)) return undefined;
      const features: ImportedFeature[] = [];
      for (const feature of value.features) {
        const found = featuresOf(feature);
        if (!found || (isObject(feature) && feature.type !== 'Feature')) return undefined;
        features.push(...found);
      }
      return features;
    }
    case 'Feature': {
      const properties = isObject(value.properties) ? value.properties : null;
      if (value.geometry === null) return [{ geometry: null, properties }];
      if (!isObject(value.geometry)) return undefined;
      if (value.geometry.type === 'GeometryCollection') {
        const geometries = value.geometry.geometries;
        return Array.isArray(geometries)
          ? geometries.map((geometry) => ({ geometry, properties }))
          : undefined;
      }
      return [{ geometry: value.geometry, properties }];
    }
    case 'GeometryCollection':
      return Array.isArray(value.geometries)
        ? value.geometries.map((geometry) => ({ geometry, properties: null }))
        : undefined;
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
    case 'Polygon':
    case 'MultiPolygon':
      return [{ geometry: value, properties: null }];
    default:
      return undefined;
  }
}
