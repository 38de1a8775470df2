import { z } from 'zod';
import { LANGUAGES } from './constants.js';

/** Coordinate systems a tile layer may be drawn in: WGS-84, or GCJ-02 (China's shifted grid, Gaode, Tencent). */
export const MAP_LAYER_CRS = ['WGS84', 'GCJ02'] as const;
export type MapLayerCrs = (typeof MAP_LAYER_CRS)[number];
/** What a base layer shows (the map's switcher groups them so). */
export const MAP_LAYER_KINDS = ['street', 'satellite'] as const;
export type MapLayerKind = (typeof MAP_LAYER_KINDS)[number];

/** One named base layer of the map (MAP_LAYERS): an XYZ tile template and the coordinate system of its tiles. */
export const MapLayerConfig = z.object({
  name: z.string(),
  /** `https://.../{z}/{x}/{y}.png` (also `{-y}`, `{a-c}`) */
  url: z.string(),
  crs: z.enum(MAP_LAYER_CRS),
  kind: z.enum(MAP_LAYER_KINDS),
  /** credited on the map (absent: the tile server's host name) */
  attribution: z.string().nullable(),
});
export type MapLayerConfig = z.infer<typeof MapLayerConfig>;

/**
 * What `GET /config.js` sets as `window.__AOS_CONFIG__` before the console's bundle loads: the settings of
 * this installation, built from the server's configuration (README "Configuration").
 */
export const ConsoleConfig = z.object({
  title: z.string(),
  logo: z.string(),
  tenantMode: z.boolean(),
  captchaMode: z.boolean(),
  defaultLanguage: z.enum(LANGUAGES),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** the console's OAuth client, embedded in the console as BladeX consoles do */
  clientId: z.string(),
  clientSecret: z.string(),
  /** HTTP statuses whose failures the console rejects without a message */
  statusWhiteList: z.array(z.number().int()),
  socialProviders: z.array(z.object({ source: z.string(), name: z.string() })),
  map: z.object({
    /** `https://.../{z}/{x}/{y}.png`, or null for the console's own default (MAP_TILE_URL, kept for old scripts) */
    tileUrl: z.string().nullable(),
    /** the installation's base layers (MAP_LAYERS; MAP_TILE_URL becomes one WGS-84 street layer), in order */
    layers: z.array(MapLayerConfig).default([]),
    /** [longitude, latitude] */
    center: z.tuple([z.number(), z.number()]),
    zoom: z.number(),
  }),
  live: z.object({ websocketPath: z.string() }),
  firstPageMode: z.boolean(),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;

/** The global `/config.js` assigns. */
export const CONSOLE_CONFIG_GLOBAL = '__AOS_CONFIG__';
