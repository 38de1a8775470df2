import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../store/runtime-config';
import type { LonLat } from './coordinates';
import { type TileService, tileService } from './tiles';
import './locale';

/** What a map takes from the installation (`/config.js`). */
export interface MapSettings {
  /** MAP_TILE_URL, checked; null: the offline boundaries alone */
  tiles: TileService | null;
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
    /** attribution of the tile layer, null without one */
    tilesFrom: string | null;
    boundariesFailed: string;
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
    const tiles = tileService(runtimeConfig.map.tileUrl);
    return {
      tiles,
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
      },
    };
  }, [t, i18n.language]);
}
