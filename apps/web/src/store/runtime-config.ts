import type { Language, MapLayerConfig } from '@aos/contract';
import { DEFAULT_LANGUAGE, DEFAULT_THEME_COLOR } from '@aos/contract/rules';

/** What the server's `/config.js` sets before the bundle loads (built from the server's configuration). */
export interface RuntimeConfig {
  title: string;
  logo: string;
  tenantMode: boolean;
  captchaMode: boolean;
  defaultLanguage: Language;
  themeColor: string;
  clientId: string;
  clientSecret: string;
  /** HTTP statuses whose failures are rejected without a message */
  statusWhiteList: number[];
  socialProviders: Array<{ source: string; name: string }>;
  /** `layers`: the installation's base layers (MAP_LAYERS), absent from an older script (then `tileUrl`) */
  map: { tileUrl: string | null; layers?: MapLayerConfig[]; center: [number, number]; zoom: number };
  live: { websocketPath: string };
  /** first-page mode: when off, the first-page (home) tab cannot be closed */
  firstPageMode: boolean;
  /** the server's TIME_ZONE: the zone of the API's times, and of every time the console shows */
  timeZone: string;
}

declare global {
  interface Window {
    __AOS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const defaults: RuntimeConfig = {
  title: '无人机智能巡检云平台',
  logo: '/logo.svg',
  tenantMode: true,
  captchaMode: true,
  defaultLanguage: DEFAULT_LANGUAGE,
  themeColor: DEFAULT_THEME_COLOR,
  clientId: 'saber',
  clientSecret: 'saber_secret',
  statusWhiteList: [],
  socialProviders: [],
  map: { tileUrl: null, center: [116.397, 39.908], zoom: 5 },
  live: { websocketPath: '/api/ws' },
  firstPageMode: false,
  timeZone: 'Asia/Shanghai',
};

export const runtimeConfig: RuntimeConfig = {
  ...defaults,
  ...(typeof window === 'undefined' ? {} : (window.__AOS_CONFIG__ ?? {})),
};
