// One server instance of the task benchmarks (bench/tasks-schedule.mjs, bench/tasks-live.mjs), in its own
// process: the whole platform (`buildApp`, as `npm start` builds it) on PostgreSQL, Redis and an MQTT broker.
// Two of these run on the same database, cache and broker: the "two server instances". IPC:
//
//   child  -> parent  { type: 'ready', port, token }
//   parent -> child   { type: 'register', from, to, prefix }   dock + drone pairs [from, to) through the API
//   child  -> parent  { type: 'registered', pairs: [{ dock: {id, sn, username, password}, drone: {...} }] }
//   parent -> child   { type: 'routes', docks: [{ id, longitude, latitude }] }   a waypoint route per dock
//   child  -> parent  { type: 'routed', ids }
//   parent -> child   { type: 'submit', tasks }          task bodies to /project-task/submit, 8 at a time
//   child  -> parent  { type: 'submitted', ids, failures, millis }
//   parent -> child   { type: 'plan', now, reverse, concurrency }   the timer's planning step at the instant `now`
//   child  -> parent  { type: 'planned', rounds, tasks, created, sent, millis }
//   parent -> child   { type: 'usage' }
//   child  -> parent  { type: 'usage', micros, rss, heap, logs }
//   parent -> child   { type: 'close' }   ->  { type: 'closed' }
//
// Settings in the environment: BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_MQTT_URL, BENCH_SHARE_GROUP,
// BENCH_CACHE_PREFIX, BENCH_DATA_DIR (shared by both instances: the KMZ files of the local store),
// BENCH_JWT_SECRET, BENCH_ADMIN_PASSWORD, BENCH_PUBLIC_URL, BENCH_MQTT_CLIENT_ID (one per instance). The server's log goes to a counter at level warn.
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { inTransaction, platformCtx } from '../apps/server/dist/lib/context.js';
import { planTask, tasksToPlan } from '../apps/server/dist/modules/task/task.planner.js';
import {
  apiCall,
  ipcChild,
  logCounter,
  pool,
  processUsage,
  registerPair,
  signInAdmin,
} from './lib/server-child.mjs';

const send = ipcChild('tasks-server.mjs', 'bench/tasks-schedule.mjs or bench/tasks-live.mjs');
const { logs, stream: logStream } = logCounter();

let app;
let token;
const call = (method, url, payload) => apiCall(app, token, method, url, payload);

async function register({ from, to, prefix }) {
  const indexes = Array.from({ length: to - from }, (_, i) => from + i);
  const pairs = await pool(indexes, async (index) => {
    const suffix = `${prefix}${String(index + 1).padStart(4, '0')}`;
    const { drone, dock } = await registerPair(call, suffix, { drone: 'BTUAV', dock: 'BTDOCK' });
    const pick = (d) => ({
      id: d.id,
      sn: d.serialNumber,
      username: d.credential.username,
      password: d.credential.password,
    });
    return { dock: pick(dock), drone: pick(drone) };
  });
  const failed = pairs.find((pair) => pair.error);
  if (failed) throw new Error(`registration failed: ${failed.error}`);
  return pairs;
}

/** A two-waypoint route a few hundred metres east of each dock, the dock's own (`hangarId`). */
async function routes(docks) {
  const ids = await pool(docks, async (dock) => {
    const data = await call('POST', '/api/aos-gisservice/routemanageline/submit', {
      name: `Bench route ${dock.id}`,
      aircraftModelId: 'dji-m3td',
      hangarId: dock.id,
      design: {
        kind: 'waypoint',
        params: {
          waypoints: [
            { position: [dock.longitude + 0.001, dock.latitude] },
            { position: [dock.longitude + 0.003, dock.latitude] },
          ],
        },
      },
    });
    return data.id;
  });
  const failed = ids.find((id) => typeof id !== 'string');
  if (failed) throw new Error(`route failed: ${failed.error}`);
  return ids;
}

