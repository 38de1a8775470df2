// Task progress benchmark (issue 17 "Benchmarks", second item): 200 docks flying routes at once, 20 consoles
// following them; latency from a dock's `flighttask_progress` event to the console's WebSocket `job` frame.
//
//   npx tsc -b packages/contract packages/wpml apps/device-sim apps/server
//   node bench/tasks-live.mjs [--docks 200] [--clients 20] [--flight 60] [--lead 60] [--write]
//
// Two server instances (bench/tasks-server.mjs) on the machine's PostgreSQL, Redis and Mosquitto; the consoles
// connect to them in turn (half on each, so a frame often crosses instances over Redis). Each dock gets one
// hangar task flying once at the same minute, submitted through the API; at that minute the instances start
// them (conditions, take-off lock, prepare with the KMZ, execute), and every dock (bench/lib/task-docks.mjs)
// reports `flighttask_progress` once a second for `--flight` seconds, its drone's OSD along the route with it.
// Each console subscribes, as the task detail does (apps/web TaskDetailDrawer: `subscribe` with the dock's and
// its drone's serial numbers), to every flying dock and drone. Latency is the frame's arrival minus the
// event's publish time (one machine, one clock), matched by serial number and percent. A plain MQTT
// subscriber to the docks' events topics gives the broker's own publish → delivery time (the floor).
import os from 'node:os';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { Histogram, markdownTable, textTable, writeBlock } from './lib/live.mjs';
import { TaskDocks } from './lib/task-docks.mjs';
import {
  benchDb,
  closeServers,
  cores,
  mb,
  prepareServices,
  registerFleet,
  releaseServices,
  sampleServers,
  sleep,
  split,
  startDocks,
  startServers,
} from './lib/tasks.mjs';

const { values: args } = parseArgs({
  options: {
    docks: { type: 'string', default: '200' },
    clients: { type: 'string', default: '20' },
    flight: { type: 'string', default: '60' },
    lead: { type: 'string', default: '60' },
    write: { type: 'boolean', default: false },
  },
});
const DOCKS = Number(args.docks);
const CLIENTS = Number(args.clients);
const FLIGHT_S = Number(args.flight);
const LEAD_S = Number(args.lead);
const ZONE_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai, the server's TIME_ZONE
const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const localDateTime = (ms) => new Date(ms + ZONE_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** One console following `sns`: the time each progress frame (serial number # percent) arrived. */
function openConsole(port, token, sns) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
    const arrived = new Map();
    const stats = { frames: 0, jobFrames: 0, closed: false };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', sns })));
    socket.on('message', (raw) => {
      const at = Date.now();
      stats.frames += 1;
      const text = raw.toString();
      if (text.startsWith('{"event":"snapshot"')) return resolve({ socket, arrived, stats });
      if (!text.startsWith('{"event":"job"')) return;
      const frame = JSON.parse(text);
      const job = frame.data?.job;
      if (job?.method !== 'flighttask_progress' || typeof job.percent !== 'number') return;
      stats.jobFrames += 1;
      const key = `${frame.data.sn}#${job.percent}`;
      if (!arrived.has(key)) arrived.set(key, at);
    });
    socket.on('close', () => (stats.closed = true));
    socket.on('error', reject);
  });
}

