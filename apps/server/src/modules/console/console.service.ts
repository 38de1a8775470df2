import { CONSOLE_CONFIG_GLOBAL, type ConsoleConfig } from '@aos/contract';
import type { Config } from '../../config.js';

/** The console's settings for this installation (what `GET /config.js` publishes). */
export function consoleConfig(config: Config): ConsoleConfig {
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
    map: { tileUrl: config.MAP_TILE_URL ?? null, center: config.MAP_CENTER, zoom: config.MAP_ZOOM },
    live: { websocketPath: '/api/ws' },
    firstPageMode: false,
  };
}

/**
 * The script that sets the settings before the bundle loads. JSON is a JavaScript expression; escaping `<`
 * (and the two line separators old engines reject in strings) keeps any value from closing the script.
 */
export function consoleScript(settings: ConsoleConfig): string {
  const json = JSON.stringify(settings)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `window.${CONSOLE_CONFIG_GLOBAL} = ${json};\n`;
}
