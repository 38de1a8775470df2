export { formatBytes } from '../../../lib/zip.js';

/**
 * How much an area file may hold. A hand-drawn zone file is kilobytes; a province's worth of fences from a
 * GIS department is a few megabytes. Past these, a file is refused before it costs the server memory.
 */
export const EXCHANGE_LIMITS = {
  /** the file as uploaded (the route should stop reading the upload at this size too) */
  maxInputBytes: 20 * 1024 * 1024,
  /** everything inflated from one zip, counted while inflating */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** entries in one zip (a shapefile is 3 to 8 files) */
  maxEntries: 500,
  /** features in one file, after splitting multi-geometries */
  maxFeatures: 10_000,
};
export type ExchangeLimits = typeof EXCHANGE_LIMITS;
