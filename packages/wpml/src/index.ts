export * from './errors.js';
export * from './read.js';
export * from './write.js';
export {
  crc32,
  formatBytes,
  looksLikeZip,
  unsafeEntryName,
  writeZip,
  ZipReader,
  type ZipEntry,
  type ZipLimits,
  type ZipWriteEntry,
} from './zip.js';
export { KML_NS, parseWpml, type WpmlDocument } from './xml.js';
