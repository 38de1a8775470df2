import { AppError, fieldError } from '../../../lib/errors.js';
import { type ImportedFeature, normalizeFeatures, type RawFeature } from './features.js';
import { readGeoJson, utf8Text } from './geojson.js';
import { readKml } from './kml.js';
import { EXCHANGE_LIMITS, type ExchangeLimits, formatBytes } from './limits.js';
import { readShapefile } from './shapefile.js';
import { looksLikeZip, ZipReader } from '../../../lib/zip.js';

/** The kinds of area file we read, by extension. */
export const AREA_FILE_FORMATS = ['zip', 'kml', 'kmz', 'geojson', 'json'] as const;
export type AreaFileFormat = (typeof AREA_FILE_FORMATS)[number];

export interface ReadAreaFileInput {
  /** the name the user's file had: its extension decides how it is read */
  filename: string;
  data: Buffer;
  /**
   * What this import takes (default: all). Spec §5: no-fly zone and fence import is `['zip']`; a zip may
   * then hold a shapefile, KML or GeoJSON.
   */
  accept?: readonly AreaFileFormat[];
  /** tighter limits (tests); defaults EXCHANGE_LIMITS */
  limits?: Partial<ExchangeLimits>;
}

export type { ImportedFeature } from './features.js';

/**
 * Read an area file a user uploaded: a `.zip` (a shapefile: .shp + .dbf, optional .prj and .cpg, or KML or
 * GeoJSON files), `.kml`, `.kmz`, `.geojson` or `.json`. A shapefile's .prj is honoured (see crs.ts); every
 * shape comes back in WGS-84, multi-geometries split, circles as `Circle`, each one parsed by the contract's
 * geometry schema and checked for self-intersection. Anything wrong is a 400 naming the field `file` with a
 * message saying what (see messages `gis.*` in the contract); nothing here touches the disk or the database.
 */
export async function readAreaFile(input: ReadAreaFileInput): Promise<ImportedFeature[]> {
  const limits = { ...EXCHANGE_LIMITS, ...input.limits };
  const accept = input.accept?.length ? input.accept : AREA_FILE_FORMATS;
  const format = formatOf(input.filename);
  if (!format || !accept.includes(format)) {
    throw fieldError('file', 'gis.fileType', { formats: describeFormats(accept) });
  }
  if (input.data.length > limits.maxInputBytes) {
    throw fieldError('file', 'gis.fileTooLarge', { limit: formatBytes(limits.maxInputBytes) });
  }
  if (input.data.length === 0) throw fieldError('file', 'gis.fileEmpty');
  try {
    return normalizeFeatures(readRaw(format, input.data, limits), limits.maxFeatures);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A file no rule above foresaw (a parser's own failure, nesting deep enough to exhaust the stack): still
    // the sender's file at fault, so a 400 naming it, never a 500.
    const reason = error instanceof Error ? error.message : String(error);
    throw fieldError('file', 'gis.fileBroken', { reason: reason.split('\n')[0]!.slice(0, 200) });
  }
}

/** The format an extension names, or undefined. */
export function formatOf(filename: string): AreaFileFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  return AREA_FILE_FORMATS.find((format) => format === extension);
}

/** ".zip" or ".zip, .kml, .kmz, .geojson, .json": what the refusal tells the user we take. */
export function describeFormats(accept: readonly AreaFileFormat[]): string {
  return accept.map((format) => `.${format}`).join(', ');
}

function readRaw(format: AreaFileFormat, data: Buffer, limits: ExchangeLimits): RawFeature[] {
  switch (format) {
    case 'geojson':
    case 'json':
      return readGeoJson(utf8Text(data));
    case 'kml':
      return readKml(utf8Text(data));
    case 'kmz':
      return readArchive(data, limits, 'kmz');
    case 'zip':
      return readArchive(data, limits, 'zip');
  }
}

/**
 * A zip's layers: every shapefile (by its .shp and .dbf), KML and GeoJSON inside, in name order, numbered on
 * from one file to the next. A KMZ is a zip of KML (doc.kml first). Mac OS resource forks (`__MACOSX/`,
 * `._name`) are skipped.
 */
function readArchive(data: Buffer, limits: ExchangeLimits, kind: 'zip' | 'kmz'): RawFeature[] {
  if (!looksLikeZip(data)) throw fieldError('file', 'gis.zipBroken');
  const zip = new ZipReader(data, limits);
  const files = new Map<string, (typeof zip.entries)[number]>();
  for (const entry of zip.entries) {
    const base = entry.name.split('/').pop()!;
    if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/') || base.startsWith('._')) continue;
    files.set(entry.name.toLowerCase(), entry);
  }
  const names = [...files.keys()].sort((a, b) =>
    a === 'doc.kml' ? -1 : b === 'doc.kml' ? 1 : a < b ? -1 : 1,
  );
  const raw: RawFeature[] = [];
  let found = false;
  const stemOf = (name: string) => name.slice(0, name.lastIndexOf('.'));
  for (const name of names) {
    const extension = name.slice(name.lastIndexOf('.') + 1);
    const entry = files.get(name)!;
    if (extension === 'kml') {
      found = true;
      raw.push(...readKml(utf8Text(zip.read(entry)), raw.length));
    } else if (kind === 'zip' && (extension === 'geojson' || extension === 'json')) {
      found = true;
      raw.push(...readGeoJson(utf8Text(zip.read(entry)), raw.length));
    } else if (kind === 'zip' && (extension === 'shp' || extension === 'dbf')) {
      const stem = stemOf(name);
      const shp = files.get(`${stem}.shp`);
      const dbf = files.get(`${stem}.dbf`);
      const label = `${stemOf(entry.name).split('/').pop()}.shp`;
      if (!shp) throw fieldError('file', 'gis.shapefilePart', { name: label, part: '.shp' });
      if (!dbf) throw fieldError('file', 'gis.shapefilePart', { name: label, part: '.dbf' });
      if (extension === 'dbf') continue; // read once, from its .shp
      found = true;
      const prj = files.get(`${stem}.prj`);
      const cpg = files.get(`${stem}.cpg`);
      raw.push(
        ...readShapefile(
          {
            name: label,
            shp: zip.read(shp),
            dbf: zip.read(dbf),
            prj: prj ? zip.read(prj).toString('utf8') : undefined,
            cpg: cpg ? zip.read(cpg).toString('utf8') : undefined,
          },
          raw.length,
        ),
      );
    }
    if (raw.length > limits.maxFeatures) {
      throw fieldError('file', 'gis.fileTooMany', { limit: limits.maxFeatures });
    }
  }
  if (!found) throw fieldError('file', kind === 'kmz' ? 'gis.fileEmpty' : 'gis.zipNoData');
  return raw;
}
