// The areaQuery benchmark (issue 15): 100,000 no-fly zones of one tenant (random polygons and circles of
// 100 m to 5 km across China), then POST /api/cloud-task/forbidden-fly-area/areaQuery for a point and for a
// 1,000-vertex route, and the flight check for that route, over HTTP with autocannon: p50/p99 with one
// connection (what one caller waits) and throughput with several. Targets: point p99 < 20 ms, route p99 < 100 ms.
//
//   npx tsc -b packages/contract apps/server       # the benchmark loads apps/server/dist
//   npm run bench:area                             # PGlite in a temporary folder
//   node bench/area-query.mjs --db postgres        # PostgreSQL at 127.0.0.1:5432 (database aos_bench, dropped)
//   node bench/area-query.mjs --write              # replace this scenario's section of bench/RESULTS.md
//
// Flags: --db pglite|postgres (pglite), --zones N (100000), --duration S (10), --connections N (8), --write.
// The server runs in a child process (this file with --child) so autocannon has an event loop of its own.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(here, 'RESULTS.md');
const TENANT_ID = '000000';
const ADMIN_PASSWORD = 'Bench@123';
const QUERY = '/api/cloud-task/forbidden-fly-area/areaQuery';
const CHECK = '/api/cloud-task/forbidden-fly-area/check';
const TARGETS = { point: 20, route: 100 };
/** China's box, roughly: where the zones, the points and the routes lie */
const CHINA = { west: 75, south: 18, east: 134, north: 53 };
const ROUTE_VERTICES = 1000;

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

/** A small seeded PRNG (mulberry32): the same zones and queries on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METRES_PER_DEGREE = (Math.PI * 6_371_008.8) / 180;
/** The position `metres` east and north of `[longitude, latitude]` (flat: fine at these sizes). */
function offset([longitude, latitude], east, north) {
  return [
    longitude + east / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180)),
    latitude + north / METRES_PER_DEGREE,
  ];
}
const round = (value) => Number(value.toFixed(6));
const inChina = (next, margin = 0.5) => [
  CHINA.west + margin + next() * (CHINA.east - CHINA.west - 2 * margin),
  CHINA.south + margin + next() * (CHINA.north - CHINA.south - 2 * margin),
];

