import { CONSOLE_CONFIG_GLOBAL, type ConsoleConfig, type MapLayerConfig } from '@aos/contract';
import type { Config } from '../../config.js';

/**
 * What `/config.js` publishes. `timeZone` (TIME_ZONE, the zone of the API's times) lets the console show
 * every time as the tables do; it belongs in the contract's ConsoleConfig, which is being restructured.
 */
export type PublishedConsoleConfig = ConsoleConfig & { timeZone: string };

/** The console's settings for this installation (what `GET /config.js` publishes). */
export function consoleConfig(config: Config): PublishedConsoleConfig {
  return {
    title: config.PLATFORM_NAME,
    logo: '/logo.svg',
    tenantMode: config.TENANT_MODE,
    captchaMode: config.CAPTCHA_ENABLED,
    defaultLanguage: config.DEFAULT_LANGUAGE,
    themeColor: config.THEME_COLOR,
    clientId: config.CONSOLE_CLIENT_ID,
    clientSecret: config.CONSOLE_CLIENT_SECRET,
    statusWhiteList: [],
    socialProviders: [],
    map: {
      tileUrl: config.MAP_TILE_URL ?? null,
      layers: mapLayers(config),
      center: config.MAP_CENTER,
      zoom: config.MAP_ZOOM,
    },
    live: { websocketPath: '/api/ws' },
    firstPageMode: false,
    timeZone: config.TIME_ZONE,
  };
}

/**
 * The map's base layers: MAP_TILE_URL as one WGS-84 street layer (what it always meant; no name: the console
 * calls it by its kind in the user's language), then MAP_LAYERS.
 * A MAP_LAYERS entry with MAP_TILE_URL's template is not repeated.
 */
export function mapLayers(config: Pick<Config, 'MAP_TILE_URL' | 'MAP_LAYERS'>): MapLayerConfig[] {
  const layers: MapLayerConfig[] = [];
  if (config.MAP_TILE_URL)
    layers.push({ name: '', url: config.MAP_TILE_URL, crs: 'WGS84', kind: 'street', attribution: null });
  for (const layer of config.MAP_LAYERS ?? []) {
    if (layers.some((known) => known.url === layer.url)) continue;
    layers.push({ ...layer, attribution: layer.attribution ?? null });
  }
  return layers;
}

/**
 * The script that sets the settings before the bundle loads. JSON is a JavaScript expression; escaping `<`
 * (and the two line separators old engines reject in strings) keeps any value from closing the script.
 */
export function consoleScript(settings: PublishedConsoleConfig): string {
  const json = JSON.stringify(settings)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `window.${CONSOLE_CONFIG_GLOBAL} = ${json};\n`;
}
