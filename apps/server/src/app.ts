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
import { Scheduler } from './scheduler/scheduler.js';
import demoFleetPlugin from './demo/demo-fleet.plugin.js';
import authRoutes from './modules/auth/auth.routes.js';
import consoleRoutes from './modules/console/console.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import noticeRoutes from './modules/desk/notice.routes.js';
import flyOperatorRoutes from './modules/fleet-user/fly-operator.routes.js';
import baseStationRoutes from './modules/gis/basestation.routes.js';
import equipmentRoutes from './modules/equipment/equipment.routes.js';
import hangarRoutes from './modules/equipment/hangar.routes.js';
import deviceControlRoutes from './modules/device-control/device-control.routes.js';
import manufacturerRoutes from './modules/equipment/manufacturer.routes.js';
import supplierConfigRoutes from './modules/equipment/supplier-config.routes.js';
import logRoutes from './modules/log/log.routes.js';
import telemetryRoutes from './modules/telemetry/telemetry.routes.js';
import resourceRoutes from './modules/resource/resource.routes.js';
import dictRoutes from './modules/system/dict.routes.js';
import dictBizRoutes from './modules/system/dict-biz.routes.js';
import paramRoutes from './modules/system/param.routes.js';
import menuRoutes from './modules/system/menu.routes.js';
import roleRoutes from './modules/system/role.routes.js';
import scopeRoutes from './modules/system/scope.routes.js';
import topMenuRoutes from './modules/system/topmenu.routes.js';
import postRoutes from './modules/system/post.routes.js';
import systemInfoRoutes from './modules/system/system-info.routes.js';
import clientRoutes from './modules/system/client.routes.js';
import deptRoutes from './modules/system/dept.routes.js';
import regionRoutes from './modules/system/region.routes.js';
import tenantRoutes from './modules/system/tenant.routes.js';
import profileRoutes from './modules/user/profile.routes.js';
import userRoutes from './modules/user/user.routes.js';
import apiLogPlugin from './plugins/api-log.js';
import authPlugin from './plugins/auth.js';
import consolePlugin from './plugins/console.js';
import deviceLinkPlugin from './plugins/device-link.js';
import errorsPlugin from './plugins/errors.js';
import livePlugin from './plugins/live.js';
import openapiPlugin from './plugins/openapi.js';
import './plugins/types.js';
import { createServices, startServices } from './services.js';

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

/** Build the whole API: infrastructure, seed, plugins, routes. Tests call it and use `app.inject`. */
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
    trustProxy: true,
    // Embedded PGlite runs on this thread: a slow or busy machine must not fail the start after 10 s.
    pluginTimeout: 60_000,
  });

  const database = await openDatabase(options.database ?? databaseTarget(config), (error) =>
    app.log.warn({ err: error }, 'idle database connection lost'),
  );
  const cache = await openCache(config.REDIS_URL, config.CACHE_PREFIX).catch(async (error) => {
    await database.close();
    throw error;
  });
  // Jobs and timers live in the app's database: the scheduler starts once every area has defined its jobs
  // (onReady) and stops, letting running jobs finish, before the database closes.
  const scheduler = new Scheduler(database, {
    timeZone: config.TIME_ZONE,
    log: app.log.child({ module: 'scheduler' }),
  });
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await cache.close();
    await database.close();
  });
  await seedPlatform(database.db, {
    adminPassword: config.ADMIN_PASSWORD,
    passwordHashCost: config.PASSWORD_HASH_COST,
    platformName: config.PLATFORM_NAME,
  });
  const services = createServices(config, database, cache);
  await startServices(services);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('cache', cache);
  app.decorate('scheduler', scheduler);
  app.decorate('services', services);

  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(apiLogPlugin);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(consolePlugin, {
    root: options.consoleDir === undefined ? DEFAULT_CONSOLE_DIR : options.consoleDir,
  });
  await app.register(deviceLinkPlugin);
  await app.register(demoFleetPlugin);
  await app.register(livePlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(menuRoutes);
  await app.register(roleRoutes);
  await app.register(topMenuRoutes);
  await app.register(scopeRoutes);
  await app.register(dictRoutes);
  await app.register(dictBizRoutes);
  await app.register(paramRoutes);
  await app.register(postRoutes);
  await app.register(systemInfoRoutes);
  await app.register(deptRoutes);
  await app.register(regionRoutes);
  await app.register(tenantRoutes);
  await app.register(clientRoutes);
  await app.register(profileRoutes);
  await app.register(userRoutes);
  await app.register(resourceRoutes);
  await app.register(logRoutes);
  await app.register(noticeRoutes);
  await app.register(flyOperatorRoutes);
  await app.register(baseStationRoutes);
  await app.register(manufacturerRoutes);
  await app.register(supplierConfigRoutes);
  await app.register(equipmentRoutes);
  await app.register(hangarRoutes);
  await app.register(deviceControlRoutes);
  await app.register(telemetryRoutes);
  await app.register(consoleRoutes);
  return app;
}
