// Live benchmark (issue 6): simulated devices publish OSD at 1 Hz through an external broker (a Mosquitto
// started for the run), the platform ingests them, and WebSocket clients subscribed to the tenant receive the
// live frames. Measures ingest rate, publish → WebSocket latency (p50/p95/p99/max), the broker's own
// publish → subscribe latency as the floor, server CPU and memory, and loss of QoS 1 state messages.
//
//   npx tsc -b packages/contract apps/server apps/device-sim
//   node bench/live.mjs [--devices 1000] [--clients 20] [--duration 60] [--warmup 10] [--db pglite|postgres]
//                       [--redis] [--broker own|embedded|system] [--profile DIR] [--write]
//
// Three processes: this one (WebSocket receivers and the floor subscriber), bench/live-server.mjs (the
// platform) and bench/live-devices.mjs (the fleet). Latency is measured on one clock (one machine): receive
// time minus the envelope `timestamp` the device set when it published.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { machineCpu } from './lib/cpu.mjs';
import { forkChild, Histogram, markdownTable, sleep, textTable, writeBlock } from './lib/live.mjs';
import {
  BENCH_DATABASE_URL,
  createBenchDatabase,
  dropBenchDatabase,
  REDIS_URL,
} from './lib/infrastructure.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    'state-ms': { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    redis: { type: 'boolean', default: false },
    broker: { type: 'string', default: 'own' },
    profile: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(args.devices);
const CLIENTS = Number(args.clients);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const STATE_MS = Number(args['state-ms']);
const ADMIN_PASSWORD = 'Bench@123';
const BROKER = args.broker;
if (!['own', 'embedded', 'system'].includes(BROKER)) {
  console.error('--broker must be own (a Mosquitto started by the run), embedded or system (127.0.0.1:1883)');
  process.exit(2);
}
/** the machine's Mosquitto, shared with other work: topics and client ids of this run carry RUN_ID */
const SYSTEM_BROKER_URL = 'mqtt://127.0.0.1:1883';
const RUN_ID = randomBytes(3).toString('hex').toUpperCase();
const SN_PREFIX = BROKER === 'system' ? `R${RUN_ID}` : '';
const BROKER_TEXT = {
  own: 'a Mosquitto started by the run',
  embedded: "the server's embedded broker (aedes, in the server process)",
  system: "the machine's Mosquitto (127.0.0.1:1883, shared)",
}[BROKER];

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

