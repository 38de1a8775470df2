// shpjs ships no declarations; just the two readers the exchange module calls.
declare module 'shpjs' {
  /** the .shp's shapes as GeoJSON geometries (null for null shapes); `prj` left out: we reproject ourselves */
  export function parseShp(shp: ArrayBuffer | DataView | Uint8Array): unknown[];
  /** the .dbf's rows; `cpg` a TextDecoder label */
  export function parseDbf(dbf: ArrayBuffer | DataView | Uint8Array, cpg?: string): Record<string, unknown>[];
}
