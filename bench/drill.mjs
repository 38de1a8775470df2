// Fault drill (issue 14): the platform on PRIVATE PostgreSQL, Redis and Mosquitto instances (free ports, data
// under /tmp, killed at the end; the machine's shared services are never touched), the demo fleet
// publishing, a WebSocket console watching and a drill device sending QoS 1 events that want a reply. Each
// service in turn is stopped, left down for --down seconds and started again; then the server itself is
// killed with SIGKILL and started again. For each fault it measures how long after the restart the API
// answers again, when the console gets OSD again (and the longest silence it saw), and what became of the
// telemetry and of the events.
//
//   npx tsc -b packages/contract apps/device-sim apps/server
//   node bench/drill.mjs [--down 5] [--settle 8] [--write]
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import WebSocket from 'ws';
import { sleep, writeBlock } from './lib/live.mjs';

const { values: args } = parseArgs({
  options: {
    down: { type: 'string', default: '5' },
    settle: { type: 'string', default: '8' },
    write: { type: 'boolean', default: false },
  },
});
const DOWN_MS = Number(args.down) * 1000;
const SETTLE_MS = Number(args.settle) * 1000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_PASSWORD = 'Drill@123';
const DOCK = 'DEMO-DOCK-1';
const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'aos-drill-'));
chmodSync(dir, 0o755);
const children = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function listening(port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await sleep(50);
  }
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

/** A private service: start() spawns it and waits until `ready`, stop() signals it and waits for the exit. */
function service(name, port, command, signal, ready = () => listening(port)) {
  let child = null;
  return {
    name,
    port,
    async start() {
      const [cmd, argv, options = {}] = command();
      child = spawn(cmd, argv, { stdio: 'ignore', ...options });
      children.add(child);
      await ready();
    },
    async stop(how = signal) {
      const current = child;
      child = null;
      if (!current) return;
      current.kill(how);
      await exited(current);
      children.delete(current);
    },
  };
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, 'bin');
}
const asPostgres = (command, argv) =>
  isRoot
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...argv]]
    : [command, argv];

async function postgresReady(url) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

async function startServices() {
  const bin = postgresBin();
  const pgDir = path.join(dir, 'pg');
  execFileSync('mkdir', ['-p', pgDir]);
  if (isRoot) execFileSync('chown', ['postgres', pgDir]);
  execFileSync(
    ...asPostgres(path.join(bin, 'initdb'), [
      '-D',
      `${pgDir}/data`,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
    ]),
    {
      stdio: 'ignore',
    },
  );
  const pgPort = await freePort();
  const pgUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const postgres = service(
    'PostgreSQL',
    pgPort,
    () =>
      asPostgres(path.join(bin, 'postgres'), [
        '-D',
        `${pgDir}/data`,
        '-p',
        String(pgPort),
        '-k',
        pgDir,
        '-c',
        'listen_addresses=127.0.0.1',
      ]),
    'SIGINT',
    () => postgresReady(pgUrl),
  );
  const redisPort = await freePort();
  const redis = service(
    'Redis',
    redisPort,
    () => [
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    ],
    'SIGTERM',
  );
  const mqDir = path.join(dir, 'mosquitto');
  execFileSync('mkdir', ['-p', mqDir]);
  if (isRoot) execFileSync('chown', ['mosquitto', mqDir]);
  const mqPort = await freePort();
  writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${mqPort} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${mqDir}/`,
      'autosave_interval 1',
      'max_queued_messages 100000',
      'log_type error',
      '',
    ].join('\n'),
  );
  const mosquitto = service(
    'Mosquitto',
    mqPort,
    () => ['mosquitto', ['-c', path.join(dir, 'mosquitto.conf')]],
    'SIGTERM',
  );
  await Promise.all([postgres.start(), redis.start(), mosquitto.start()]);
  return {
    postgres,
    redis,
    mosquitto,
    pgUrl,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    mqttUrl: `mqtt://127.0.0.1:${mqPort}`,
  };
}

const md5 = (text) => createHash('md5').update(text).digest('hex');

