// Soak (issue 14): the platform as `npm start` runs it (the demo area's simulated fleet on the embedded
// broker) under a moderate, steady API load and with a console following the fleet over WebSocket, for a
// long time. Samples the server's memory every --sample seconds (after a full garbage collection), counts
// every error (non-2xx answers, socket errors and timeouts, the server's log lines at level error, the
// console's socket closing or its OSD stalling), and prints the memory slope (least squares, MB per hour).
//
//   npx tsc -b packages/contract apps/server apps/device-sim
//   node bench/soak.mjs [--minutes 30] [--rate 50] [--connections 10] [--sample 30] [--db pglite|postgres]
//                       [--redis] [--write]
//
// Two processes: this one (autocannon and the WebSocket console) and bench/live-server.mjs (the platform,
// BENCH_SIMULATOR=1, started with --expose-gc). The exit code is 1 when any error was counted.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { machineCpu } from './lib/cpu.mjs';
import {
  createBenchDatabase,
  dropBenchDatabase,
  BENCH_DATABASE_URL,
  REDIS_URL,
} from './lib/infrastructure.mjs';
import { forkChild, markdownTable, sleep, textTable, writeBlock } from './lib/live.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '50' },
    connections: { type: 'string', default: '10' },
    sample: { type: 'string', default: '30' },
    db: { type: 'string', default: 'pglite' },
    redis: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const SAMPLE_S = Number(args.sample);
for (const [name, value] of [
  ['minutes', MINUTES],
  ['rate', RATE],
  ['connections', CONNECTIONS],
  ['sample', SAMPLE_S],
]) {
  if (!(value > 0)) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
}
if (!['pglite', 'postgres'].includes(args.db)) {
  console.error('--db must be pglite or postgres');
  process.exit(2);
}
const ADMIN_PASSWORD = 'Bench@123';
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** autocannon runs in rounds of this length, each with a token that stays valid through it */
const ROUND_S = 60;
/** the console counts a stall when no OSD frame came for this long (the demo fleet reports every 2–4 s) */
const STALL_MS = 30_000;
/** the read calls of the load, in turn: what the console's screens ask for while someone works */
const PATHS = [
  '/api/blade-auth/oauth/user-info',
  '/api/blade-system/menu/routes',
  '/api/blade-user/page?current=1&size=10',
  '/api/cloud-equipment/equipment-management/page?current=1&size=10',
  '/api/cloud-equipment/uavhangar/page?current=1&size=10',
  '/api/blade-system/dict/list?code=equipment_type',
];

const md5Hex = (plain) => createHash('md5').update(plain, 'utf8').digest('hex');

/** A password sign-in over HTTP: the token and when it stops being valid (ms). */
async function signIn(base) {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5Hex(ADMIN_PASSWORD),
    grant_type: 'password',
    scope: 'all',
  });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC },
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.access_token, expires: Date.now() + body.expires_in * 1000 };
}

/**
 * The console: follows every device of the tenant, counts OSD frames per device, and counts as errors a
 * close it did not ask for (other than the token's expiry, after which it opens again with a fresh token,
 * as the console does) and every stall of the OSD stream.
 */
