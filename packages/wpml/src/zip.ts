import { crc32 as zlibCrc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { wpmlError } from './errors.js';

/**
 * Reading a zip sent by a user, defensively. No library we looked at enforces a cap while inflating a Buffer
 * (jszip and fflate size the output from the entry's header, which the sender writes), so this reads the
 * central directory itself and inflates each wanted entry with Node's zlib under `maxOutputLength`: the inflater
 * stops at the cap whatever the headers say. Refused, as a `WpmlError` (`zip*` reasons; the server's 400 naming `file`): a damaged or encrypted archive,
 * more than `maxEntries` entries, unsafe names (`../`, absolute paths, drive letters, NUL) in any entry, and
 * more than `maxUnpackedBytes` inflated in all. Nothing is written to disk.
 *
 * Shared by the KMZ reader here and, through apps/server/src/lib/zip.ts (which turns its refusals into the
 * server's `gis.zip*` 400s), by the area files of the server's modules/gis/exchange.
 */

/** What one archive may unpack to. */
export interface ZipLimits {
  /** entries in the archive */
  maxEntries: number;
  /** everything inflated from it, counted while inflating */
  maxUnpackedBytes: number;
}

/** A size for a message: `12.5 MB`, `3 kB`, `100 B`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} kB`;
  return `${bytes} B`;
}

export interface ZipEntry {
  /** the name with `/` separators, as stored */
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** offset of the local file header */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;

const broken = () => wpmlError('zipBroken');

/** Does the buffer start like a zip (a local header, or the end record of an empty archive)? */
export function looksLikeZip(data: Buffer): boolean {
  return data.length >= 4 && (data.readUInt32LE(0) === LOCAL || data.readUInt32LE(0) === EOCD);
}

/** A name that would leave the folder it is unpacked in, or that no tool writes by mistake. */
export function unsafeEntryName(name: string): boolean {
  if (name.includes('\u0000')) return true;
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return true;
  return path.split('/').some((segment) => segment === '..');
}

export class ZipReader {
  readonly entries: ZipEntry[];
  private unpacked = 0;

  constructor(
    private readonly data: Buffer,
    private readonly limits: ZipLimits,
  ) {
    this.entries = readCentralDirectory(data, limits);
    for (const entry of this.entries) {
      if (unsafeEntryName(entry.name)) throw wpmlError('zipPath', { name: entry.name.slice(0, 200) });
    }
  }

  /** The entry's bytes; counts against the archive's budget, which the inflater enforces as it goes. */
  read(entry: ZipEntry): Buffer {
    const data = this.data;
    const at = entry.offset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw broken();
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw broken();
    const compressed = data.subarray(start, end);
    const budget = this.limits.maxUnpackedBytes - this.unpacked;
    let out: Buffer;
    if (entry.method === 0) {
      if (compressed.length > budget) throw this.tooLarge();
      out = Buffer.from(compressed);
    } else if (entry.method === 8) {
      try {
        out = inflateRawSync(compressed, {
          maxOutputLength: Math.max(1, budget),
          // output in one piece when the header's size is right (no joining of 16 kB pieces); the header is
          // the sender's word, so at most 4 MB is set aside on it
          chunkSize: Math.min(Math.max(entry.size, 16 * 1024), 4 * 1024 * 1024, Math.max(budget, 64)),
        });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw this.tooLarge();
        }
        throw broken();
      }
      if (out.length > budget) throw this.tooLarge();
    } else {
      // deflate64, bzip2, lzma…: not what GIS tools write; named as damaged rather than guessed at
      throw broken();
    }
    this.unpacked += out.length;
    if (out.length !== entry.size || crc32(out) !== entry.crc) throw broken();
    return out;
  }

  private tooLarge() {
    return wpmlError('zipTooLarge', {
      limit: formatBytes(this.limits.maxUnpackedBytes),
      entries: this.limits.maxEntries,
    });
  }
}

