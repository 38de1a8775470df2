/**
 * The figures of a route as the manager shows them: pure functions returning a number and the i18n key of
 * its unit, so both languages share them (unit-tested beside).
 */

export interface Figure {
  /** the i18n key under `routeManager.unit` */
  unit: string;
  values: Record<string, number | string>;
}

/** Metres → "1.23 km" (two decimals), or metres under 1 km ("850 m"). */
export function distanceFigure(metres: number): Figure {
  if (!Number.isFinite(metres) || metres < 0) return { unit: 'none', values: {} };
  if (metres < 1000) return { unit: 'm', values: { value: Math.round(metres) } };
  return { unit: 'km', values: { value: (metres / 1000).toFixed(2) } };
}

/** Seconds → minutes and seconds ("12 min 5 s"), hours from 60 minutes ("1 h 2 min"), "45 s" under a minute. */
export function durationFigure(seconds: number): Figure {
  if (!Number.isFinite(seconds) || seconds < 0) return { unit: 'none', values: {} };
  const total = Math.round(seconds);
  if (total < 60) return { unit: 's', values: { s: total } };
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return { unit: 'minS', values: { min: minutes, s: total % 60 } };
  return { unit: 'hMin', values: { h: Math.floor(minutes / 60), min: minutes % 60 } };
}

/** Square metres → hectares (two decimals) under 1 km², else km² (two decimals); none for null. */
export function areaFigure(squareMetres: number | null | undefined): Figure {
  if (
    squareMetres === null ||
    squareMetres === undefined ||
    !Number.isFinite(squareMetres) ||
    squareMetres < 0
  )
    return { unit: 'none', values: {} };
  if (squareMetres < 1_000_000) return { unit: 'ha', values: { value: (squareMetres / 10_000).toFixed(2) } };
  return { unit: 'km2', values: { value: (squareMetres / 1_000_000).toFixed(2) } };
}

/** The centre of a route's bbox `[west, south, east, north]`, rounded for a caption. */
export function bboxCentre(bbox: readonly [number, number, number, number]): [number, number] {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return [round((bbox[0] + bbox[2]) / 2), round((bbox[1] + bbox[3]) / 2)];
}

/** Accepted import files: extension → the format, or undefined; and the size limit (20 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export type ImportFormat = 'kmz' | 'kml' | 'geojson';
export function importFormatOf(fileName: string): ImportFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'kmz') return 'kmz';
  if (extension === 'kml') return 'kml';
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  return undefined;
}
