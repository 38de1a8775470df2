import type { AreaGeometry } from '@aos/contract';
import { fieldError } from '../../../lib/errors.js';
import { featureError, type ImportedFeature } from './features.js';

export type ImportedArea = ImportedFeature & { geometry: AreaGeometry };

/**
 * What a range import (no-fly zone, fly zone, fence, airspace) keeps of a file: polygons and circles only,
 * a point or a line refused naming the feature (`gis.areaType`); with `single`, exactly one range (spec §5:
 * "Airspace import may contain only one airspace range", `gis.importOneRange`).
 */
export function requireAreas(
  features: ImportedFeature[],
  options: { single?: boolean } = {},
): ImportedArea[] {
  for (const feature of features) {
    if (feature.geometry.type !== 'Polygon' && feature.geometry.type !== 'Circle') {
      throw featureError(feature.index, feature.properties, 'geometry.type', 'gis.areaType');
    }
  }
  if (options.single && features.length !== 1) throw fieldError('file', 'gis.importOneRange');
  return features as ImportedArea[];
}
