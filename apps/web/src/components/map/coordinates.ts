/** A position as `[longitude, latitude]` in WGS84 decimal degrees (what the API stores and OpenLayers' lon/lat is). */
export type LonLat = [longitude: number, latitude: number];

/** Six decimals: about 0.1 m, finer than any GNSS fix a base station or hangar is placed by. */
export const COORDINATE_DECIMALS = 6;

/** Web Mercator (EPSG:3857) cannot show the poles: the view stops at ±85.0511°. */
export const MERCATOR_MAX_LATITUDE = 85.051129;

/** China's mainland and islands, `[west, south, east, north]`: where a map without a value opens. */
export const CHINA_EXTENT: [number, number, number, number] = [73.5, 17.5, 135.1, 53.6];

/** Longitude −180..180 and latitude −90..90, both finite. */
export function isLonLat(longitude: number, latitude: number): boolean {
  return (
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    Math.abs(longitude) <= 180 &&
    Math.abs(latitude) <= 90
  );
}

/**
 * The `longitude,latitude` text of spec §5 (what a base station's `lonLat` holds), or undefined when it is
 * not one. Accepts exactly what the contract's `parseLonLat` accepts, so the picker never offers a value the
 * form would refuse (a unit test holds the two together).
 */
export function parseLonLatText(text: unknown): LonLat | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const longitude = Number(match[1]);
  const latitude = Number(match[2]);
  return isLonLat(longitude, latitude) ? [longitude, latitude] : undefined;
}

/** Rounded to COORDINATE_DECIMALS, without float noise such as 116.39712800000001 (and never -0). */
export function roundCoordinate(value: number): number {
  const rounded = Number(value.toFixed(COORDINATE_DECIMALS));
  return rounded === 0 ? 0 : rounded;
}

/** `116.397128,39.916527`: six decimals each, the text form the API takes. */
export function formatLonLatText([longitude, latitude]: LonLat): string {
  return `${longitude.toFixed(COORDINATE_DECIMALS)},${latitude.toFixed(COORDINATE_DECIMALS)}`;
}

/** A longitude brought back into −180..180 (a map panned across the date line reports 190° for −170°). */
export function wrapLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * A point picked on the map as a storable value: longitude wrapped, latitude kept inside what Web Mercator
 * can show, both rounded to six decimals.
 */
export function normalizeLonLat([longitude, latitude]: LonLat): LonLat {
  const clampedLatitude = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));
  return [roundCoordinate(wrapLongitude(longitude)), roundCoordinate(clampedLatitude)];
}
