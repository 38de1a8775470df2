// The platform under the live benchmark (bench/live.mjs), in its own process: the device link on the
// benchmark's Mosquitto, live push on /api/ws. Talks to its parent over IPC:
//
//   child  -> parent  { type: 'ready', port, token, devices, mqttUrl }   listening; `devices` registered
//   parent -> child   { type: 'usage', gc? }                     CPU and memory of this process so far
//   child  -> parent  { type: 'usage', micros, rss, heap, external, link, logs, online, brokerClients }
//                                      (µs user + system; bytes; link.stats; log lines at warn and error;
//                                      devices online in the link; the embedded broker's connections)
//                                      with `gc` (and --expose-gc) after a full garbage collection
//   parent -> child   { type: 'close' }
//   child  -> parent  { type: 'closed' }
//   child  -> parent  { type: 'error', message, stack }
//
// Settings in the environment: BENCH_MQTT_URL (empty: the embedded broker on a free port, whose URL `ready`
// carries as `mqttUrl`), BENCH_DEVICES (docks + drones, half each), BENCH_DATA_DIR, BENCH_DATABASE_URL,
// BENCH_REDIS_URL, BENCH_JWT_SECRET, BENCH_ADMIN_PASSWORD, BENCH_CONSOLE_DIR (a built console to serve),
// BENCH_SN_PREFIX (in every serial number and so in every topic and client id), BENCH_SHARE_GROUP (the MQTT
// shared-subscription group), BENCH_SIMULATOR=1 (the demo area's fleet runs, as with `npm start`; bench/soak.mjs). The server's log goes
// to a counter at level warn: `usage` reports how many warn and error lines it wrote, and the first few.
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import {
  apiCall,
  ipcChild,
  logCounter,
  pool,
  processUsage,
  registerPair,
  signInAdmin,
} from './lib/server-child.mjs';

const send = ipcChild('live-server.mjs', 'bench/live.mjs');
const { logs, stream: logStream } = logCounter();

let app;
/** put in every serial number (BENCH_SN_PREFIX), so that a run on a shared broker has topics of its own */
const SN_PREFIX = process.env.BENCH_SN_PREFIX ?? '';
const REGISTER_CONCURRENCY = 8;

/**
 * Half docks, half drones, each drone bound to its dock, through the same calls as the console; up to
 * REGISTER_CONCURRENCY pairs at a time (a fleet of thousands one call after the other takes many minutes).
 */
async function register(token, count) {
  const call = (method, url, payload) => apiCall(app, token, method, url, payload);
  const indexes = Array.from({ length: Math.ceil(count / 2) }, (_, index) => index);
  const registered = await pool(
    indexes,
    (index) =>
      registerPair(call, `${SN_PREFIX}${String(index + 1).padStart(4, '0')}`, {
        drone: 'BENCHUAV',
        dock: 'BENCHDOCK',
      }),
    REGISTER_CONCURRENCY,
  );
  const failed = registered.find((pair) => pair.error);
  if (failed) throw new Error(`registration failed: ${failed.error}`);
  const devices = [];
  for (const { drone, dock } of registered) {
    devices.push({
      kind: 'dock',
      sn: dock.serialNumber,
      username: dock.credential.username,
      password: dock.credential.password,
    });
    if (devices.length < count) {
      devices.push({
        kind: 'drone',
        sn: drone.serialNumber,
        username: drone.credential.username,
        password: drone.credential.password,
        gatewaySn: dock.serialNumber,
      });
    }
  }
  return devices;
}

async function start() {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: 'false',
    SIMULATOR: process.env.BENCH_SIMULATOR === '1' ? 'true' : 'false',
    MQTT_ENABLED: 'true',
    MQTT_URL: process.env.BENCH_MQTT_URL || undefined,
    MQTT_PORT: '0',
    MQTT_SHARE_GROUP: process.env.BENCH_SHARE_GROUP || 'aos-bench',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
    CACHE_PREFIX: 'aos-bench:',
    JWT_SECRET: process.env.BENCH_JWT_SECRET,
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '10',
  });
  app = await buildApp({
    config,
    logger: { level: 'warn', stream: logStream },
    consoleDir: process.env.BENCH_CONSOLE_DIR || null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signInAdmin(app, process.env.BENCH_ADMIN_PASSWORD);
  const devices = await register(token, Number(process.env.BENCH_DEVICES));
  app.platform.deviceLink.on('osd', () => (handled.osd += 1));
  app.platform.deviceLink.on('state', () => (handled.state += 1));
  const mqttUrl = process.env.BENCH_MQTT_URL || `mqtt://127.0.0.1:${app.deviceBroker.port}`;
  await send({ type: 'ready', port: app.server.address().port, token, devices, mqttUrl });
}

async function shutdown() {
  if (app?.cache?.kind === 'redis') {
    const keys = await app.cache.keys('').catch(() => []);
    if (keys.length) await app.cache.del(...keys).catch(() => undefined);
  }
  await app?.close();
}

/**
 * Where work waits inside the server (read from the libraries' and the hub's internals, so best effort): the
 * link's messages received but not yet merged (received - OSD - state - other), the hub's devices waiting for
 * their snapshot, Redis commands not yet answered, queries waiting for a pool connection.
 */
const handled = { osd: 0, state: 0 };
function queues() {
  const link = app.platform.deviceLink;
  const hub = app.platform.live;
  const redis = app.cache?.redis;
  const pool = app.platform.database?.db?.$client;
  let hubWaiting = 0;
  for (const entry of hub.loading?.values?.() ?? []) hubWaiting += entry.queue.length;
  return {
    linkOsdState: handled.osd + handled.state,
    hubLoading: hub.loading?.size ?? null,
    hubWaiting,
    redisCommands: redis ? (redis.commandQueue?.length ?? 0) + (redis.offlineQueue?.length ?? 0) : null,
    poolWaiting: typeof pool?.waitingCount === 'number' ? pool.waitingCount : null,
    linkReceived: link.stats.received,
    socketBuffered: socketBuffered(),
  };
}

/** Bytes the WebSocket clients have not taken yet (ws' bufferedAmount, summed). */
function socketBuffered() {
  let bytes = 0;
  for (const connections of app.liveSockets?.byTenant?.values?.() ?? [])
    for (const connection of connections) bytes += connection.socket?.bufferedAmount ?? 0;
  return bytes;
}

process.on('message', (message) => {
  if (message.type === 'usage') {
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    void send({
      type: 'usage',
      ...processUsage(),
      link: app.platform.deviceLink.stats,
      logs,
      online: app.platform.deviceLink.presence.list().filter((entry) => entry.online).length,
      // the embedded broker's connections (null with an external broker)
      brokerClients: app.deviceBroker ? app.deviceBroker.aedes.connectedClients : null,
      queues: queues(),
    });
  } else if (message.type === 'close') {
    void shutdown()
      .then(() => send({ type: 'closed' }))
      .then(() => process.exit(0));
  }
});

start().catch(async (error) => {
  await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
  await shutdown().catch(() => undefined);
  process.exit(1);
});