/** A Mosquitto of our own, with queues large enough for the fleet (the system one keeps its defaults). */
async function startMosquitto(dir) {
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 100000',
      'max_inflight_messages 0',
      'max_connections -1',
      'set_tcp_nodelay true',
      'sys_interval 5',
      'log_type error',
    ].join('\n') + '\n',
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = await mqtt
      .connectAsync(url, { reconnectPeriod: 0, connectTimeout: 500 })
      .catch(() => null);
    if (client) {
      await client.endAsync();
      return { child, url, pid: child.pid };
    }
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${stderr}`);
    await sleep(100);
  }
  child.kill();
  throw new Error(`mosquitto did not start on ${port}: ${stderr}`);
}

const OSD_TIMESTAMP = /^\{"event":"osd","data":\{"sn":"([^"]+)".*"timestamp":(\d+)/;
const STATE_FRAME = /^\{"event":"state","data":\{"sn":"([^"]+)".*"state_seq":(\d+)/;

/** One console: subscribed to every device of the tenant; measures OSD latency, counts state changes. */
function openClient(port, token, stats) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
    const states = new Set();
    /** OSD frames received per serial number */
    const osdBySn = new Map();
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe' })));
    socket.on('message', (raw) => {
      const text = raw.toString();
      const osd = OSD_TIMESTAMP.exec(text);
      if (osd) {
        stats.frames += 1;
        osdBySn.set(osd[1], (osdBySn.get(osd[1]) ?? 0) + 1);
        if (stats.measuring) stats.latency.add(Date.now() - Number(osd[2]));
        return;
      }
      const state = STATE_FRAME.exec(text);
      if (state) {
        states.add(`${state[1]}#${state[2]}`);
        return;
      }
      if (text.startsWith('{"event":"snapshot"')) resolve({ socket, states, osdBySn });
    });
    socket.on('close', (code) => stats.closed.push(code));
    socket.on('error', reject);
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aos-live-bench-'));
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    let mosquitto = null;
    if (BROKER === 'own') {
      mosquitto = await startMosquitto(dir);
      cleanups.push(() => mosquitto.child.kill());
    }
    const brokerUrl = BROKER === 'own' ? mosquitto.url : BROKER === 'system' ? SYSTEM_BROKER_URL : '';
    if (args.db === 'postgres') {
      await createBenchDatabase();
      cleanups.push(() => dropBenchDatabase());
    }
    const redis = args.redis ? REDIS_URL : '';
    console.log(
      `live benchmark: ${DEVICES} devices at 1 Hz, ${CLIENTS} WebSocket clients, ${WARMUP_S} s warm-up + ${DURATION_S} s, ` +
        `${args.db}${redis ? ' + Redis' : ''}, ${BROKER_TEXT}${brokerUrl ? ` ${brokerUrl}` : ''}` +
        `${SN_PREFIX ? `, serial numbers and client ids R${RUN_ID}…` : ''}`,
    );
    const profileArgs = args.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`]
      : process.execArgv;
    const server = forkChild(
      'live-server.mjs',
      {
        BENCH_MQTT_URL: brokerUrl,
        BENCH_SN_PREFIX: SN_PREFIX,
        BENCH_SHARE_GROUP: BROKER === 'system' ? `aos-bench-${RUN_ID}` : '',
        BENCH_DEVICES: String(DEVICES),
        BENCH_DATA_DIR: dir,
        BENCH_DATABASE_URL: args.db === 'postgres' ? BENCH_DATABASE_URL : '',
        BENCH_REDIS_URL: redis,
        BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
        BENCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
      profileArgs,
    );
    cleanups.push(async () => {
      if (server.child.exitCode === null)
        await server.request({ type: 'close' }, 'closed').catch(() => server.child.kill());
    });
    const registering = Date.now();
    const ready = await server.next('ready');
    console.log(
      `registered ${ready.devices.length} devices in ${((Date.now() - registering) / 1000).toFixed(1)} s`,
    );

    const stats = { frames: 0, measuring: false, latency: new Histogram(), closed: [] };
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => openClient(ready.port, ready.token, stats)),
    );
    cleanups.push(() => clients.forEach(({ socket }) => socket.close()));

    // The floor: the broker's own publish → subscribe latency for the same messages (not for the embedded
    // broker, which lets devices only, each on its own topics, in). Mosquitto's $SYS topics: its connections.
    const floor = { latency: new Histogram(), measuring: false, sys: {} };
    if (BROKER !== 'embedded') {
      const floorClient = await mqtt.connectAsync(brokerUrl, {
        reconnectPeriod: 0,
        clientId: `aos-bench-floor-${RUN_ID}`,
      });
      cleanups.push(() => floorClient.endAsync(true));
      // this run's devices only (on the shared broker every serial number of the run holds SN_PREFIX)
      const ours = (topic) => topic.split('/')[2]?.includes(SN_PREFIX);
      floorClient.on('message', (topic, payload) => {
        if (topic.startsWith('$SYS/')) {
          floor.sys[topic.slice(5)] = payload.toString();
          return;
        }
        if (!floor.measuring || !ours(topic)) return;
        const match = /"timestamp":(\d+)/.exec(payload.toString());
        if (match) floor.latency.add(Date.now() - Number(match[1]));
      });
      await floorClient.subscribeAsync('thing/product/+/osd', { qos: 0 });
      await floorClient.subscribeAsync(['$SYS/broker/clients/connected', '$SYS/broker/heap/current'], {
        qos: 0,
      });
    }

    const devices = forkChild('live-devices.mjs');
    cleanups.push(() => devices.child.kill());
    const started = await devices.request(
      {
        type: 'start',
        url: brokerUrl || ready.mqttUrl,
        devices: ready.devices,
        stateIntervalMs: STATE_MS,
      },
      'started',
    );
    console.log(`fleet connected in ${(started.millis / 1000).toFixed(1)} s; warming up`);
    await sleep(WARMUP_S * 1000);

    // Measured window.
    const before = {
      server: await server.request({ type: 'usage' }),
      fleet: await devices.request({ type: 'counts' }),
      machine: machineCpu(),
      frames: stats.frames,
      self: process.cpuUsage(),
    };
    stats.measuring = true;
    floor.measuring = true;
    await sleep(DURATION_S * 1000);
    stats.measuring = false;
    floor.measuring = false;
    const brokerRss = mosquitto ? processRss(mosquitto.pid) : null;
    const brokerConnected = floor.sys['broker/clients/connected'];
    const after = {
      server: await server.request({ type: 'usage' }),
      fleet: await devices.request({ type: 'counts' }),
      machine: machineCpu(),
      frames: stats.frames,
      self: process.cpuUsage(before.self),
    };
    // Stop the fleet, let the last messages drain, then count the state changes every client received.
    const stopped = await devices.request({ type: 'stop' }, 'stopped');
    await sleep(3000);
    const expectedStates = stopped.state;
    const receivedStates = clients.map(({ states }) => states.size);
    const lostStates = receivedStates.reduce((sum, got) => sum + Math.max(0, expectedStates - got), 0);
    // OSD per device: every client should have had a frame for each message the device sent (at 1 Hz the
    // 250 ms pacing merges nothing unless two messages of a device reach the server within 250 ms).
    const sentBySn = Object.entries(stopped.sent);
    let osdMissing = 0;
    let osdExtra = 0;
    const devicesShort = new Set();
    for (const { osdBySn } of clients) {
      for (const [sn, sent] of sentBySn) {
        const got = osdBySn.get(sn) ?? 0;
        if (got < sent) {
          osdMissing += sent - got;
          devicesShort.add(sn);
        } else osdExtra += got - sent;
      }
    }
    const osdExpected = sentBySn.reduce((sum, [, sent]) => sum + sent, 0) * CLIENTS;

    const cores = os.cpus().length;
    const machineBusy =
      (after.machine.busy - before.machine.busy) / ((after.machine.total - before.machine.total) / cores);
    const serverCores = (after.server.micros - before.server.micros) / 1e6 / DURATION_S;
    const fleetCores = (after.fleet.cpuMicros - before.fleet.cpuMicros) / 1e6 / DURATION_S;
    const selfCores = (after.self.user + after.self.system) / 1e6 / DURATION_S;
    const ingested = (after.server.link.received - before.server.link.received) / DURATION_S;
    const merged = after.server.queues.linkOsdState - before.server.queues.linkOsdState;
    const published = (after.fleet.osd - before.fleet.osd) / DURATION_S;
    const delivered = (after.frames - before.frames) / DURATION_S;
    const ms = (value) => `${value.toFixed(1)} ms`;
    const rows = [
      ['devices / WebSocket clients', `${DEVICES} / ${CLIENTS}`],
      ['OSD published by the fleet', `${Math.round(published).toLocaleString('en-US')} msg/s`],
      [
        'messages ingested by the server',
        `${Math.round(ingested).toLocaleString('en-US')} msg/s (link.stats.received)`,
      ],
      ['OSD frames delivered (all clients)', `${Math.round(delivered).toLocaleString('en-US')} frames/s`],
      [
        'publish → WebSocket p50 / p95 / p99 / max',
        [0.5, 0.95, 0.99].map((q) => ms(stats.latency.quantile(q))).join(' / ') +
          ` / ${ms(stats.latency.max)}`,
      ],
      [
        'broker floor p50 / p99 / max',
        floor.latency.count
          ? `${ms(floor.latency.quantile(0.5))} / ${ms(floor.latency.quantile(0.99))} / ${ms(floor.latency.max)}`
          : BROKER === 'embedded'
            ? 'n/a (the embedded broker admits devices only)'
            : 'none received',
      ],
      [
        'OSD per device: sent × clients / frames missing (devices short)',
        `${osdExpected.toLocaleString('en-US')} / ${osdMissing.toLocaleString('en-US')} ` +
          `(${(osdExpected ? (osdMissing / osdExpected) * 100 : 0).toFixed(3)} %; ${devicesShort.size} of ${sentBySn.length})`,
      ],
      [
        'MQTT connections: fleet / server link online / broker',
        `${ready.devices.length} / ${after.server.online} / ` +
          (BROKER === 'embedded'
            ? `${after.server.brokerClients} (aedes)`
            : BROKER === 'own'
              ? `${brokerConnected ?? '?'} (Mosquitto $SYS, with the server's and the floor's)`
              : `${brokerConnected ?? '?'} (Mosquitto $SYS, the whole shared broker)`),
      ],
      [
        'server backlog at end: link (received − OSD, state merged; + 1 topology per dock) / hub snapshot waits / Redis commands / pool waits / WebSocket bytes unsent',
        [
          after.server.queues.linkReceived - after.server.queues.linkOsdState,
          after.server.queues.hubWaiting,
          after.server.queues.redisCommands ?? 'n/a',
          after.server.queues.poolWaiting ?? 'n/a',
          `${Math.round(after.server.queues.socketBuffered / 2 ** 20)} MiB`,
        ].join(' / '),
      ],
      ['server CPU (cores, average)', serverCores.toFixed(2)],
      [
        'server CPU per OSD/state message merged (messages merged/s)',
        `${Math.round((after.server.micros - before.server.micros) / Math.max(1, merged))} µs ` +
          `(${Math.round(merged / DURATION_S).toLocaleString('en-US')}/s)`,
      ],
      [
        'server memory (RSS / heap at end)',
        `${Math.round(after.server.rss / 2 ** 20)} MiB / ${Math.round(after.server.heap / 2 ** 20)} MiB`,
      ],
      ...(brokerRss !== null
        ? [['Mosquitto memory (RSS at end)', `${Math.round(brokerRss / 2 ** 20)} MiB`]]
        : []),
      ['fleet / receivers CPU (cores)', `${fleetCores.toFixed(2)} / ${selfCores.toFixed(2)}`],
      ['machine busy (of ' + cores + ' cores)', `${(machineBusy * 100).toFixed(0)} %`],
      [
        'QoS 1 state changes: acknowledged × clients / lost (not sent)',
        `${(expectedStates * CLIENTS).toLocaleString('en-US')} / ${lostStates} (${stopped.stateFailed})`,
      ],
      [
        'malformed / unregistered / failed (link)',
        `${after.server.link.malformed} / ${after.server.link.unregistered} / ${after.server.link.failed}`,
      ],
      ['sockets closed during the run', String(stats.closed.length)],
    ];
    console.log(textTable([['measure', 'value'], ...rows]));
    const p99 = stats.latency.quantile(0.99);
    console.log(
      `target: p99 < 100 ms → ${p99 < 100 ? 'met' : 'NOT met'}; state loss ${lostStates === 0 ? 'none' : lostStates}`,
    );
    if (args.write) writeResults(rows);
    if (osdExtra) console.log(`(${osdExtra} OSD frames more than sent: a device counted twice?)`);
    if (stats.latency.count === 0 || lostStates > 0 || stopped.stateFailed > 0) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

/** Replace this configuration's figures in RESULTS.md (one block per database, cache and fleet size). */
function writeResults(rows) {
  const key = `${args.db}${args.redis ? '+redis' : ''}${BROKER === 'own' ? '' : `+${BROKER}`}/${DEVICES}`;
  const settings =
    `${DEVICES} devices (half docks, half drones) at 1 Hz OSD (QoS 0) and a state change every ${STATE_MS / 1000} s (QoS 1), ` +
    `${CLIENTS} WebSocket clients subscribed to the tenant, ${WARMUP_S} s warm-up + ${DURATION_S} s measured, ` +
    `database ${args.db}${args.redis ? ', Redis (cache bus and snapshots)' : ', in-process cache'}, ${BROKER_TEXT}; ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`;
  writeBlock(
    '## Live push (bench/live.mjs)',
    `live:${key}`,
    `${settings}\n\n${markdownTable([['measure', 'value'], ...rows])}`,
  );
}

/** Resident memory of a process (bytes), from /proc; null where there is none. */
function processRss(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
