import {
  readKmz as readKmzFile,
  readWpmlTexts as readWpmlFiles,
  type KmzLimits,
  type KmzReadResult,
} from '@aos/wpml';
import { atWpmlBoundary } from '../../../lib/zip.js';

/**
 * The route area's side of `@aos/wpml` (packages/wpml, the KMZ reader the simulator uses too): the same reads,
 * refusing with the server's 400 naming `file` and its `gis.kmz*` / `gis.wpml*` / `gis.zip*` message.
 */

export {
  FIGURE_TOLERANCE,
  KMZ_LIMITS,
  TEMPLATE_ENTRY,
  WAYLINES_ENTRY,
  type KmzLimits,
  type KmzReadResult,
  type WaylineFigures,
} from '@aos/wpml';

export function readKmz(data: Buffer, options: { limits?: Partial<KmzLimits> } = {}): KmzReadResult {
  return atWpmlBoundary(() => readKmzFile(data, options));
}

export function readWpmlTexts(
  templateText: string,
  waylinesText: string,
  resources: { name: string; size: number }[] = [],
): KmzReadResult {
  return atWpmlBoundary(() => readWpmlFiles(templateText, waylinesText, resources));
}
