/**
 * Area files in and out (issue 15): no-fly zones, fly zones, fences and airspace imported from and exported to
 * zipped shapefiles, KML/KMZ and GeoJSON. Pure functions: the routes read the upload, call these, and store or
 * send what comes back.
 */
export { readAreaFile, AREA_FILE_FORMATS, describeFormats, formatOf } from './read.js';
export type { AreaFileFormat, ImportedFeature, ReadAreaFileInput } from './read.js';
export type { FeatureProperties } from './features.js';
export { writeAreaFile, CIRCLE_STEPS } from './write.js';
export type { AreaExportFormat, AreaFile, ExportFeature } from './write.js';
export { EXCHANGE_LIMITS } from './limits.js';
export { requireAreas } from './areas.js';
export type { ImportedArea } from './areas.js';
