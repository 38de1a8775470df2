// What the task benchmarks (tasks-schedule.mjs, tasks-live.mjs) share: their own database on the machine's
// PostgreSQL, Redis and Mosquitto, two server instances (tasks-server.mjs) and the docks (tasks-devices.mjs),
// CPU and memory sampling of the instances, and the figures' formatting.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { forkChild, sleep } from './live.mjs';
import { PG_ADMIN_URL, REDIS_URL, redisAnswers } from './infrastructure.mjs';

/** `BENCH_TASKS_DATABASE` names another (two runs at once on one machine) */
export const TASKS_DATABASE = process.env.BENCH_TASKS_DATABASE || 'aos_bench_tasks';
export const TASKS_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${TASKS_DATABASE}`;
export const SYSTEM_MQTT_URL = 'mqtt://127.0.0.1:1883';
export const ADMIN_PASSWORD = 'Bench@123';

async function admin(sql) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A client of the benchmark's database, for the checks. */
export async function benchDb() {
  const client = new pg.Client({ connectionString: TASKS_DATABASE_URL });
  await client.connect();
  return client;
}

/**
 * The services of the machine, a run of their own: the database `aos_bench_tasks` (dropped and created),
 * Redis (keys under `aos-bench-tasks-<run>:`), the machine's Mosquitto (every serial number, so every topic
 * and client id, carries the run id; the shared-subscription group is the run's), a temporary DATA_DIR
 * shared by both instances.
 */
export async function prepareServices() {
  const runId = randomBytes(3).toString('hex').toUpperCase();
  await admin([
    `DROP DATABASE IF EXISTS ${TASKS_DATABASE} WITH (FORCE)`,
    `CREATE DATABASE ${TASKS_DATABASE}`,
  ]);
  const redis = await redisAnswers(REDIS_URL);
  if (!redis) throw new Error(`Redis does not answer at ${REDIS_URL}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aos-bench-tasks-'));
  return {
    runId,
    dataDir,
    env: {
      BENCH_DATABASE_URL: TASKS_DATABASE_URL,
      BENCH_REDIS_URL: REDIS_URL,
      BENCH_MQTT_URL: SYSTEM_MQTT_URL,
      BENCH_SHARE_GROUP: `aos-bench-tasks-${runId}`,
      BENCH_CACHE_PREFIX: `aos-bench-tasks-${runId}:`,
      BENCH_DATA_DIR: dataDir,
      BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
      BENCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
  };
}

export async function releaseServices(services) {
  await admin([`DROP DATABASE IF EXISTS ${TASKS_DATABASE} WITH (FORCE)`]).catch((error) =>
    console.error(`could not drop ${TASKS_DATABASE}: ${error.message}`),
  );
  try {
    const keys = execFileSync('redis-cli', ['--scan', '--pattern', `${services.env.BENCH_CACHE_PREFIX}*`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    for (let i = 0; i < keys.length; i += 500)
      execFileSync('redis-cli', ['del', ...keys.slice(i, i + 500)], { stdio: 'ignore' });
  } catch {
    // redis-cli missing: the keys expire or stay under the run's own prefix
  }
  rmSync(services.dataDir, { recursive: true, force: true });
}

/**
 * Two instances of the platform on the same database, cache and broker. The first is started alone (it
 * creates the schema), then the second. Answers `{ servers: [{ child, request, next, port, token }], ... }`.
 */
export async function startServers(services) {
  const servers = [];
  for (let i = 0; i < 2; i += 1) {
    const server = forkChild(
      'tasks-server.mjs',
      { ...services.env, BENCH_MQTT_CLIENT_ID: `aos-bench-tasks-${services.runId}-${'AB'[i]}` },
      [...process.execArgv],
    );
    const ready = await server.next('ready', 180_000);
    servers.push({ ...server, port: ready.port, token: ready.token, name: 'AB'[i] });
  }
  return servers;
}

export async function closeServers(servers) {
  await Promise.all(
    servers.map(async (server) => {
      await server.request({ type: 'close' }, 'closed').catch(() => server.child.kill('SIGKILL'));
    }),
  );
}

/** Register `count` dock + drone pairs through the API, split between the instances. */
export async function registerFleet(servers, count, prefix) {
  const half = Math.ceil(count / 2);
  const parts = await Promise.all([
    servers[0].request({ type: 'register', from: 0, to: half, prefix }, 'registered'),
    servers[1].request({ type: 'register', from: half, to: count, prefix }, 'registered'),
  ]);
  return parts.flatMap((part) => part.pairs);
}

/** Split `items` between the instances and answer both answers. */
export function split(servers, items, message, answer) {
  const half = Math.ceil(items.length / 2);
  return Promise.all([
    servers[0].request({ ...message(items.slice(0, half)) }, answer),
    servers[1].request({ ...message(items.slice(half)) }, answer),
  ]);
}

/** Start the docks' process; answers its handle once every dock is connected. */
export async function startDocks(options) {
  const docks = forkChild('tasks-devices.mjs');
  const started = await docks.request({ type: 'start', options }, 'started');
  return { ...docks, millis: started.millis };
}

/**
 * Samples each instance's CPU (process.cpuUsage, user + system) and RSS every `ms`, and the machine's load
 * average: `stop()` answers per instance the CPU used in cores over the window, the RSS peak and last.
 */
export function sampleServers(servers, ms = 1000) {
  const started = Date.now();
  const first = new Map();
  const samples = new Map(servers.map((server) => [server.name, []]));
  let timer;
  let stopped = false;
  const take = async () => {
    await Promise.all(
      servers.map(async (server) => {
        const usage = await server.request({ type: 'usage' });
        if (!first.has(server.name)) first.set(server.name, usage);
        samples.get(server.name).push({ at: Date.now(), micros: usage.micros, rss: usage.rss, usage });
      }),
    );
  };
  const loop = async () => {
    await take();
    if (!stopped) timer = setTimeout(loop, ms);
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await take();
      const wall = Date.now() - started;
      const result = {};
      for (const server of servers) {
        const list = samples.get(server.name);
        const last = list.at(-1);
        result[server.name] = {
          cores: (last.micros - first.get(server.name).micros) / 1000 / wall,
          rssPeakMb: Math.max(...list.map((s) => s.rss)) / 1048576,
          rssLastMb: last.rss / 1048576,
          heapMb: last.usage.heap / 1048576,
          logs: last.usage.logs,
        };
      }
      return { wallMs: wall, servers: result, load: os.loadavg() };
    },
  };
}

export const mb = (value) => `${Math.round(value)} MB`;
export const cores = (value) => value.toFixed(2);
export { sleep };