async function main() {
  const services = await startServices();
  const httpPort = await freePort();
  const base = `http://127.0.0.1:${httpPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: services.pgUrl,
    REDIS_URL: services.redisUrl,
    MQTT_URL: services.mqttUrl,
    MQTT_ENABLED: 'true',
    SIMULATOR: 'true',
    CAPTCHA_ENABLED: 'false',
    ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: 'warn',
    DEVICE_OFFLINE_MS: '30000',
  };
  const server = service(
    'server',
    httpPort,
    () => [
      'node',
      [path.join(ROOT, 'apps/server/dist/main.js')],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    ],
    'SIGTERM',
    () => apiUp(base, null, 120_000),
  );
  await server.start();
  const token = await signIn(base);

  // The console: every OSD frame's arrival time.
  const frames = [];
  let socket;
  const openConsole = () => {
    socket = new WebSocket(`ws://127.0.0.1:${httpPort}/api/ws?token=${encodeURIComponent(token)}`);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.event === 'hello') socket.send(JSON.stringify({ type: 'subscribe' }));
      if (frame.event === 'osd') frames.push(Date.now());
    });
    // A console reconnects when its socket closes (the server restarted), as the web console does.
    socket.on('close', () => setTimeout(() => void (socketWanted && openConsole()), 500));
    socket.on('error', () => undefined);
  };
  let socketWanted = true;
  openConsole();

  // The drill device: a QoS 1 event wanting a reply every 250 ms on DEMO-DOCK-1's topic, sent again (same
  // tid) every 2 s until the reply comes, as a dock waiting for its events_reply does.
  const device = mqtt.connect(services.mqttUrl, {
    protocolVersion: 4,
    clientId: `drill-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 300,
  });
  const events = new Map(); // tid → { sentAt, sends, replies }
  device.on('message', (_topic, payload) => {
    const { tid } = JSON.parse(String(payload));
    const entry = events.get(tid);
    if (entry) entry.replies += 1;
  });
  await new Promise((resolve) => device.once('connect', resolve));
  await device.subscribeAsync(`thing/product/${DOCK}/events_reply`, { qos: 1 });
  const sendEvent = (tid) => {
    const entry = events.get(tid);
    entry.sends += 1;
    entry.lastSend = Date.now();
    device.publish(
      `thing/product/${DOCK}/events`,
      JSON.stringify({
        tid,
        bid: tid,
        timestamp: Date.now(),
        method: 'hms',
        data: { list: [] },
        need_reply: 1,
      }),
      { qos: 1 },
    );
  };
  const eventTimer = setInterval(() => {
    const tid = randomUUID();
    events.set(tid, { sentAt: Date.now(), sends: 0, replies: 0 });
    sendEvent(tid);
    for (const [other, entry] of events)
      if (entry.replies === 0 && Date.now() - entry.lastSend > 2000) sendEvent(other);
  }, 250);

  await sleep(SETTLE_MS);
  const results = [];
  const db = () => new pg.Client({ connectionString: services.pgUrl });
  const rows = async () => {
    const client = db();
    await client.connect();
    const {
      rows: [row],
    } = await client.query('select count(*)::int as n from aos_telemetry_sample');
    await client.end();
    return row.n;
  };

  for (const fault of [services.postgres, services.redis, services.mosquitto, server]) {
    const isServer = fault === server;
    const statsBefore = await telemetryStats(base, token);
    const rowsBefore = await rows();
    const eventsBefore = new Set(events.keys());
    const stoppedAt = Date.now();
    await fault.stop(isServer ? 'SIGKILL' : undefined);
    await sleep(DOWN_MS);
    const restartAt = Date.now();
    await fault.start();
    const startedAt = Date.now();
    const apiAt = await apiUp(base, token, 120_000);
    const liveAt = await until(() => frames.find((at) => at > startedAt), 120_000);
    await sleep(SETTLE_MS);
    const statsAfter = await telemetryStats(base, token);
    const rowsAfter = await rows();
    const window = frames.filter((at) => at >= stoppedAt - 2000 && at <= Date.now());
    let gap = 0;
    for (let i = 1; i < window.length; i += 1) gap = Math.max(gap, window[i] - window[i - 1]);
    const fresh = [...events].filter(
      ([tid, entry]) => !eventsBefore.has(tid) || entry.sentAt >= stoppedAt - 2000,
    );
    const due = fresh.filter(([, entry]) => entry.sentAt < Date.now() - 4000);
    results.push({
      fault: isServer ? 'server SIGKILL' : fault.name,
      downS: ((restartAt - stoppedAt) / 1000).toFixed(1),
      restartS: ((startedAt - restartAt) / 1000).toFixed(1),
      apiS: ((apiAt - startedAt) / 1000).toFixed(2),
      liveS: ((liveAt - startedAt) / 1000).toFixed(2),
      gapS: (gap / 1000).toFixed(1),
      rows: rowsAfter - rowsBefore,
      written: isServer ? '(restarted)' : statsAfter.written - statsBefore.written,
      // a kill loses what the writer held in memory (at most one flush, 1 s): the count read just before it
      dropped: isServer
        ? `≤ ${statsBefore.pending} (in memory at the kill)`
        : statsAfter.dropped - statsBefore.dropped,
      retries: isServer ? statsAfter.retries : statsAfter.retries - statsBefore.retries,
      events: due.length,
      resent: due.filter(([, entry]) => entry.sends > 1).length,
      unanswered: due.filter(([, entry]) => entry.replies === 0).length,
      handledTwice: isServer ? '-' : statsAfter.duplicateEvents - statsBefore.duplicateEvents,
    });
    console.log(JSON.stringify(results.at(-1)));
  }

  clearInterval(eventTimer);
  socketWanted = false;
  socket.close();
  await device.endAsync();
  const statsEnd = await telemetryStats(base, token);
  const rowsEnd = await rows();
  await server.stop();
  for (const fault of [services.postgres, services.redis, services.mosquitto]) await fault.stop();

  const header = [
    'fault',
    'down s',
    'restart s',
    'API back s',
    'live back s',
    'longest live gap s',
    'rows stored',
    'rows written (stat)',
    'rows dropped',
    'write retries',
    'events sent',
    'of which resent',
    'unanswered',
    'redeliveries dropped by tid',
  ];
  const table = results.map((r) => [
    r.fault,
    r.downS,
    r.restartS,
    r.apiS,
    r.liveS,
    r.gapS,
    r.rows,
    r.written,
    r.dropped,
    r.retries,
    r.events,
    r.resent,
    r.unanswered,
    r.handledTwice,
  ]);
  console.table(results);
  console.log(
    `telemetry at the end: ${rowsEnd} rows stored, stat since the last start ${JSON.stringify(statsEnd)}`,
  );
  if (args.write) {
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
    writeBlock(
      '## Fault drill',
      'drill',
      [
        `Recorded ${when} UTC on ${machine}; \`node bench/drill.mjs --down ${args.down} --settle ${args.settle}\`.`,
        '',
        `| ${header.join(' | ')} |`,
        `| --- |${' ---: |'.repeat(header.length - 1)}`,
        ...table.map((row) => `| ${row.join(' | ')} |`),
        '',
        `At the end: ${rowsEnd} telemetry rows stored; the last server's counters ${JSON.stringify(statsEnd)}.`,
      ].join('\n'),
    );
  }
}

async function signIn(base) {
  const url = `${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&grant_type=password&scope=all&password=${md5(ADMIN_PASSWORD)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

/** Poll an API read (or /api/health before sign-in) every 50 ms until it answers 200; answers when. */
async function apiUp(base, token, timeoutMs) {
  return until(async () => {
    try {
      const response = token
        ? await fetch(`${base}/api/blade-system/dict-biz/list?current=1&size=5`, {
            headers: { 'blade-auth': `bearer ${token}` },
          })
        : await fetch(`${base}/api/health`);
      return response.status === 200 ? Date.now() : null;
    } catch {
      return null;
    }
  }, timeoutMs);
}

async function until(probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await sleep(50);
  }
}

async function telemetryStats(base, token) {
  const response = await fetch(`${base}/api/blade-system/getSystemInfo`, {
    headers: { 'blade-auth': `bearer ${token}` },
  });
  const { data } = await response.json();
  return { ...data.runtime.telemetry, ...data.runtime.deviceLink };
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
