/**
 * Writing a shapefile (ESRI Shapefile Technical Description, 1998): .shp and .shx for Point, PolyLine and
 * Polygon (2D), and a dBase III .dbf whose text is UTF-8 (the .cpg beside it says so). Small enough to own:
 * the JavaScript writers we looked at write dBase text one byte per UTF-16 unit, which breaks Chinese names.
 */

export type ShapeType = 'point' | 'line' | 'polygon';

interface WritableFeature {
  geometry: { type: 'Point' | 'LineString' | 'Polygon'; coordinates: unknown };
  properties: Record<string, string | number | null>;
}

const SHAPE_CODE: Record<ShapeType, number> = { point: 1, line: 3, polygon: 5 };

type Box = [number, number, number, number];

export function writeShapefile(
  type: ShapeType,
  features: WritableFeature[],
): { shp: Uint8Array; shx: Uint8Array; dbf: Uint8Array } {
  const records = features.map((feature) => shapeRecord(type, feature.geometry));
  const box = records.reduce<Box | undefined>(
    (all, record) => (all ? union(all, record.box) : record.box),
    undefined,
  ) ?? [0, 0, 0, 0];
  const shpLength = 100 + records.reduce((sum, record) => sum + 8 + record.content.length, 0);
  const shp = Buffer.alloc(shpLength);
  const shx = Buffer.alloc(100 + 8 * records.length);
  writeHeader(shp, type, box, shpLength);
  writeHeader(shx, type, box, shx.length);
  let offset = 100;
  records.forEach((record, index) => {
    shx.writeInt32BE(offset / 2, 100 + index * 8);
    shx.writeInt32BE(record.content.length / 2, 104 + index * 8);
    shp.writeInt32BE(index + 1, offset);
    shp.writeInt32BE(record.content.length / 2, offset + 4);
    record.content.copy(shp, offset + 8);
    offset += 8 + record.content.length;
  });
  return { shp, shx, dbf: writeDbf(features.map((feature) => feature.properties)) };
}

function writeHeader(buffer: Buffer, type: ShapeType, box: Box, length: number) {
  buffer.writeInt32BE(9994, 0);
  buffer.writeInt32BE(length / 2, 24);
  buffer.writeInt32LE(1000, 28);
  buffer.writeInt32LE(SHAPE_CODE[type], 32);
  box.forEach((value, at) => buffer.writeDoubleLE(value, 36 + at * 8));
}

function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function boxOf(positions: number[][]): Box {
  let box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positions) box = union(box, [x!, y!, x!, y!]);
  return box;
}