function openConsole(port, session, counters) {
  let socket;
  let closing = false;
  let lastOsd = Date.now();
  const open = () => {
    socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(session.token)}`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe' })));
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith('{"event":"osd"')) {
        counters.osd += 1;
        lastOsd = Date.now();
        const sn = /"sn":"([^"]+)"/.exec(text)?.[1];
        if (sn) counters.devices.set(sn, (counters.devices.get(sn) ?? 0) + 1);
      } else if (text.startsWith('{"event":"snapshot"')) {
        counters.snapshots += 1;
        counters.snapshotDevices = (text.match(/"sn":/g) ?? []).length;
      }
    });
    socket.on('close', (code) => {
      if (closing) return;
      if (code === 4408) {
        counters.renewed += 1;
        setTimeout(open, 100);
        return;
      }
      counters.closed.push(code);
      setTimeout(open, 1000);
    });
    socket.on('error', (error) => counters.socketErrors.push(error.message));
  };
  open();
  const watchdog = setInterval(() => {
    if (Date.now() - lastOsd > STALL_MS) {
      counters.stalls += 1;
      lastOsd = Date.now();
    }
  }, 1000);
  return () => {
    closing = true;
    clearInterval(watchdog);
    socket.close();
  };
}

/** Least-squares slope of y (MB) over x (hours), and the fit's R². */
function regression(points) {
  const n = points.length;
  if (n < 2) return { slope: NaN, r2: NaN };
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aos-soak-'));
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    if (args.db === 'postgres') {
      await createBenchDatabase();
      cleanups.push(() => dropBenchDatabase());
    }
    const redis = args.redis ? REDIS_URL : '';
    console.log(
      `soak: the demo fleet, ${RATE} requests/s over ${CONNECTIONS} connections (${PATHS.length} read calls), ` +
        `one WebSocket console, ${MINUTES} min, ${args.db}${redis ? ' + Redis' : ''}; memory every ${SAMPLE_S} s`,
    );
    const server = forkChild(
      'live-server.mjs',
      {
        BENCH_MQTT_URL: '',
        BENCH_DEVICES: '0',
        BENCH_SIMULATOR: '1',
        BENCH_DATA_DIR: dir,
        BENCH_DATABASE_URL: args.db === 'postgres' ? BENCH_DATABASE_URL : '',
        BENCH_REDIS_URL: redis,
        BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
        BENCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
      ['--expose-gc'],
    );
    let serverExited = null;
    server.child.on('exit', (code, signal) => (serverExited = signal ?? code));
    cleanups.push(async () => {
      if (server.child.exitCode === null)
        await server.request({ type: 'close' }, 'closed').catch(() => server.child.kill());
    });
    const ready = await server.next('ready');
    const base = `http://127.0.0.1:${ready.port}`;
    const session = await signIn(base);

    // Every call of the load must answer 200 before the soak starts (a wrong path would be all errors).
    for (const url of PATHS) {
      const response = await fetch(base + url, { headers: { 'blade-auth': `bearer ${session.token}` } });
      const body = await response.text();
      if (response.status !== 200 || !body.includes('"code":200'))
        throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 300)}`);
    }

    const counters = {
      osd: 0,
      devices: new Map(),
      snapshots: 0,
      snapshotDevices: 0,
      renewed: 0,
      closed: [],
      socketErrors: [],
      stalls: 0,
    };
    const closeConsole = openConsole(ready.port, session, counters);
    cleanups.push(closeConsole);
    // Give the demo fleet time to come online and report.
    for (let waited = 0; counters.devices.size === 0 && waited < 30_000; waited += 500) await sleep(500);
    console.log(
      `console following ${counters.snapshotDevices} devices, OSD from ${counters.devices.size} so far`,
    );

    const totals = { requests: 0, non2xx: 0, errors: 0, timeouts: 0, statuses: {}, latencyMax: 0 };
    const samples = [];
    const startedAt = Date.now();
    const endAt = startedAt + MINUTES * 60_000;
    const machineBefore = machineCpu();
    const first = await server.request({ type: 'usage', gc: true });
    const sample = async () => {
      const usage = await server.request({ type: 'usage', gc: true });
      const row = {
        at: Date.now() - startedAt,
        rss: usage.rss / 2 ** 20,
        heap: usage.heap / 2 ** 20,
        external: usage.external / 2 ** 20,
        cores: samples.length
          ? (usage.micros - samples.at(-1).micros) / 1000 / (Date.now() - startedAt - samples.at(-1).at)
          : (usage.micros - first.micros) / 1000 / Math.max(1, Date.now() - startedAt),
        micros: usage.micros,
        logs: usage.logs,
      };
      samples.push(row);
      console.log(
        `  ${(row.at / 60_000).toFixed(1).padStart(5)} min  RSS ${row.rss.toFixed(1)} MB  heap ${row.heap.toFixed(1)} MB  ` +
          `external ${row.external.toFixed(1)} MB  server ${row.cores.toFixed(2)} cores  requests ${totals.requests}  ` +
          `errors ${totals.non2xx + totals.errors + totals.timeouts}  log errors ${usage.logs.error}  OSD frames ${counters.osd}`,
      );
    };
    await sample();
    const sampler = setInterval(() => void sample().catch(() => undefined), SAMPLE_S * 1000);
    cleanups.push(() => clearInterval(sampler));

    // The load, in rounds: each round with a token valid for all of it (a fresh sign-in when needed).
    while (Date.now() < endAt - 1000 && serverExited === null) {
      if (session.expires - Date.now() < (ROUND_S + 300) * 1000) Object.assign(session, await signIn(base));
      const seconds = Math.max(1, Math.min(ROUND_S, Math.round((endAt - Date.now()) / 1000)));
      const headers = { 'blade-auth': `bearer ${session.token}` };
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: seconds,
        timeout: 10,
        requests: PATHS.map((url) => ({ method: 'GET', path: url, headers })),
      });
      totals.requests += result.requests.total;
      totals.non2xx += result.non2xx;
      // autocannon's `errors` counts its timeouts too: kept apart here
      totals.errors += result.errors - result.timeouts;
      totals.timeouts += result.timeouts;
      totals.latencyMax = Math.max(totals.latencyMax, result.latency.max);
      for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
        totals.statuses[code] = (totals.statuses[code] ?? 0) + count;
    }
    clearInterval(sampler);
    await sample();
    const machineAfter = machineCpu();
    const last = samples.at(-1);

    const cores = os.cpus().length;
    const machineBusy =
      (machineAfter.busy - machineBefore.busy) / ((machineAfter.total - machineBefore.total) / cores);
    const hours = (row) => row.at / 3_600_000;
    const fit = (key, rows) => regression(rows.map((row) => [hours(row), row[key]]));
    const secondHalf = samples.filter((row) => row.at >= last.at / 2);
    const rssAll = fit('rss', samples);
    const heapAll = fit('heap', samples);
    const rssLate = fit('rss', secondHalf);
    const heapLate = fit('heap', secondHalf);
    const logErrors = last.logs.error;
    const consoleErrors = counters.closed.length + counters.socketErrors.length + counters.stalls;
    const errors =
      totals.non2xx +
      totals.errors +
      totals.timeouts +
      logErrors +
      consoleErrors +
      (serverExited === null ? 0 : 1);
    const elapsedS = last.at / 1000;
    const serverCores = (last.micros - first.micros) / 1e6 / elapsedS;
    const mb = (value) => `${value.toFixed(1)} MB`;
    const slope = ({ slope: s, r2 }) => `${s >= 0 ? '+' : ''}${s.toFixed(2)} MB/h (R² ${r2.toFixed(2)})`;
    const minOf = (key) => Math.min(...samples.map((row) => row[key]));
    const maxOf = (key) => Math.max(...samples.map((row) => row[key]));
    const rows = [
      ['duration / samples', `${(elapsedS / 60).toFixed(1)} min / ${samples.length} (every ${SAMPLE_S} s)`],
      [
        'API requests (rate asked / achieved)',
        `${totals.requests.toLocaleString('en-US')} (${RATE}/s / ${(totals.requests / elapsedS).toFixed(1)}/s), ` +
          `worst latency ${totals.latencyMax} ms`,
      ],
      [
        'answers by status',
        Object.entries(totals.statuses)
          .map(([code, count]) => `${code}: ${count.toLocaleString('en-US')}`)
          .join(', ') || 'none',
      ],
      [
        'errors: non-2xx / socket errors / timeouts',
        `${totals.non2xx} / ${totals.errors} / ${totals.timeouts}`,
      ],
      ['server log lines: error / warn', `${logErrors} / ${last.logs.warn}`],
      [
        'console: OSD frames (devices) / unexpected closes / stalls ≥ 30 s / token renewals',
        `${counters.osd.toLocaleString('en-US')} (${counters.devices.size}) / ${counters.closed.length} / ` +
          `${counters.stalls} / ${counters.renewed}`,
      ],
      [
        'RSS first / last (min–max)',
        `${mb(samples[0].rss)} / ${mb(last.rss)} (${mb(minOf('rss'))}–${mb(maxOf('rss'))})`,
      ],
      [
        'heap used after GC first / last (min–max)',
        `${mb(samples[0].heap)} / ${mb(last.heap)} (${mb(minOf('heap'))}–${mb(maxOf('heap'))})`,
      ],
      ['RSS slope: whole run / second half', `${slope(rssAll)} / ${slope(rssLate)}`],
      ['heap slope: whole run / second half', `${slope(heapAll)} / ${slope(heapLate)}`],
      ['server CPU (cores, average)', serverCores.toFixed(2)],
      [`machine busy (of ${cores} cores)`, `${(machineBusy * 100).toFixed(0)} %`],
      ['errors in all', String(errors)],
    ];
    console.log(textTable([['measure', 'value'], ...rows]));
    if (last.logs.first.length) console.log(`server log (first lines):\n  ${last.logs.first.join('\n  ')}`);
    if (counters.closed.length) console.log(`console close codes: ${counters.closed.join(', ')}`);
    if (counters.socketErrors.length)
      console.log(`console socket errors: ${counters.socketErrors.slice(0, 5).join('; ')}`);
    if (serverExited !== null) console.log(`the server exited during the soak (${serverExited})`);
    console.log(`memory slope ${slope(rssAll)} RSS, ${slope(heapAll)} heap; errors ${errors}`);
    if (args.write) {
      const key = `soak:${args.db}${args.redis ? '+redis' : ''}`;
      const settings =
        `The demo fleet (\`SIMULATOR\`, the embedded broker), ${RATE} authenticated reads/s over ${CONNECTIONS} ` +
        `connections (${PATHS.map((url) => `\`${url.split('?')[0]}\``).join(', ')}, in turn), one WebSocket console ` +
        `following the tenant, ${(elapsedS / 60).toFixed(0)} min, database ${args.db}` +
        `${args.redis ? ', Redis' : ', in-process cache'}; memory after a full GC every ${SAMPLE_S} s; ` +
        `${cores} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ` +
        `command \`node bench/soak.mjs --minutes ${MINUTES}${RATE === 50 ? '' : ` --rate ${RATE}`}` +
        `${args.db === 'pglite' ? '' : ` --db ${args.db}`}${args.redis ? ' --redis' : ''} --write\`.`;
      const series =
        'Memory samples (minutes: RSS / heap MB): ' +
        samples
          .filter(
            (_, index) =>
              index % Math.max(1, Math.round(samples.length / 12)) === 0 || index === samples.length - 1,
          )
          .map((row) => `${(row.at / 60_000).toFixed(0)}: ${row.rss.toFixed(0)} / ${row.heap.toFixed(1)}`)
          .join('; ') +
        '.';
      writeBlock(
        '## Soak (bench/soak.mjs)',
        key,
        `${settings}\n\n${markdownTable([['measure', 'value'], ...rows])}\n\n${series}`,
      );
    }
    if (errors > 0) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
