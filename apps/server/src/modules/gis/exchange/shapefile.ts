import { parseDbf, parseShp } from 'shpjs';
import { fieldError } from '../../../lib/errors.js';
import { looksLikeDegrees, prjToWgs84, type ToWgs84 } from './crs.js';
import type { RawFeature } from './features.js';

export interface ShapefileParts {
  /** `name.shp`, for messages */
  name: string;
  shp: Buffer;
  dbf: Buffer;
  prj?: string;
  cpg?: string;
}

/**
 * A shapefile's features in WGS-84: shapes by shpjs (rings grouped into polygons and holes by orientation),
 * attributes by its dBase reader in the .cpg's encoding (UTF-8 when there is none and the text is valid
 * UTF-8, else GBK, what Chinese Windows tools write), coordinates moved by the .prj (crs.ts).
 */
export function readShapefile(parts: ShapefileParts, firstIndex: number): RawFeature[] {
  let geometries: unknown[];
  let rows: Record<string, unknown>[];
  const broken = (reason: string) => fieldError('file', 'gis.shapefileBroken', { name: parts.name, reason });
  // dBase's header says how many rows; a lie would have the reader loop over rows the file does not hold.
  if (parts.dbf.length < 32) throw broken('the .dbf is too short');
  const rowCount = parts.dbf.readUInt32LE(4);
  const headerLength = parts.dbf.readUInt16LE(8);
  const rowLength = parts.dbf.readUInt16LE(10);
  if (headerLength < 33 || rowLength < 1 || headerLength + rowCount * rowLength > parts.dbf.length) {
    throw broken('the .dbf holds fewer rows than its header says');
  }
  if (parts.shp.length < 100) throw broken('the .shp is too short');
  try {
    geometries = parseShp(parts.shp);
    rows = parseDbf(parts.dbf, encodingOf(parts));
  } catch (error) {
    throw fieldError('file', 'gis.shapefileBroken', {
      name: parts.name,
      reason: error instanceof Error ? error.message.slice(0, 200) : String(error),
    });
  }
  if (rows.length !== geometries.length) {
    throw fieldError('file', 'gis.shapefileBroken', {
      name: parts.name,
      reason: `${geometries.length} shapes but ${rows.length} attribute rows`,
    });
  }
  const project = projection(parts, geometries);
  return geometries.map((geometry, at) => ({
    geometry: rfc7946Rings(project ? mapPositions(geometry, project) : geometry),
    properties: rows[at],
    index: firstIndex + at,
  }));
}

function projection(parts: ShapefileParts, geometries: unknown[]): ToWgs84 | undefined {
  if (parts.prj !== undefined && parts.prj.trim()) {
    const found = prjToWgs84(parts.prj, parts.name);
    return found === 'identity' ? undefined : found;
  }
  if (!looksLikeDegrees(allPositions(geometries)))
    throw fieldError('file', 'gis.prjMissing', { name: parts.name });
  return undefined;
}

/** The .cpg's code page as a TextDecoder label; without one, UTF-8 if the attributes decode as it, else GBK. */
function encodingOf(parts: ShapefileParts): string {
  const cpg = parts.cpg?.trim().toLowerCase();
  if (cpg) {
    if (/^(utf-?8|65001)$/.test(cpg)) return 'utf-8';
    if (/^(936|cp936|gbk|gb2312|gb18030|ansi 936)$/.test(cpg)) return 'gbk';
    const label = /^\d+$/.test(cpg) ? `windows-${cpg}` : cpg;
    try {
      new TextDecoder(label);
      return label;
    } catch {
      return 'utf-8';
    }
  }
  // dBase's language driver byte: 0x4D and 0x7A are the PRC's GBK
  if (parts.dbf[29] === 0x4d || parts.dbf[29] === 0x7a) return 'gbk';
  const records = parts.dbf.length >= 10 ? parts.dbf.subarray(parts.dbf.readUInt16LE(8)) : parts.dbf;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(records);
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}

function* allPositions(geometries: unknown[]): Generator<number[]> {
  for (const geometry of geometries) {
    if (geometry && typeof geometry === 'object')
      yield* positionsOf((geometry as { coordinates?: unknown }).coordinates);
  }
}

function* positionsOf(value: unknown): Generator<number[]> {
  if (!Array.isArray(value)) return;
  if (typeof value[0] === 'number') {
    yield value as number[];
    return;
  }
  for (const item of value) yield* positionsOf(item);
}

function mapPositions(geometry: unknown, project: ToWgs84): unknown {
  if (!geometry || typeof geometry !== 'object') return geometry;
  const map = (value: unknown): unknown =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? project(value as number[])
      : Array.isArray(value)
        ? value.map(map)
        : value;
  const { coordinates } = geometry as { coordinates?: unknown };
  return { ...geometry, coordinates: map(coordinates) };
}

/** Twice the signed area (shoelace): positive for counter-clockwise rings. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/**
 * A shapefile stores outer rings clockwise and holes counter-clockwise; GeoJSON (RFC 7946) the other way
 * round, which is what the platform keeps and what a round trip through our writer must give back.
 */
function rfc7946Rings(geometry: unknown): unknown {
  const { type, coordinates } = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
  const orient = (rings: number[][][]) =>
    rings.map((ring, at) => (signedArea(ring) > 0 === (at === 0) ? ring : [...ring].reverse()));
  if (type === 'Polygon' && Array.isArray(coordinates)) {
    return { ...(geometry as object), coordinates: orient(coordinates as number[][][]) };
  }
  if (type === 'MultiPolygon' && Array.isArray(coordinates)) {
    return { ...(geometry as object), coordinates: (coordinates as number[][][][]).map(orient) };
  }
  return geometry;
}
