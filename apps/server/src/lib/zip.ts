import type { MessageKey } from '@aos/contract';
import {
  ZipReader as WpmlZipReader,
  WpmlError,
  type WpmlReason,
  type ZipEntry,
  type ZipLimits,
} from '@aos/wpml';
import { fieldError } from './errors.js';

/**
 * The defensive zip reader and writer live in `@aos/wpml` (packages/wpml/src/zip.ts), beside the KMZ reader the
 * server and the simulator share. Here they meet the server's errors: a `WpmlError` becomes the 400 naming its
 * field with the `gis.*` message of the same reason, as the GIS area files (modules/gis/exchange) and the route
 * KMZ (modules/route/wpml) have always answered.
 */

export {
  crc32,
  formatBytes,
  looksLikeZip,
  unsafeEntryName,
  writeZip,
  type ZipEntry,
  type ZipLimits,
  type ZipWriteEntry,
} from '@aos/wpml';

/** Each reason the package refuses a file for, and the catalogue's message for it. */
const MESSAGE_KEYS: Record<WpmlReason, MessageKey> = {
  fileTooLarge: 'gis.fileTooLarge',
  fileBroken: 'gis.fileBroken',
  kmzNotZip: 'gis.kmzNotZip',
  kmzFiles: 'gis.kmzFiles',
  kmzEntryTooLarge: 'gis.kmzEntryTooLarge',
  zipBroken: 'gis.zipBroken',
  zipEncrypted: 'gis.zipEncrypted',
  zipPath: 'gis.zipPath',
  zipTooLarge: 'gis.zipTooLarge',
  wpmlRefused: 'gis.wpmlRefused',
  wpmlBroken: 'gis.wpmlBroken',
  wpmlNamespace: 'gis.wpmlNamespace',
  wpmlMissing: 'gis.wpmlMissing',
  wpmlValue: 'gis.wpmlValue',
};

/** A `WpmlError` as the server's 400; anything else unchanged. */
export function fromWpmlError(error: unknown): unknown {
  if (!(error instanceof WpmlError)) return error;
  return fieldError(error.field, MESSAGE_KEYS[error.reason], error.params);
}

/** `run`, with a `WpmlError` it throws turned into the server's 400. */
export function atWpmlBoundary<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw fromWpmlError(error);
  }
}

/** The package's reader, refusing with the server's errors. */
export class ZipReader {
  readonly entries: ZipEntry[];
  private readonly reader: WpmlZipReader;

  constructor(data: Buffer, limits: ZipLimits) {
    this.reader = atWpmlBoundary(() => new WpmlZipReader(data, limits));
    this.entries = this.reader.entries;
  }

  read(entry: ZipEntry): Buffer {
    return atWpmlBoundary(() => this.reader.read(entry));
  }
}
