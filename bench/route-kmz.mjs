// Route KMZ read and write (issue 16): how long @aos/wpml (packages/wpml) takes to read (`readKmz`: unzip, parse,
// build and check the model, recompute the figures) and to write (`writeKmz`: both XML files, zip, MD5) a
// route of 1,000 and 2,000 waypoints. Target: p99 under 200 ms each for 1,000 waypoints.
//
//   npx tsc -b packages/contract packages/wpml    # the benchmark loads packages/wpml/dist
//   node bench/route-kmz.mjs [--runs N] [--warmup N] [--compare DIR] [--write]
//
// --runs N      timed runs per case and operation after the warm-up (default 50, at least 30 for a p99)
// --warmup N    untimed runs first (default 10)
// --compare DIR a second build (packages/wpml/dist, or apps/server/dist from before the package; e.g. one made from an older commit and copied aside) run
//               in the same process, alternating run by run with this one, so both see the same machine load
//               (on the 1,000-waypoint routes)
// --write       append a section to bench/RESULTS.md (replacing this benchmark's earlier section)
//
// Routes: "planned" is a waypoint route planned by the contract (planDesign + waylineFileOf for a Matrice 3TD)
// with actions at every point as an inspection route has them (turn the aircraft, pitch the gimbal, zoom,
// photo, and a hover or a recording start/stop here and there); "fixture" is the real DJI file of
// apps/server/test/fixtures/route (Matrice 3TD, WPML 1.0.6) with its three DJI-written points repeated.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { localPlane, planDesign, RouteDesign, waylineFileOf } from '../packages/contract/dist/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(flag('--runs', 50));
const WARMUP = Number(flag('--warmup', 10));
const COMPARE = flag('--compare', undefined);
const WRITE = process.argv.includes('--write');
const SIZES = [1000, 2000];

/** `dist`: packages/wpml/dist, or (to compare with a build from before the package) an apps/server/dist */
async function load(dist) {
  const base = pathToFileURL(`${dist.replace(/\/$/, '')}/`);
  const folder = existsSync(new URL('read.js', base)) ? '' : 'modules/route/wpml/';
  const read = await import(new URL(`${folder}read.js`, base).href);
  const write = await import(new URL(`${folder}write.js`, base).href);
  return { readKmz: read.readKmz, readWpmlTexts: read.readWpmlTexts, writeKmz: write.writeKmz };
}
const impls = [['now', await load(`${root}packages/wpml/dist`)]];
if (COMPARE) impls.unshift(['before', await load(COMPARE)]);
const current = impls.at(-1)[1];

// ------------------------------------------------------------------------------------------------ routes

const plane = localPlane([116.4, 39.9]);
/** An inspection route of `n` points along a wavy line, 20 m apart; every point has a few actions. */
function plannedRoute(n) {
  const waypoints = Array.from({ length: n }, (_, i) => {
    const actions = [
      { type: 'rotateYaw', headingDeg: ((i * 7) % 360) - 180 },
      { type: 'gimbalRotate', pitchDeg: -30 - (i % 60) },
      { type: 'zoom', focalLengthMm: 24 + (i % 5) * 10 },
      { type: 'takePhoto' },
    ];
    if (i % 10 === 0) actions.push({ type: 'hover', hoverTimeS: 2 });
    if (i % 50 === 0) actions.unshift({ type: 'startRecord' });
    if (i % 50 === 49) actions.push({ type: 'stopRecord' });
    return {
      position: plane.toLonLat([i * 20, 150 * Math.sin(i / 25)]),
      heightM: 60 + 20 * Math.sin(i / 40),
      speedMS: 6 + (i % 4),
      actions,
    };
  });
  const design = RouteDesign.parse({
    kind: 'waypoint',
    params: { defaults: { heightM: 80, speedMS: 8 }, waypoints },
  });
  const planned = planDesign(design);
  if (!planned.ok) throw new Error(`planning refused: ${planned.error.key}`);
  return waylineFileOf(design, planned.plan, {
    aircraftModelId: 'dji-m3td',
    now: 1_764_000_000_000,
    author: 'bench',
  });
}

/** The real DJI file's three DJI-written points repeated to `n` (indices and action groups renumbered). */
function fixtureRoute(n) {
  const dir = `${root}apps/server/test/fixtures/route/m3td-tum-makeathon/wpmz/`;
  // the fourth placemark was appended by the fixture's repository (see wpml.test.ts): DJI's points only
  const dji = (text) => text.replace(/\n {4}<Placemark>[\s\S]*?<\/Placemark>/, '');
  const { model } = current.readWpmlTexts(
    dji(readFileSync(`${dir}template.kml`, 'utf8')),
    dji(readFileSync(`${dir}waylines.wpml`, 'utf8')),
  );
  const repeat = (placemarks) =>
    Array.from({ length: n }, (_, i) => {
      const from = placemarks[i % placemarks.length];
      const lap = Math.floor(i / placemarks.length);
      return {
        ...from,
        position: [from.position[0] + lap * 1e-4, from.position[1]],
        index: i,
        actionGroups: from.actionGroups.map((group, g) => ({
          ...group,
          actionGroupId: i * 4 + g,
          actionGroupStartIndex: i,
          actionGroupEndIndex: i,
        })),
      };
    });
  return {
    ...model,
    template: { ...model.template, placemarks: repeat(model.template.placemarks) },
    waylines: model.waylines.map((line) => ({ ...line, placemarks: repeat(line.placemarks) })),
  };
}

