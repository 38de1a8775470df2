import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../store/runtime-config';
import type { LonLat } from './coordinates';
import { type BaseLayer, baseLayers, initialLayer, rememberedLayer } from './layers';
import type { TileService } from './tiles';
import './locale';

/** What a map takes from the installation (`/config.js`). */
export interface MapSettings {
  /** the layer the map opens on when it is a tile layer; null: the offline boundaries alone */
  tiles: TileService | null;
  /** the installation's base layers (MAP_LAYERS, MAP_TILE_URL), checked, then the offline boundaries */
  layers: BaseLayer[];
  /** the id of the layer a map opens on (the user's last choice, else the first street layer) */
  layer: string;
  /** MAP_CENTER and MAP_ZOOM: where a map opens when its screen does not say */
  center: LonLat;
  zoom: number;
  /** the theme colour, for the marker and the controls' hover */
  accent: string;
  /** 'zh' or 'en': which name of a province the map writes */
  names: 'zh' | 'en';
  /** the map's own strings, already translated */
  texts: {
    zoomIn: string;
    zoomOut: string;
    boundariesSource: string;
    /** attribution of the opening tile layer, null without one */
    tilesFrom: string | null;
    boundariesFailed: string;
    /** the switcher's label, and each base layer's name (by id) and credit (by id, tile layers only) */
    baseLayer: string;
    layerNames: Record<string, string>;
    layerCredits: Record<string, string>;
    /** the zones toggle and what its colours mean */
    zones: string;
    zonesLegend: string;
  };
}

/**
 * The installation's map settings and the map's strings in the console's language. Read on the screen's side
 * and handed to the lazily loaded map as a prop, so the map chunk imports neither the runtime configuration
 * nor i18next: either import made the bundler split the chunks the sign-in page loads (about +1 kB gzip).
 */
export function useMapSettings(): MapSettings {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const layers = baseLayers(runtimeConfig.map);
    const opening = initialLayer(layers, rememberedLayer());
    const tiles = opening.url ? { url: opening.url, host: opening.host ?? '' } : null;
    const kindName = (layer: BaseLayer) => t(`map.layerKind.${layer.kind}`);
    return {
      tiles,
      layers,
      layer: opening.id,
      center: runtimeConfig.map.center,
      zoom: runtimeConfig.map.zoom,
      accent: runtimeConfig.themeColor,
      names: i18n.language.startsWith('zh') ? 'zh' : 'en',
      texts: {
        zoomIn: t('map.zoomIn'),
        zoomOut: t('map.zoomOut'),
        boundariesSource: t('map.boundariesSource'),
        tilesFrom: tiles ? t('map.tilesFrom', { host: tiles.host }) : null,
        boundariesFailed: t('map.boundariesFailed'),
        baseLayer: t('map.baseLayer'),
        layerNames: Object.fromEntries(layers.map((layer) => [layer.id, layer.name || kindName(layer)])),
        zones: t('map.zones'),
        zonesLegend: t('map.zonesLegend'),
        layerCredits: Object.fromEntries(
          layers
            .filter((layer) => layer.url)
            .map((layer) => [layer.id, layer.attribution ?? t('map.tilesFrom', { host: layer.host })]),
        ),
      },
    };
  }, [t, i18n.language]);
}
