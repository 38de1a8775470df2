// The servers under test, in their own process so the load generator (bench/run.mjs) does not run on the
// same event loop. Started by run.mjs with child_process.fork; talks to it over IPC:
//
//   child  -> parent  { type: 'ready', port, database, cache }     the platform API is listening
//   parent -> child   { type: 'bare', body }                        start the bare Fastify app with this body
//   child  -> parent  { type: 'bare-ready', port }
//   parent -> child   { type: 'usage' }                              CPU time of this process so far
//   child  -> parent  { type: 'usage', micros }                      (user + system, all threads, µs)
//   parent -> child   { type: 'close' }                             close both apps, then exit
//   child  -> parent  { type: 'closed' }
//   child  -> parent  { type: 'error', message, stack }            anything that failed
//
// The app's settings come in the environment (BENCH_* variables below), set by run.mjs.
import Fastify from 'fastify';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';

if (!process.send) {
  console.error('bench/server.mjs is started by bench/run.mjs (it needs an IPC channel)');
  process.exit(2);
}

const send = (message) => new Promise((resolve) => process.send(message, () => resolve()));

let app;
let bare;

async function fail(error) {
  await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
  await shutdown().catch(() => undefined);
  process.exit(1);
}

async function shutdown() {
  // Leave nothing behind under the bench cache prefix (Redis is shared with whatever else runs here).
  if (app?.cache?.kind === 'redis') {
    const keys = await app.cache.keys('').catch(() => []);
    if (keys.length) await app.cache.del(...keys).catch(() => undefined);
  }
  await Promise.allSettled([app?.close(), bare?.close()]);
}

async function start() {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: 'false',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
    CACHE_PREFIX: 'aos-bench:',
    JWT_SECRET: process.env.BENCH_JWT_SECRET,
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD,
    PASSWORD_HASH_COST: process.env.BENCH_HASH_COST,
  };
  const config = loadConfig(env);
  app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await send({
    type: 'ready',
    port: app.server.address().port,
    database: app.database.kind,
    cache: app.cache.kind,
  });
}

async function startBare(body) {
  // The same JSON the platform answered, parsed once: Fastify serializes it per request as the app does its
  // envelope, so the comparison leaves only authentication, the principal lookup and the app's hooks.
  const payload = JSON.parse(body);
  bare = Fastify();
  bare.get('/bare', async () => payload);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await send({ type: 'bare-ready', port: bare.server.address().port });
}

process.on('message', (message) => {
  if (message?.type === 'bare') startBare(message.body).catch(fail);
  else if (message?.type === 'usage') {
    const { user, system } = process.cpuUsage();
    send({ type: 'usage', micros: user + system });
  } else if (message?.type === 'close') {
    shutdown()
      .then(() => send({ type: 'closed' }))
      .then(() => process.exit(0), fail);
  }
});
// The parent went away without saying goodbye: do not linger.
process.on('disconnect', () => {
  shutdown().finally(() => process.exit(0));
});

start().catch(fail);
