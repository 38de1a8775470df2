import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_THEME_COLOR,
  LANGUAGES,
  MAP_LAYER_CRS,
  MAP_LAYER_KINDS,
} from '@aos/contract';
import { z } from 'zod';

/** The initial platform-admin password of the embedded demo, printed at start. Production must set its own. */
export const DEMO_ADMIN_PASSWORD = 'Admin@123';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const url = (schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `expected a URL starting with ${schemes.join(' or ')}//`,
  );

/** `{z}/{x}/{y}` (or `{-y}`) tile template over http(s), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
const tileUrl = z
  .string()
  .regex(/^https?:\/\/[^/\s]+\/\S*$/i, 'expected an http(s) URL')
  .refine(
    // {-y}: the rows of a TMS server, counted from the south (OpenLayers flips them)
    (value) => value.includes('{z}') && value.includes('{x}') && /\{-?y\}/.test(value),
    'expected a tile template containing {z}, {x} and {y} (or {-y})',
  );

/** One base layer of MAP_LAYERS (the contract's MapLayerConfig, with its defaults). */
const MapLayer = z
  .object({
    name: z.string().trim().min(1, 'a name is required').max(40),
    url: tileUrl,
    crs: z.enum(MAP_LAYER_CRS, { message: `expected ${MAP_LAYER_CRS.join(' or ')}` }).default('WGS84'),
    kind: z.enum(MAP_LAYER_KINDS, { message: `expected ${MAP_LAYER_KINDS.join(' or ')}` }).default('street'),
    attribution: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

/**
 * MAP_LAYERS: a JSON array of named tile layers, each declaring its coordinate system, e.g.
 * `[{"name":"Street","url":"https://.../{z}/{x}/{y}.png","crs":"GCJ02","kind":"street"}]`.
 */
const mapLayers = z.string().transform((value, ctx) => {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message:
        'expected a JSON array of layers such as [{"name":"Street","url":"https://host/{z}/{x}/{y}.png"}]',
    });
    return z.NEVER;
  }
  const parsed = z
    .array(MapLayer, { message: 'expected a JSON array of layers' })
    .min(1, 'expected at least one layer')
    .max(12, 'at most 12 layers')
    .refine(
      (layers) => new Set(layers.map((layer) => layer.name)).size === layers.length,
      'each layer needs its own name',
    )
    .safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length
      ? `layer ${Number(issue.path[0]) + 1}${issue.path[1] ? ` ${String(issue.path[1])}` : ''}: `
      : '';
    ctx.addIssue({ code: 'custom', message: `${where}${issue.message}` });
    return z.NEVER;
  }
  return parsed.data;
});

/** `longitude,latitude` in degrees, e.g. 116.397,39.908 */
const lonLat = z.string().transform((value, ctx): [number, number] => {
  const parts = value.split(',').map((part) => part.trim());
  const [lon, lat] = parts.map(Number) as [number, number];
  if (
    parts.length !== 2 ||
    parts.some((part) => part === '') ||
    !(Math.abs(lon) <= 180) ||
    !(Math.abs(lat) <= 90)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected longitude,latitude in degrees such as 116.397,39.908',
    });
    return z.NEVER;
  }
  return [lon, lat];
});