async function main() {
  const loadBefore = os.loadavg();
  log(`load average before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`);
  const services = await prepareServices();
  const prefix = `L${services.runId}`;
  let servers = [];
  let docks;
  let floor;
  const consoles = [];
  try {
    servers = await startServers(services);
    const apiUrls = servers.map((s) => `http://127.0.0.1:${s.port}`);
    const pairs = await registerFleet(servers, DOCKS, prefix);
    const fleet = pairs.map((pair) => ({ ...pair.dock, drone: pair.drone }));
    log(`registered ${fleet.length} docks with their drones`);
    const placer = new TaskDocks({ docks: fleet, url: '', apiUrls });

    // the floor: the broker's own publish → delivery time of the docks' progress events
    const floorLatency = new Histogram();
    const dockSns = new Set(fleet.map((dock) => dock.sn));
    floor = await mqtt.connectAsync(services.env.BENCH_MQTT_URL, { clean: true });
    floor.on('message', (topic, payload) => {
      const sn = topic.split('/')[2];
      if (!dockSns.has(sn)) return;
      const message = JSON.parse(payload.toString());
      if (message.method === 'flighttask_progress') floorLatency.add(Date.now() - message.timestamp);
    });
    await floor.subscribeAsync('thing/product/+/events', { qos: 0 });

    docks = await startDocks({
      url: services.env.BENCH_MQTT_URL,
      apiUrls,
      docks: fleet,
      osdMs: 2000,
      progressMs: 1000,
      steps: FLIGHT_S,
      drones: true,
    });
    await sleep(3000);
    const routeIds = (
      await split(
        servers,
        fleet.map((dock, index) => ({ id: dock.id, ...placer.place(index) })),
        (part) => ({ type: 'routes', docks: part }),
        'routed',
      )
    ).flatMap((answer) => answer.ids);
    log(`${routeIds.length} routes`);

    // every dock's task flies once at the same minute
    const takeOff = Math.ceil((Date.now() + LEAD_S * 1000) / 60_000) * 60_000;
    const submitted = await split(
      servers,
      fleet.map((dock, index) => ({
        name: `Bench live ${dock.sn}`,
        type: 2,
        hangarId: dock.id,
        routeId: routeIds[index],
        schedule: { mode: 'once', at: localDateTime(takeOff) },
        confirmSpacing: true,
      })),
      (part) => ({ type: 'submit', tasks: part }),
      'submitted',
    );
    const refused = submitted.reduce((sum, answer) => sum + answer.failures, 0);
    if (refused) throw new Error(`tasks refused: ${submitted.flatMap((a) => a.firstFailures).join(' | ')}`);
    log(
      `${DOCKS} tasks submitted; take-off at ${localDateTime(takeOff)} local, in ${((takeOff - Date.now()) / 1000).toFixed(0)} s`,
    );

    const sns = fleet.flatMap((dock) => [dock.sn, dock.drone.sn]);
    for (let i = 0; i < CLIENTS; i += 1) {
      const server = servers[i % servers.length];
      consoles.push(await openConsole(server.port, server.token, sns));
    }
    log(`${CLIENTS} consoles following ${sns.length} devices`);
    if (takeOff - Date.now() < 2000) throw new Error('the tasks were submitted too late: raise --lead');
    await sleep(takeOff - Date.now());
    const sampler = sampleServers(servers, 2000);
    const loadAtStart = os.loadavg();
    const deadline = Date.now() + (FLIGHT_S + 240) * 1000;
    let stats;
    for (;;) {
      await sleep(5000);
      stats = await docks.request({ type: 'stats' });
      log(`  ${stats.prepares.length} prepared, ${stats.executes} executing, ${stats.completed} flown`);
      if (stats.completed >= DOCKS || Date.now() > deadline) break;
    }
    await sleep(3000);
    const usage = await sampler.stop();
    stats = await docks.request({ type: 'stats', progress: true });

    // how many flights overlapped: the busiest second's count of docks reporting progress
    const published = new Map(stats.progress);
    const perSecond = new Map();
    for (const [key, at] of published) {
      const second = Math.floor(at / 1000);
      const set = perSecond.get(second) ?? new Set();
      set.add(key.split('#')[0]);
      perSecond.set(second, set);
    }
    const concurrent = Math.max(...[...perSecond.values()].map((set) => set.size));
    const latency = new Histogram();
    let missing = 0;
    for (const console_ of consoles) {
      for (const [key, at] of published) {
        const arrived = console_.arrived.get(key);
        if (arrived === undefined) missing += 1;
        else latency.add(arrived - at);
      }
    }
    const db = await benchDb();
    const statuses = (
      await db.query('select task_status, count(*)::int as n from aos_task_execution group by 1 order by 1')
    ).rows;
    await db.end();
    const closed = consoles.filter((c) => c.stats.closed).length;
    const rows = [
      ['Measure', 'Value'],
      ['Docks flying (each with its drone) / consoles following all of them', `${DOCKS} / ${CLIENTS}`],
      ['Flights at once (docks reporting progress in the busiest second)', String(concurrent)],
      ['Progress events published (1 Hz per dock)', published.size.toLocaleString('en-US')],
      [
        'Frames expected (events × consoles) / missing',
        `${(published.size * CLIENTS).toLocaleString('en-US')} / ${missing}`,
      ],
      ['Progress event → console frame, p50', `${latency.quantile(0.5)} ms`],
      ['… p99', `**${latency.quantile(0.99)} ms**`],
      ['… max', `${latency.max.toFixed(0)} ms`],
      [
        'Broker floor (publish → plain MQTT subscriber), p50 / p99',
        `${floorLatency.quantile(0.5)} / ${floorLatency.quantile(0.99)} ms`,
      ],
      ['Executions by status after the flights', statuses.map((r) => `${r.n} × ${r.task_status}`).join(', ')],
      ...Object.entries(usage.servers).map(([name, u]) => [
        `Instance ${name} CPU (cores) / RSS peak / heap`,
        `${cores(u.cores)} / ${mb(u.rssPeakMb)} / ${mb(u.heapMb)}`,
      ]),
      [
        'Server log lines at warn / error (A, B)',
        Object.values(usage.servers)
          .map((u) => `${u.logs.warn} / ${u.logs.error}`)
          .join(', '),
      ],
      ['Consoles closed unasked', String(closed)],
    ];
    console.log(`\n${textTable(rows)}`);
    for (const u of Object.values(usage.servers)) for (const line of u.logs.first) console.log(`  ${line}`);
    if (missing > 0 || closed > 0 || stats.completed < DOCKS) process.exitCode = 1;
    if (args.write) {
      const notes = [
        `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; Node.js ${process.version}, ` +
          `${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}); load average before ${loadBefore[0].toFixed(2)}, ` +
          `at take-off ${loadAtStart[0].toFixed(2)} (other helpers' work shares the machine)`,
        `- Command: \`node bench/tasks-live.mjs --docks ${DOCKS} --clients ${CLIENTS} --flight ${FLIGHT_S} --write\``,
      ];
      writeBlock(
        '## Tasks: 200 docks flying, 20 consoles following (bench/tasks-live.mjs)',
        'tasks-live',
        `${markdownTable(rows)}\n\n${notes.join('\n')}`,
      );
    }
  } finally {
    for (const c of consoles) c.socket.close();
    await floor?.endAsync().catch(() => undefined);
    if (docks) await docks.request({ type: 'stop' }, 'stopped').catch(() => docks.child.kill());
    await closeServers(servers);
    await releaseServices(services);
  }
}

main().then(
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