// --------------------------------------------------------------------------------------------- measuring

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) };
};
const time = (run) => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
const load1 = () => os.loadavg()[0];

const cases = [];
for (const n of SIZES) {
  cases.push({ name: `planned, ${n.toLocaleString('en-US')} waypoints`, n, model: plannedRoute(n) });
  cases.push({ name: `DJI fixture ×, ${n.toLocaleString('en-US')} waypoints`, n, model: fixtureRoute(n) });
}

const startedAt = new Date();
const loadBefore = os.loadavg();
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; ` +
    `${WARMUP} warm-up + ${RUNS} timed runs per case${COMPARE ? `, alternating ${impls.map(([n]) => n).join(' / ')}` : ''}\n`,
);

const rows = [];
for (const item of cases) {
  for (const op of ['read', 'write']) {
    // each implementation reads the bytes it wrote itself (both write the same model)
    // the older build on the 1,000-waypoint routes only (it is the slow one; the 2,000 ones would take long)
    const jobs = impls
      .filter(([label]) => label === 'now' || item.n === 1000)
      .map(([label, impl]) => {
        const written = impl.writeKmz(item.model);
        const back = impl.readKmz(written.data).model;
        const points = back.waylines[0].placemarks.length;
        if (points !== item.n) throw new Error(`${label} ${item.name}: read ${points} points back`);
        const run = op === 'read' ? () => impl.readKmz(written.data) : () => impl.writeKmz(item.model);
        return {
          label,
          run,
          times: [],
          kB: written.data.length / 1024,
          xmlKB: (written.templateKml.length + written.waylinesWpml.length) / 1024,
        };
      });
    for (let i = 0; i < WARMUP; i++) for (const job of jobs) job.run();
    const loads = [];
    for (let i = 0; i < RUNS; i++) {
      // alternate the order too, so neither always runs right after the other's garbage
      const order = i % 2 ? [...jobs].reverse() : jobs;
      for (const job of order) job.times.push(time(job.run));
      if (i % 10 === 0) loads.push(load1());
    }
    for (const job of jobs) {
      const s = stats(job.times);
      const row = {
        case: item.name,
        n: item.n,
        op,
        impl: job.label,
        ...s,
        kB: job.kB,
        xmlKB: job.xmlKB,
        load: Math.max(...loads),
      };
      rows.push(row);
      console.log(
        `${op.padEnd(5)} ${item.name.padEnd(32)} ${job.label.padEnd(6)} p50 ${s.p50.toFixed(1).padStart(7)} ms  ` +
          `p95 ${s.p95.toFixed(1).padStart(7)} ms  p99 ${s.p99.toFixed(1).padStart(7)} ms  ` +
          `(${job.kB.toFixed(0)} kB zipped, ${job.xmlKB.toFixed(0)} kB XML; load ≤ ${row.load.toFixed(2)})`,
      );
    }
  }
}
const loadAfter = os.loadavg();
console.log(`\nload average at the end ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);

// ---------------------------------------------------------------------------------------------- --write

if (WRITE) {
  const file = `${root}bench/RESULTS.md`;
  const start = '<!-- route-kmz:start -->';
  const end = '<!-- route-kmz:end -->';
  const stamp = `${startedAt.toISOString().slice(0, 10)} ${startedAt.toISOString().slice(11, 16)} UTC`;
  const verdict = (row) =>
    row.n === 1000 && row.impl === 'now' ? (row.p99 < 200 ? '< 200 ms: met' : '< 200 ms: not met') : '';
  const ms = (value) => value.toFixed(1);
  const ROUTE_KMZ_INTRO =
    '`readKmz` and `writeKmz` of modules/route/wpml (apps/server/dist) on waypoint routes: "planned" is a route the contract plans ' +
    'with actions at every point, "DJI fixture ×" the real Matrice 3TD file of test/fixtures/route with its points repeated. ' +
    'Target (issue 16): p99 under 200 ms each for 1,000 waypoints. The table between the markers is rewritten by `--write`.';
  const lines = [
    `### ${stamp}`,
    '',
    `${WARMUP} warm-up and ${RUNS} timed runs per case and operation${COMPARE ? `, the build before (\`${COMPARE.replace(root, '')}\`) and now alternating run by run in one process` : ''}. ` +
      `Machine: ${os.cpus().length} cores shared with other work, load average ${loadBefore[0].toFixed(2)} at the start and ${loadAfter[0].toFixed(2)} at the end (1-minute); Node.js ${process.version}. ` +
      'Read: `readKmz` of the bytes `writeKmz` gave (unzip, parse, model, checks, figures); write: `writeKmz` of the model (both XML files, zip, MD5).',
    '',
    '| Route | Operation | Build | p50 (ms) | p95 (ms) | p99 (ms) | target p99 | KMZ (kB) | XML (kB) | load ≤ |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.case} | ${row.op} | ${row.impl} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${verdict(row)} | ${row.kB.toFixed(0)} | ${row.xmlKB.toFixed(0)} | ${row.load.toFixed(2)} |`,
    ),
  ];
  const section = `${start}\n\n${lines.join('\n')}\n\n${end}`;
  let text = readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) text = text.slice(0, from) + section + text.slice(to + end.length);
  else
    text = `${text.trimEnd()}\n\n## Route KMZ read and write (bench/route-kmz.mjs)\n\n${ROUTE_KMZ_INTRO}\n\n${section}\n`;
  writeFileSync(file, text);
  console.log(`written to ${file}`);
}