async function submit(tasks) {
  const started = Date.now();
  const results = await pool(tasks, (body) => call('POST', '/api/cloud-task/project-task/submit', body));
  const failures = results.filter((result) => result?.error).map((result) => result.error);
  return {
    ids: results.map((result) => (result?.error ? null : result.id)),
    failures: failures.length,
    firstFailures: failures.slice(0, 3),
    millis: Date.now() - started,
  };
}

/**
 * The planning step of the task area's minute timer (`TaskDispatch.tick`: `tasksToPlan`, `planTask` in a
 * transaction, then the created executions' start jobs through `TaskDispatch.schedule`), at the simulated
 * instant `now` instead of the clock's, repeated until no task's horizon runs out within half of it (the
 * timer takes 1,000 tasks a minute), `concurrency` tasks at a time (the timer: one). Expiry and recovery, the rest of the tick, are not run at the simulated
 * time (they would expire the simulated week's occurrences that no dock flew in real time).
 */
async function plan({ now, reverse, concurrency = 1 }) {
  const started = Date.now();
  const db = app.platform.database.db;
  const dispatch = app.services.taskDispatch;
  let rounds = 0;
  let tasks = 0;
  let created = 0;
  for (;;) {
    const rows = await tasksToPlan(db, now);
    if (rows.length === 0) break;
    rounds += 1;
    if (reverse) rows.reverse();
    const worker = async () => {
      for (let row = rows.shift(); row; row = rows.shift()) {
        const made = await inTransaction(platformCtx(db, row.tenantId), (tx) => planTask(tx, row, now));
        await dispatch.schedule(made);
        tasks += 1;
        created += made.length;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  return { rounds, tasks, created, sent: created, millis: Date.now() - started };
}

async function start() {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: 'false',
    SIMULATOR: 'false',
    MQTT_ENABLED: 'true',
    MQTT_URL: process.env.BENCH_MQTT_URL,
    MQTT_SHARE_GROUP: process.env.BENCH_SHARE_GROUP,
    // each instance its own session on the shared broker, dropped when it disconnects (nothing left behind)
    MQTT_CLIENT_ID: process.env.BENCH_MQTT_CLIENT_ID,
    MQTT_SESSION_EXPIRY: '0',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
    CACHE_PREFIX: process.env.BENCH_CACHE_PREFIX,
    JWT_SECRET: process.env.BENCH_JWT_SECRET,
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '10',
    ...(process.env.BENCH_PUBLIC_URL ? { PUBLIC_URL: process.env.BENCH_PUBLIC_URL } : {}),
  });
  app = await buildApp({ config, logger: { level: 'warn', stream: logStream }, consoleDir: null });
  await app.listen({ port: Number(process.env.BENCH_PORT || 0), host: '127.0.0.1' });
  token = await signInAdmin(app, process.env.BENCH_ADMIN_PASSWORD);
  await send({ type: 'ready', port: app.server.address().port, token });
}

const handlers = {
  register: async (message) => ({ type: 'registered', pairs: await register(message) }),
  routes: async (message) => ({ type: 'routed', ids: await routes(message.docks) }),
  submit: async (message) => ({ type: 'submitted', ...(await submit(message.tasks)) }),
  plan: async (message) => ({ type: 'planned', ...(await plan(message)) }),
  usage: async () => ({ type: 'usage', ...processUsage(), logs }),
};

process.on('message', (message) => {
  if (message.type === 'close') {
    void (async () => {
      await app?.close().catch(() => undefined);
      await send({ type: 'closed' });
      process.exit(0);
    })();
    return;
  }
  const handler = handlers[message.type];
  if (!handler) return;
  handler(message).then(
    (answer) => send(answer),
    (error) => send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack }),
  );
});

start().catch(async (error) => {
  await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
  await app?.close().catch(() => undefined);
  process.exit(1);
});
