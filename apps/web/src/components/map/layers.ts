import type { MapLayerConfig, MapLayerCrs, MapLayerKind } from '@aos/contract';
import { tileService } from './tiles';

/** A base layer the map can show: one of the installation's tile layers, checked, or the offline boundaries. */
export interface BaseLayer {
  /** stable within the page: `tiles-<n>` for a tile layer (its place in the list), `offline` for none */
  id: string;
  /** the installation's name for it; empty: the console calls it by its kind */
  name: string;
  kind: MapLayerKind | 'offline';
  /** tile template, absent for the offline boundaries */
  url?: string;
  /** the coordinate system of the tiles: a GCJ-02 layer is warped onto WGS-84 before it is drawn */
  crs: MapLayerCrs;
  /** credit shown on the map (the installation's, else the tile server's host name) */
  attribution?: string;
  /** the tile server's host name */
  host?: string;
}

/** The offline boundaries shipped with the console: always there, drawn under every tile layer. */
export const OFFLINE_LAYER: BaseLayer = { id: 'offline', name: '', kind: 'offline', crs: 'WGS84' };

/** What `/config.js` says about the map, as an older or hand-written script may say it. */
export interface MapLayerSource {
  tileUrl?: string | null;
  layers?: ReadonlyArray<Partial<MapLayerConfig>> | null;
}

const CRS: readonly MapLayerCrs[] = ['WGS84', 'GCJ02'];
const KINDS: readonly MapLayerKind[] = ['street', 'satellite'];

/**
 * The installation's base layers, in its order, then the offline boundaries. Each entry is checked again
 * (the server checked MAP_LAYERS at start; a hand-edited script could hand the map anything): a tile
 * template it can fetch with, a known coordinate system and kind (WGS-84 street when absent). A script
 * without `layers` still has `tileUrl` (MAP_TILE_URL): one WGS-84 street layer, as before.
 */
export function baseLayers(source: MapLayerSource | null | undefined): BaseLayer[] {
  const listed = source?.layers;
  const tileUrl = source?.tileUrl;
  const entries: Array<Partial<MapLayerConfig>> = Array.isArray(listed)
    ? [...(listed as ReadonlyArray<Partial<MapLayerConfig>>)]
    : tileUrl
      ? [{ url: tileUrl }]
      : [];
  const layers: BaseLayer[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const tiles = tileService(typeof entry.url === 'string' ? entry.url : null);
    if (!tiles) continue;
    const crs = entry.crs ?? 'WGS84';
    const kind = entry.kind ?? 'street';
    if (!CRS.includes(crs) || !KINDS.includes(kind)) continue;
    layers.push({
      id: `tiles-${layers.length}`,
      name: typeof entry.name === 'string' ? entry.name.trim() : '',
      kind,
      url: tiles.url,
      crs,
      host: tiles.host,
      attribution: typeof entry.attribution === 'string' && entry.attribution ? entry.attribution : undefined,
    });
  }
  return [...layers, OFFLINE_LAYER];
}

/**
 * The layer a map opens on: the one the user chose last (by id, when it still exists), else the first street
 * layer, else the first layer, else the offline boundaries.
 */
export function initialLayer(layers: readonly BaseLayer[], remembered: string | null | undefined): BaseLayer {
  return (
    layers.find((layer) => layer.id === remembered) ??
    layers.find((layer) => layer.kind === 'street') ??
    layers[0] ??
    OFFLINE_LAYER
  );
}

/** Where the user's choice of base layer is kept (per browser, like the language). */
export const BASE_LAYER_STORAGE_KEY = 'aos.map.baseLayer';

export function rememberedLayer(): string | null {
  try {
    return localStorage.getItem(BASE_LAYER_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLayer(id: string): void {
  try {
    localStorage.setItem(BASE_LAYER_STORAGE_KEY, id);
  } catch {
    // private mode or storage full: the choice lasts for this map only
  }
}