/** A zone: half circles, half star-shaped polygons (8–16 nodes, never crossing themselves), 100 m – 5 km. */
function zone(next) {
  const center = inChina(next);
  const radius = 100 + next() * 4900;
  if (next() < 0.5) return { type: 'Circle', center: center.map(round), radius: Math.round(radius) };
  const nodes = 8 + Math.floor(next() * 9);
  const ring = [];
  for (let i = 0; i < nodes; i++) {
    const angle = (2 * Math.PI * i) / nodes;
    const reach = radius * (0.5 + next() * 0.5);
    ring.push(offset(center, reach * Math.cos(angle), reach * Math.sin(angle)).map(round));
  }
  ring.push(ring[0]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A survey route: 1,000 vertices mowing a 10 km × 10 km square (legs 10 km long, 20 m apart). */
function route(next) {
  const start = inChina(next, 1);
  const coordinates = [];
  for (let leg = 0; coordinates.length < ROUTE_VERTICES; leg++) {
    const north = leg * 20;
    const ends = leg % 2 ? [10_000, 0] : [0, 10_000];
    for (const east of ends)
      if (coordinates.length < ROUTE_VERTICES) coordinates.push(offset(start, east, north).map(round));
  }
  return { type: 'LineString', coordinates };
}

// ------------------------------------------------------------------------------------------------ child

async function child() {
  const send = (message) => new Promise((resolve) => process.send(message, () => resolve()));
  try {
    const { buildApp } = await import('../apps/server/dist/app.js');
    const { loadConfig } = await import('../apps/server/dist/config.js');
    const { gisArea, noFlyZone } = await import('../apps/server/dist/db/schema/index.js');
    const { areaValues } = await import('../apps/server/dist/modules/gis/area-resource.js');
    const { newId } = await import('../apps/server/dist/lib/ids.js');
    const { geometryBbox } = await import('@aos/contract');
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      CAPTCHA_ENABLED: 'false',
      DATA_DIR: process.env.BENCH_DATA_DIR,
      DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD,
      PASSWORD_HASH_COST: '10',
    });
    const app = await buildApp({ config, logger: false });
    const count = Number(process.env.BENCH_ZONES);
    const started = Date.now();
    const next = random(15);
    const db = app.database.db;
    for (let done = 0; done < count; done += 1000) {
      const zones = [];
      const areas = [];
      for (let i = done; i < Math.min(count, done + 1000); i++) {
        const id = newId();
        const geometry = zone(next);
        // the service's own derivation (validity, centre, area), without a transaction per zone
        const values = areaValues({ name: `bench zone ${i}`, geometry });
        zones.push({ id, tenantId: TENANT_ID, ...values, type: 1 + (i % 5), side: 1 });
        const [west, south, east, north] = geometryBbox(geometry);
        areas.push({
          id: newId(),
          tenantId: TENANT_ID,
          kind: 'nofly',
          refId: id,
          name: values.name,
          geometry,
          west,
          south,
          east,
          north,
        });
      }
      await db.transaction(async (tx) => {
        await tx.insert(noFlyZone).values(zones);
        await tx.insert(gisArea).values(areas);
      });
    }
    const seconds = (Date.now() - started) / 1000;
    // fresh statistics for the planner, as autovacuum would give them after a bulk load
    await app.database.db.execute((await import('drizzle-orm')).sql`analyze aos_gis_area`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await send({ type: 'ready', port: app.server.address().port, database: app.database.kind, seconds });
    process.on('message', async (message) => {
      if (message?.type !== 'close') return;
      await app.close();
      await send({ type: 'closed' });
      process.exit(0);
    });
  } catch (error) {
    await send({ type: 'error', message: error?.message ?? String(error), stack: error?.stack });
    process.exit(1);
  }
}

// ----------------------------------------------------------------------------------------------- parent

function waitFor(server, type, timeout) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${type} from the server in ${timeout / 1000} s`)),
      timeout,
    );
    const listen = (message) => {
      if (message?.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`server: ${message.message}\n${message.stack ?? ''}`));
      } else if (message?.type === type) {
        clearTimeout(timer);
        server.off('message', listen);
        resolve(message);
      }
    };
    server.on('message', listen);
  });
}

async function signIn(base) {
  const query = new URLSearchParams({
    tenantId: TENANT_ID,
    username: 'admin',
    password: createHash('md5').update(ADMIN_PASSWORD).digest('hex'),
    grant_type: 'password',
    scope: 'all',
  });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * One scenario: `bodies` sent in turn. With one connection a timed loop (each request's own time, p50/p99);
 * then autocannon with `connections` for the throughput (and its p50/p99 under that load).
 */
async function scenario({ name, base, path: url, bodies, headers, duration, connections }) {
  const { default: autocannon } = await import('autocannon');
  const post = (body) =>
    fetch(base + url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  // warm-up, and a look at what it answers
  let hits = 0;
  for (let i = 0; i < Math.min(20, bodies.length); i++) {
    const response = await post(bodies[i]);
    const answer = await response.json();
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
    hits += Array.isArray(answer.data) ? answer.data.length : answer.data.hits.length;
  }
  process.stdout.write(`  ${name}: one connection, ${duration} s ... `);
  const times = [];
  const until = performance.now() + duration * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const response = await post(bodies[i % bodies.length]);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const single = {
    requests: times.length,
    rps: times.length / duration,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
  process.stdout.write(`p50 ${single.p50.toFixed(1)} ms, p99 ${single.p99.toFixed(1)} ms\n`);
  process.stdout.write(`  ${name}: ${connections} connections, ${duration} s ... `);
  let turn = 0;
  const result = await autocannon({
    url: base + url,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bodies[turn++ % bodies.length] }),
      },
    ],
  });
  const loaded = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  process.stdout.write(`${loaded.rps.toFixed(0)} req/s, p99 ${loaded.p99} ms\n`);
  return { name, single, loaded, hitsPerQuery: hits / Math.min(20, bodies.length) };
}

const ms = (value) => (value >= 100 ? Math.round(value).toString() : value.toFixed(1));

function section(results, settings) {
  const lines = [
    `### ${settings.database} (${settings.date})`,
    '',
    `${settings.zones.toLocaleString('en-US')} no-fly zones of one tenant (half circles, half 8–16-node polygons, ` +
      `100 m – 5 km, uniform over China; loaded in ${settings.seedSeconds.toFixed(0)} s), ${settings.duration} s ` +
      `per measurement. Machine: ${os.cpus().length} cores, load average ${settings.load.toFixed(2)} at the start` +
      `${settings.note ? ` (${settings.note})` : ''}; Node.js ${process.version}.`,
    '',
    `| Scenario | areas hit per query | p50 (ms), 1 conn | p99 (ms), 1 conn | target p99 | req/s, ${settings.connections} conns | p99 (ms), ${settings.connections} conns | errors / non-2xx |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of results) {
    const target = row.target ? `< ${row.target} ms: ${row.single.p99 < row.target ? 'met' : 'not met'}` : '';
    lines.push(
      `| ${row.name} | ${row.hitsPerQuery.toFixed(1)} | ${ms(row.single.p50)} | ${ms(row.single.p99)} | ${target} | ` +
        `${ms(row.loaded.rps)} | ${ms(row.loaded.p99)} | ${row.loaded.errors} / ${row.loaded.non2xx} |`,
    );
  }
  return lines.join('\n');
}

function writeSection(database, text) {
  const start = `<!-- area-query-${database}:start -->`;
  const end = `<!-- area-query-${database}:end -->`;
  let content = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const block = `${start}\n\n${text}\n\n${end}`;
  if (content.includes(start) && content.includes(end)) {
    content =
      content.slice(0, content.indexOf(start)) + block + content.slice(content.indexOf(end) + end.length);
  } else {
    if (!content.includes('## areaQuery over 100,000 zones')) {
      content +=
        '\n## areaQuery over 100,000 zones (bench/area-query.mjs)\n\n' +
        'POST forbidden-fly-area/areaQuery and /check through HTTP; the spatial index is the GiST index on each ' +
        "area's box plus turf's exact test (docs/server.md, GIS).\n";
    }
    content += `\n${block}\n`;
  }
  writeFileSync(RESULTS_FILE, content);
}

async function parent() {
  const database = flag('db', 'pglite');
  const zones = Number(flag('zones', '100000'));
  const duration = Number(flag('duration', '10'));
  const connections = Number(flag('connections', '8'));
  const load = os.loadavg()[0];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aos-bench-area-'));
  let databaseUrl = '';
  const infrastructure = await import('./lib/infrastructure.mjs');
  if (database === 'postgres') {
    await infrastructure.createBenchDatabase();
    databaseUrl = infrastructure.BENCH_DATABASE_URL;
  }
  console.log(`areaQuery benchmark: ${zones.toLocaleString('en-US')} zones on ${database}`);
  const server = fork(fileURLToPath(import.meta.url), ['--child'], {
    env: {
      ...process.env,
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_ZONES: String(zones),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exitCode = 0;
  try {
    const ready = await waitFor(server, 'ready', 30 * 60_000);
    console.log(
      `  loaded ${zones.toLocaleString('en-US')} zones in ${ready.seconds.toFixed(1)} s (${ready.database})`,
    );
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = { 'Blade-Auth': `bearer ${await signIn(base)}` };
    const next = random(1015);
    const points = Array.from({ length: 1000 }, () =>
      JSON.stringify({ geometry: { type: 'Point', coordinates: inChina(next).map(round) } }),
    );
    const routes = Array.from({ length: 20 }, () => route(next));
    const routeBodies = routes.map((geometry) => JSON.stringify({ geometry }));
    const common = { base, headers, duration, connections };
    const results = [
      {
        ...(await scenario({ ...common, name: 'areaQuery, point', path: QUERY, bodies: points })),
        target: TARGETS.point,
      },
      {
        ...(await scenario({
          ...common,
          name: 'areaQuery, 1,000-vertex route',
          path: QUERY,
          bodies: routeBodies,
        })),
        target: TARGETS.route,
      },
      await scenario({ ...common, name: 'check, 1,000-vertex route', path: CHECK, bodies: routeBodies }),
    ];
    const text = section(results, {
      database,
      zones,
      duration,
      connections,
      load,
      seedSeconds: ready.seconds,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      note: flag('note', ''),
    });
    console.log(`\n${text}\n`);
    if (process.argv.includes('--write')) writeSection(database, text);
    if (results.some((row) => row.loaded.errors || row.loaded.non2xx)) exitCode = 1;
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    server.send({ type: 'close' });
    await waitFor(server, 'closed', 60_000).catch(() => server.kill());
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') await infrastructure.dropBenchDatabase().catch(() => undefined);
  }
  process.exit(exitCode);
}

if (process.argv.includes('--child')) await child();
else await parent();
