import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { DeviceDirectory } from './device/directory.js';
import { DeviceLink } from './device/link.js';
import { EventBus } from './events/bus.js';
import type { Cache } from './lib/cache.js';
import { LiveHub } from './live/hub.js';
import { Scheduler } from './scheduler/scheduler.js';
import { Storage } from './storage/storage.js';

/**
 * What every area builds on: configuration, the database, the cache, the domain-event bus, the device link
 * (MQTT) with its view of the fleet registry, and live push. Built once per app, before any area; areas
 * receive it and never build these themselves.
 */
export interface Platform {
  config: Config;
  /** the app's logger; areas take a child named after them */
  log: FastifyBaseLogger;
  database: Database;
  cache: Cache;
  events: EventBus;
  /** the fleet registry as the device link reads it (serial number → owner, credential checks) */
  deviceDirectory: DeviceDirectory;
  /** docks and drones over MQTT; started by the device-link plugin when MQTT_ENABLED */
  deviceLink: DeviceLink;
  /** the live model of every device, shared between instances; pushed over `/api/ws` */
  live: LiveHub;
  /** the object stores: the local folder `DATA_DIR/files` and the S3-compatible ones a tenant configures */
  storage: Storage;
  /** durable jobs and timers in the database, each run once across the instances (areas define theirs) */
  scheduler: Scheduler;
}

export function createPlatform(
  config: Config,
  log: FastifyBaseLogger,
  database: Database,
  cache: Cache,
): Platform {
  const events = new EventBus(cache, log.child({ module: 'events' }));
  const deviceDirectory = new DeviceDirectory(database.db);
  // Every instance forgets a revoked credential's cached owner (the broker that holds the connection drops it).
  events.onEveryInstance('fleet.credentialRevoked', ({ serialNumber }) =>
    deviceDirectory.invalidate(serialNumber),
  );
  const deviceLink = new DeviceLink({
    directory: deviceDirectory,
    offlineMs: config.DEVICE_OFFLINE_MS,
    replyTimeoutMs: config.DEVICE_REPLY_TIMEOUT_MS,
  });
  const live = new LiveHub({
    link: deviceLink,
    directory: deviceDirectory,
    db: database.db,
    cache,
    offlineMs: config.DEVICE_OFFLINE_MS,
  });
  const storage = new Storage({
    root: path.resolve(config.DATA_DIR, 'files'),
    secret: config.JWT_SECRET,
    publicUrl: config.PUBLIC_URL,
    allowPrivateEndpoints: config.ALLOW_PRIVATE_TENANT_URLS || config.STORAGE_ALLOW_PRIVATE_ENDPOINTS,
  });
  const scheduler = new Scheduler(database, {
    timeZone: config.TIME_ZONE,
    log: log.child({ module: 'scheduler' }),
  });
  return { config, log, database, cache, events, deviceDirectory, deviceLink, live, storage, scheduler };
}
