import { z } from 'zod';
import { LANGUAGES } from './constants.js';

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
    /** `https://.../{z}/{x}/{y}.png`, or null for the console's own default */
    tileUrl: z.string().nullable(),
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