/** Twice the signed area (shoelace): positive for counter-clockwise rings. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

function shapeRecord(type: ShapeType, geometry: WritableFeature['geometry']): { content: Buffer; box: Box } {
  if (type === 'point') {
    const [x, y] = geometry.coordinates as number[];
    const content = Buffer.alloc(20);
    content.writeInt32LE(1, 0);
    content.writeDoubleLE(x!, 4);
    content.writeDoubleLE(y!, 12);
    return { content, box: [x!, y!, x!, y!] };
  }
  // A shapefile polygon's outer ring runs clockwise and its holes counter-clockwise (GeoJSON is the reverse).
  const parts =
    type === 'line'
      ? [geometry.coordinates as number[][]]
      : (geometry.coordinates as number[][][]).map((ring, at) => {
          const clockwise = signedArea(ring) < 0;
          return clockwise === (at === 0) ? ring : [...ring].reverse();
        });
  const points = parts.flat();
  const box = boxOf(points);
  const content = Buffer.alloc(44 + 4 * parts.length + 16 * points.length);
  content.writeInt32LE(SHAPE_CODE[type], 0);
  box.forEach((value, at) => content.writeDoubleLE(value, 4 + at * 8));
  content.writeInt32LE(parts.length, 36);
  content.writeInt32LE(points.length, 40);
  let start = 0;
  parts.forEach((part, at) => {
    content.writeInt32LE(start, 44 + at * 4);
    start += part.length;
  });
  const pointsAt = 44 + 4 * parts.length;
  points.forEach(([x, y], at) => {
    content.writeDoubleLE(x!, pointsAt + at * 16);
    content.writeDoubleLE(y!, pointsAt + at * 16 + 8);
  });
  return { content, box };
}

// ------------------------------------------------------------------------------------------------- dBase

interface Field {
  key: string;
  name: Buffer;
  type: 'C' | 'N';
  length: number;
  decimals: number;
}

const MAX_TEXT_BYTES = 254;

/** Up to `max` bytes of UTF-8, cut at a character boundary. */
function utf8Prefix(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** Numbers as dBase writes them: no exponent, as many decimals as the value needs (at most 15). */
function numberText(value: number, decimals: number): string {
  return decimals ? value.toFixed(decimals) : String(Math.round(value));
}

function decimalsOf(value: number): number {
  const text = String(value);
  if (/e/i.test(text)) return 15;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(15, text.length - dot - 1);
}

function planFields(rows: Record<string, string | number | null>[]): Field[] {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const taken = new Set<string>();
  return keys.map((key) => {
    // dBase field names: at most 10 bytes, unique (case-insensitively, as readers compare them)
    let name = utf8Prefix(key.replaceAll('\u0000', '') || 'field', 10);
    for (let n = 1; taken.has(name.toString('utf8').toUpperCase()); n++) {
      name = Buffer.concat([utf8Prefix(key, 10 - String(n).length - 1), Buffer.from(`_${n}`)]);
    }
    taken.add(name.toString('utf8').toUpperCase());
    const values = rows.map((row) => row[key]).filter((value) => value !== null && value !== undefined);
    const numeric =
      values.length > 0 && values.every((value) => typeof value === 'number' && Number.isFinite(value));
    if (numeric) {
      const decimals = Math.max(0, ...values.map((value) => decimalsOf(value as number)));
      const length = Math.max(1, ...values.map((value) => numberText(value as number, decimals).length));
      if (length <= 20) return { key, name, type: 'N', length, decimals };
    }
    const length = Math.max(1, ...values.map((value) => utf8Prefix(String(value), MAX_TEXT_BYTES).length));
    return { key, name, type: 'C', length, decimals: 0 };
  });
}

function writeDbf(rows: Record<string, string | number | null>[]): Buffer {
  const fields = planFields(rows);
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const dbf = Buffer.alloc(headerLength + recordLength * rows.length + 1, 0x20);
  dbf.fill(0, 0, headerLength);
  const now = new Date();
  dbf.writeUInt8(0x03, 0);
  dbf.writeUInt8(now.getUTCFullYear() - 1900, 1);
  dbf.writeUInt8(now.getUTCMonth() + 1, 2);
  dbf.writeUInt8(now.getUTCDate(), 3);
  dbf.writeUInt32LE(rows.length, 4);
  dbf.writeUInt16LE(headerLength, 8);
  dbf.writeUInt16LE(recordLength, 10);
  fields.forEach((field, at) => {
    const start = 32 + at * 32;
    field.name.copy(dbf, start);
    dbf.write(field.type, start + 11, 'latin1');
    dbf.writeUInt8(field.length, start + 16);
    dbf.writeUInt8(field.decimals, start + 17);
  });
  dbf.writeUInt8(0x0d, headerLength - 1);
  rows.forEach((row, index) => {
    let at = headerLength + index * recordLength + 1; // the deletion flag stays ' '
    for (const field of fields) {
      const value = row[field.key];
      if (value !== null && value !== undefined) {
        if (field.type === 'N') {
          const text = numberText(value as number, field.decimals);
          dbf.write(text, at + field.length - text.length, 'latin1'); // right-aligned
        } else {
          utf8Prefix(String(value), field.length).copy(dbf, at);
        }
      }
      at += field.length;
    }
  });
  dbf.writeUInt8(0x1a, dbf.length - 1);
  return dbf;
}
