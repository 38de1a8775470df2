import proj4 from 'proj4';
import { fieldError } from '../../../lib/errors.js';

/**
 * A shapefile's coordinate system, from its `.prj` (ESRI or OGC WKT 1), turned into a function to WGS-84
 * `[longitude, latitude]` with proj4. Accepted (what Chinese GIS departments and common tools write):
 * - geographic WGS-84 or CGCS2000 (EPSG:4326, 4490): as they are;
 * - Transverse Mercator on the WGS-84 / CGCS2000 / GRS 1980 ellipsoid: CGCS2000 3° and 6° Gauss-Krüger zones
 *   (EPSG:4491–4554), UTM zones (EPSG:326xx, 327xx);
 * - Web Mercator (EPSG:3857 and ESRI's auxiliary sphere).
 * CGCS2000 is taken to equal WGS-84 (they differ by centimetres, as GDAL and PROJ take them without a
 * transformation). Datums that need shift parameters no .prj carries (Beijing 1954, Xian 1980, …) are refused
 * rather than placed tens of metres off, and so is GCJ-02, which no .prj can state.
 */
export type ToWgs84 = (position: number[]) => number[];

/** Ellipsoids whose datum is WGS-84 or indistinguishable from it here: semi-major axis and inverse flattening. */
const WGS84_LIKE = { a: 6_378_137, rf: [298.257223563, 298.257222101] };
const ACCEPTED_PROJECTIONS = new Set(['longlat', 'tmerc', 'etmerc', 'utm', 'merc']);

interface ProjDefinition {
  names?: string[];
  a?: number;
  b?: number;
  rf?: number;
  es?: number;
  /** as the WKT's TOWGS84 gives them (proj4 keeps them as text) */
  datum_params?: (number | string)[];
}

export function prjToWgs84(prj: string, name: string): ToWgs84 | 'identity' {
  const text = prj.trim();
  const unknown = () => fieldError('file', 'gis.prjUnknown', { name });
  if (!/^(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[/i.test(text)) throw unknown();
  // Web Mercator: ESRI's "auxiliary sphere" and OGC's pseudo-Mercator are both EPSG:3857.
  if (/Auxiliary_Sphere|Pseudo[ _-]?Mercator|Web[ _]Mercator|"EPSG","3857"/i.test(text)) {
    return transformer('EPSG:3857');
  }
  let definition: ProjDefinition;
  try {
    definition = proj4.Proj(text) as unknown as ProjDefinition;
  } catch {
    throw unknown();
  }
  // proj4 keeps the WKT's own projection name (ESRI's "Gauss_Kruger" for instance); its `names` say which it is
  const names = new Set(definition.names ?? []);
  if (![...ACCEPTED_PROJECTIONS].some((name) => names.has(name))) throw unknown();
  if (!wgs84Like(definition)) throw unknown();
  if (names.has('longlat')) return 'identity';
  return transformer(text);
}

function wgs84Like(definition: ProjDefinition): boolean {
  if (definition.datum_params?.some((value) => Number(value) !== 0)) return false;
  if (definition.a === undefined || Math.abs(definition.a - WGS84_LIKE.a) > 1e-3) return false;
  const rf =
    definition.rf ?? (definition.b !== undefined ? definition.a / (definition.a - definition.b) : undefined);
  return rf !== undefined && WGS84_LIKE.rf.some((value) => Math.abs(rf - value) < 1e-6);
}

function transformer(from: string): ToWgs84 {
  // No datum shift (the .prj has no TOWGS84, or zeros): proj4 only changes ellipsoid, nanodegrees for CGCS2000.
  const converter = proj4(from, 'EPSG:4326');
  return (position) => {
    const [longitude, latitude] = converter.forward([position[0]!, position[1]!]);
    return [longitude!, latitude!];
  };
}

/** Without a .prj: coordinates that are plainly degrees are taken as WGS-84, anything else is refused. */
export function looksLikeDegrees(positions: Iterable<number[]>): boolean {
  for (const [x, y] of positions) {
    if (!(Math.abs(x!) <= 180 && Math.abs(y!) <= 90)) return false;
  }
  return true;
}