/** `proxy-addr`'s names for address ranges, usable in TRUST_PROXY */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, `address/prefix` or a range name of TRUST_PROXY's list. */
function proxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-For` (and `-Proto`, `-Host`) to believe, as Fastify's `trustProxy`: off
 * (default: the client is the TCP peer), a comma list of addresses, CIDRs or loopback|linklocal|uniquelocal,
 * or `true` (anyone: only behind a proxy that overwrites the header, never when reachable directly). No hop
 * count: Fastify 5 trusts nobody for one, as a hop count cannot tell a proxy from a direct client.
 */
const trustProxy = z.string().transform((value, ctx): boolean | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', 'off', 'no', '0'].includes(text)) return false;
  if (text === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(proxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'expected false, true or a comma list of proxy addresses or CIDRs such as 10.0.0.1,10.1.0.0/16',
  });
  return z.NEVER;
});

/** Every environment variable the server reads, with its default (README "Configuration"). */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  CACHE_PREFIX: z.string().max(40).default('aos:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_ENABLED: flag.default(true),
  TENANT_MODE: flag.default(true),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(64).optional(),
  TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone such as Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** scrypt cost exponent: N = 2^cost. 15 with r=8, p=3 meets OWASP's scrypt minimum. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** the reverse proxies whose X-Forwarded-For names the client (sign-in lockout, login log); off by default */
  TRUST_PROXY: trustProxy.default(false),
  /** how long an account or address stays locked after too many failed sign-ins */
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  PLATFORM_NAME: z.string().min(1).max(60).default('无人机智能巡检云平台'),
  /** the console's language until the user picks one */
  DEFAULT_LANGUAGE: z
    .enum(LANGUAGES, { message: `expected ${LANGUAGES.join(' or ')}` })
    .default(DEFAULT_LANGUAGE),
  THEME_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb')
    .default(DEFAULT_THEME_COLOR),
  /** the OAuth client the console signs in with (sent to the browser in /config.js, as BladeX consoles do) */
  CONSOLE_CLIENT_ID: z.string().min(1).max(48).default('saber'),
  CONSOLE_CLIENT_SECRET: z.string().min(1).max(256).default('saber_secret'),
  MAP_TILE_URL: tileUrl.optional(),
  /** named base layers with their coordinate system (docs/map-layers.md); MAP_TILE_URL's layer comes first */
  MAP_LAYERS: mapLayers.optional(),
  MAP_CENTER: lonLat.default([116.397, 39.908]),
  MAP_ZOOM: z.coerce.number().min(0).max(22).default(5),
  /** the device link (MQTT): on by default, off by default under NODE_ENV=test so test apps open no port */
  MQTT_ENABLED: flag.optional(),
  /** an external broker (Mosquitto, EMQX); absent: the embedded broker listens on MQTT_PORT */
  MQTT_URL: url(['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:']).optional(),
  /** the embedded broker's port (0: any free port) */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** shared-subscription group of the server instances on an external broker (`$share/{group}/...`) */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[\w-]{1,40}$/, 'expected 1 to 40 letters, digits, - or _')
    .default('aos'),
  /**
   * this instance's MQTT client id on an external broker: the name of its persistent session (absent: one
   * generated once and kept in DATA_DIR/mqtt-client-id). Each instance needs its own.
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'expected 1 to 64 letters, digits, - or _')
    .optional(),
  /**
   * how long an external broker keeps this instance's session (subscriptions, QoS 1 messages queued for it)
   * after its connection dropped, seconds; 0: a clean session each connection
   */
  MQTT_SESSION_EXPIRY: z.coerce.number().int().min(0).max(604_800).default(3600),
  /** a device that has sent nothing for this long is offline */
  DEVICE_OFFLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** how long a command waits for the device's services_reply */
  DEVICE_REPLY_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  /**
   * the demo fleet: 3 simulated docks with their drones registered to tenant 000000 (needs the device link);
   * on by default, off by default under NODE_ENV=test
   */
  SIMULATOR: flag.optional(),
  /**
   * the demo docks' outside cameras play an HLS test pattern (needs ffmpeg on PATH, about a tenth of a core
   * per dock), served by the platform at /api/demo-video; off by default
   */
  SIMULATOR_VIDEO: flag.default(false),
  /** the address browsers reach the platform at (the demo video's stream addresses); default http://localhost:PORT */
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  /** the demo fleet's speed: every duration is multiplied by it (1 real time; tests use less) */
  SIMULATOR_TIME_SCALE: z.coerce.number().min(0.001).max(10).default(1),
  /**
   * let every URL a tenant configures (object-storage endpoints, supplier base URLs, later webhooks and map
   * layers) be loopback, private, link-local or metadata addresses (an operator's own MinIO on a private
   * network); off, a tenant's configuration cannot make the server reach our own network
   */
  ALLOW_PRIVATE_TENANT_URLS: flag.default(false),
  /** the older name of ALLOW_PRIVATE_TENANT_URLS, kept: either one set to true allows private networks */
  STORAGE_ALLOW_PRIVATE_ENDPOINTS: flag.default(false),
  /** days telemetry samples and flight tracks are kept (deleted daily); 0 keeps them for ever */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  /** picture codes (captcha, captchaString) one address may ask for per minute; beyond, 429 */
  CAPTCHA_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
  /** SMS verification codes (send-validate) one address may ask for per hour, whatever the phones; beyond, 429 */
  SMS_CODES_PER_HOUR_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
});

export type Config = Omit<
  z.infer<typeof Env>,
  'JWT_SECRET' | 'ADMIN_PASSWORD' | 'MQTT_ENABLED' | 'SIMULATOR'
> & {
  JWT_SECRET: string;
  ADMIN_PASSWORD: string;
  MQTT_ENABLED: boolean;
  SIMULATOR: boolean;
  /** true when ADMIN_PASSWORD came from the documented demo default */
  adminPasswordIsDemo: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parse and validate the environment once. A bad value stops the start with a message naming the variable.
 * Absent JWT_SECRET: a random one is generated once and kept in DATA_DIR so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(Env.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = Env.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: required in production (the initial platform admin password)',
    );
  }
  return {
    ...values,
    JWT_SECRET: values.JWT_SECRET ?? persistentSecret(values.DATA_DIR),
    ADMIN_PASSWORD: values.ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
    MQTT_ENABLED: values.MQTT_ENABLED ?? values.NODE_ENV !== 'test',
    SIMULATOR: values.SIMULATOR ?? values.NODE_ENV !== 'test',
    adminPasswordIsDemo: !values.ADMIN_PASSWORD,
  };
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