function readCentralDirectory(data: Buffer, limits: ZipLimits): ZipEntry[] {
  // The end record sits in the last 22 + 65,535 bytes (its comment is at most 64 KiB).
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw broken();
  let count = data.readUInt16LE(eocd + 10);
  let size = data.readUInt32LE(eocd + 12);
  let offset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_EOCD_LOCATOR) throw broken();
    const record = safeNumber(data.readBigUInt64LE(locator + 8));
    if (record + 56 > data.length || data.readUInt32LE(record) !== ZIP64_EOCD) throw broken();
    count = safeNumber(data.readBigUInt64LE(record + 32));
    size = safeNumber(data.readBigUInt64LE(record + 40));
    offset = safeNumber(data.readBigUInt64LE(record + 48));
  }
  if (count > limits.maxEntries) {
    throw wpmlError('zipTooLarge', {
      limit: formatBytes(limits.maxUnpackedBytes),
      entries: limits.maxEntries,
    });
  }
  if (offset + size > data.length) throw broken();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw broken();
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    let compressedSize = data.readUInt32LE(at + 20);
    let size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    let local = data.readUInt32LE(at + 42);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > data.length) throw broken();
    // Bit 11: the name is UTF-8; otherwise it is in the maker's code page (often GBK on Chinese Windows).
    const rawName = data.subarray(at + 46, nameEnd);
    const name = flags & 0x800 ? rawName.toString('utf8') : decodeLegacyName(rawName);
    if (flags & 0x1 || method === 99) throw wpmlError('zipEncrypted');
    if (size === 0xffffffff || compressedSize === 0xffffffff || local === 0xffffffff) {
      const zip64 = findExtra(data.subarray(nameEnd, nameEnd + extraLength), 0x0001);
      if (!zip64) throw broken();
      let field = 0;
      const next = () => {
        if (field + 8 > zip64.length) throw broken();
        const value = safeNumber(zip64.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (local === 0xffffffff) local = next();
    }
    entries.push({ name, method, compressedSize, size, crc, offset: local });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

function findExtra(extra: Buffer, id: number): Buffer | undefined {
  for (let at = 0; at + 4 <= extra.length;) {
    const length = extra.readUInt16LE(at + 2);
    if (extra.readUInt16LE(at) === id) return extra.subarray(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return undefined;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw broken();
  return Number(value);
}

const gbk = new TextDecoder('gbk');

/** A name without the UTF-8 flag: plain ASCII, else UTF-8 when it decodes, else GBK (Chinese Windows). */
function decodeLegacyName(raw: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return gbk.decode(raw);
  }
}

/** CRC-32 (zip's), by zlib: native, some thirty times faster than a table walk in JavaScript on megabytes. */
export function crc32(data: Uint8Array): number {
  return zlibCrc32(data) >>> 0;
}

/** One file of an archive `writeZip` makes. */
export interface ZipWriteEntry {
  /** the name with `/` separators */
  name: string;
  data: Uint8Array;
}

/**
 * A zip of `entries`, deflated by Node's zlib (native) at `level`, every entry stamped with `mtime` (local time
 * in DOS format): the same files give the same bytes, so the same MD5. Plain zip 2.0: no
 * data descriptors, no extra fields, no zip64 (entries must stay under 4 GiB, which `maxBytes` guards), the
 * UTF-8 flag set on names that are not ASCII. What `ZipReader` reads back, and what DJI Pilot 2 and the docks
 * read as they read fflate's `zipSync` output.
 */
export function writeZip(entries: ZipWriteEntry[], options: { mtime: Date; level?: number }): Buffer {
  const level = options.level ?? 6;
  const { time, date } = dosDateTime(options.mtime);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const utf8 = /[^\x20-\x7e]/.test(entry.name) ? 0x800 : 0;
    const deflated = deflateRawSync(entry.data, { level });
    if (entry.data.length >= 0xffffffff || deflated.length >= 0xffffffff || offset >= 0xffffffff) {
      throw new RangeError('zip entry too large');
    }
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(utf8, 6);
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL, 0);
    record.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(utf8, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(deflated.length, 20);
    record.writeUInt32LE(entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, deflated);
    central.push(record, name);
    offset += local.length + name.length + deflated.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/**
 * MS-DOS time and date of `at`, read in UTC so that the bytes do not depend on the server's time zone; 1980 is
 * the earliest DOS can hold.
 */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
