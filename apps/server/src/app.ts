import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_MAX_BYTES } from '@aos/contract';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type DatabaseTarget, openDatabase } from './db/client.js';
import { seedPlatform } from './db/seed.js';
import { openCache } from './lib/cache.js';
import { setTimeZone } from './lib/time.js';
import apiLogPlugin from './plugins/api-log.js';
import authPlugin from './plugins/auth.js';
import consolePlugin from './plugins/console.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import deviceLinkPlugin from './plugins/device-link.js';
import errorsPlugin from './plugins/errors.js';
import jsonBodyPlugin from './plugins/json-body.js';
import livePlugin from './plugins/live.js';
import openapiPlugin from './plugins/openapi.js';
import './plugins/types.js';
import { buildServices, defineJobs, loadAreas, registerRoutes, runAreas } from './areas.js';
import { createPlatform } from './platform.js';

export interface AppOptions {
  config: Config;
  /** where the database lives; by default PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR */
  database?: DatabaseTarget;
  /** pino options, or false for silence (tests) */
  logger?: boolean | Record<string, unknown>;
  /** the built console to serve; by default apps/web/dist, null for none (API only) */
  consoleDir?: string | null;
}

/** apps/web/dist, from src/ (tsx, tests) and from dist/ (the build) alike. */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const SECRET_PARAMS = /([?&](?:\w*password\w*|refresh_token|access_token|token|code)=)[^&]*/gi;

/**
 * The console sends passwords in the query string (BladeX: the token call, update-password's oldPassword,
 * newPassword, newPassword1): never log them. Their md5 is as good as the password to this API.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pgdata') };
}

/**
 * Build the whole API: the platform (database, cache, events, device link, live push), the seed, the
 * platform's plugins, then every area found under `modules/` (areas.ts). Tests call it and use `app.inject`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  setTimeZone(config.TIME_ZONE);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    // Embedded PGlite runs on this thread: a slow or busy machine must not fail the start after 10 s.
    pluginTimeout: 60_000,
  });

  const database = await openDatabase(options.database ?? databaseTarget(config), (error) =>
    app.log.warn({ err: error }, 'idle database connection lost'),
  );
  const cache = await openCache(config.REDIS_URL, config.CACHE_PREFIX, (error, connection) =>
    app.log.warn({ err: error, connection }, 'Redis connection lost: reconnecting'),
  ).catch(async (error) => {
    await database.close();
    throw error;
  });
  app.addHook('onClose', async () => {
    await cache.close();
    await database.close();
  });
  await seedPlatform(database.db, {
    adminPassword: config.ADMIN_PASSWORD,
    passwordHashCost: config.PASSWORD_HASH_COST,
    platformName: config.PLATFORM_NAME,
  });
  const platform = createPlatform(config, app.log, database, cache);
  await platform.events.start();
  const areas = await loadAreas();
  const services = buildServices(areas, platform);
  await defineJobs(areas, services, platform);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('cache', cache);
  app.decorate('platform', platform);
  app.decorate('services', services);

  // The platform's plugins: errors and envelope, API docs, authentication, API log, bodies, the console, the
  // device link and live push. Then every area's routes, and its work once the app is ready.
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(apiLogPlugin);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(consolePlugin, {
    root: options.consoleDir === undefined ? DEFAULT_CONSOLE_DIR : options.consoleDir,
  });
  await app.register(deviceLinkPlugin);
  await app.register(livePlugin);
  await registerRoutes(app, areas);
  runAreas(app, areas);
  return app;
}
