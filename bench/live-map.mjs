// Live map benchmark (issue 6): a fleet of docks, each with its drone circling it, on the embedded broker,
// watched on the console's /realtime-monitoring in Debian's headless Chromium. Measures what the operator's
// browser does with it: how many devices the map shows, the frame rate and frame gaps while every drone
// moves once a second, long tasks, main-thread time and the JavaScript heap.
//
//   npm run build -w @aos/web && npx tsc -b packages/contract apps/server apps/device-sim
//   node bench/live-map.mjs [--docks 100] [--duration 20] [--write]
//
// Processes: this one (the browser), bench/live-server.mjs (the platform, serving the built console) and
// bench/live-devices.mjs (the simulator's LoadFleet with a layout: docks 600 m apart on a grid, drones on
// 250 m circles at 10 m/s, OSD at 1 Hz).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { forkChild, markdownTable, sleep, textTable, writeBlock } from './lib/live.mjs';

const { values: args } = parseArgs({
  options: {
    docks: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    write: { type: 'boolean', default: false },
  },
});
const DOCKS = Number(args.docks);
const DURATION_S = Number(args.duration);
const ADMIN_PASSWORD = 'Bench@123';
const CONSOLE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/dist');
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? NaN;

/** In the page: every animation frame's time and every long task, from now on. */
function record() {
  const probe = { frames: [], longTasks: [] };
  const tick = (time) => {
    probe.frames.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  window.__mapProbe = probe;
}

async function main() {
  if (!existsSync(path.join(CONSOLE_DIR, 'index.html')))
    throw new Error('build the console first: npm run build -w @aos/web');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aos-map-bench-'));
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    const server = forkChild('live-server.mjs', {
      BENCH_MQTT_URL: '',
      BENCH_DEVICES: String(DOCKS * 2),
      BENCH_DATA_DIR: dir,
      BENCH_DATABASE_URL: '',
      BENCH_REDIS_URL: '',
      BENCH_CONSOLE_DIR: CONSOLE_DIR,
      BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
      BENCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null)
        await server.request({ type: 'close' }, 'closed').catch(() => server.child.kill());
    });
    const ready = await server.next('ready');
    const url = `http://127.0.0.1:${ready.port}`;
    const fleet = forkChild('live-devices.mjs');
    cleanups.push(() => fleet.child.kill());
    await fleet.request(
      {
        type: 'start',
        url: ready.mqttUrl,
        devices: ready.devices,
        stateIntervalMs: 0,
        layout: { longitude: 113.95, latitude: 22.54, spacingM: 600, radiusM: 250, speed: 10 },
      },
      'started',
    );
    console.log(`live map benchmark: ${DOCKS} docks and ${DOCKS} drones circling them, ${DURATION_S} s`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder(/^密码$/).fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home').waitFor({ state: 'visible' });

    const opened = Date.now();
    await page.goto(`${url}/realtime-monitoring`);
    const expected = DOCKS * 2;
    await page.waitForFunction(
      (count) => {
        const json = document.querySelector('[data-testid="live-map"]')?.getAttribute('data-devices');
        return json ? Object.keys(JSON.parse(json)).length >= count : false;
      },
      expected,
      { timeout: 120_000, polling: 250 },
    );
    const allShown = Date.now() - opened;
    await sleep(3000);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = { metrics: await metrics(), server: await server.request({ type: 'usage' }) };
    await page.evaluate(record);
    const started = Date.now();
    await sleep(DURATION_S * 1000);
    const wall = (Date.now() - started) / 1000;
    const probe = await page.evaluate(() => window.__mapProbe);
    const after = { metrics: await metrics(), server: await server.request({ type: 'usage' }) };
    const shown = await page
      .getByTestId('live-map')
      .getAttribute('data-devices')
      .then((json) => Object.values(JSON.parse(json ?? '{}')));
    const clusters = await page
      .getByTestId('live-map')
      .getAttribute('data-clusters')
      .then((json) => JSON.parse(json ?? '[]'));
    const screenshot = path.join(os.tmpdir(), `live-map-${DOCKS}.png`);
    await page.screenshot({ path: screenshot });

    const gaps = probe.frames
      .slice(1)
      .map((time, index) => time - probe.frames[index])
      .sort((a, b) => a - b);
    const busy = (name) => (after.metrics[name] - before.metrics[name]) / wall;
    const ms = (value) => `${value.toFixed(1)} ms`;
    const rows = [
      ['docks / drones', `${DOCKS} / ${DOCKS}`],
      [
        'shown on the map (docks / drones flying)',
        `${shown.filter((d) => d.kind === 'dock').length} / ${shown.filter((d) => d.kind === 'drone').length}`,
      ],
      [
        'at the opening zoom: dock clusters (devices drawn in them)',
        `${clusters.length} (${shown.filter((d) => d.clustered).length})`,
      ],
      ['opening /realtime-monitoring to every device drawn', `${(allShown / 1000).toFixed(1)} s`],
      ['animation frames', `${(probe.frames.length / wall).toFixed(1)} /s`],
      [
        'frame gap p50 / p95 / max',
        `${ms(quantile(gaps, 0.5))} / ${ms(quantile(gaps, 0.95))} / ${ms(gaps.at(-1) ?? NaN)}`,
      ],
      [
        'long tasks (> 50 ms): count / total',
        `${probe.longTasks.length} / ${ms(probe.longTasks.reduce((sum, d) => sum + d, 0))}`,
      ],
      [
        'page main thread busy (all tasks / script)',
        `${(busy('TaskDuration') * 100).toFixed(0)} % / ${(busy('ScriptDuration') * 100).toFixed(0)} %`,
      ],
      ['JavaScript heap used (end)', `${Math.round(after.metrics.JSHeapUsedSize / 2 ** 20)} MiB`],
      ['server CPU (cores)', ((after.server.micros - before.server.micros) / 1e6 / wall).toFixed(2)],
    ];
    console.log(textTable([['measure', 'value'], ...rows]));
    console.log(`screenshot: ${screenshot}`);
    if (args.write) {
      const settings =
        `${DOCKS} docks 600 m apart and ${DOCKS} drones circling them (250 m, 10 m/s), OSD at 1 Hz on the embedded ` +
        `broker and PGlite; the built console's /realtime-monitoring in Debian's headless Chromium (software ` +
        `rendering, 1440 × 900), ${DURATION_S} s measured after every device was drawn; ` +
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} shared by all, Node ${process.version}, ` +
        `${new Date().toISOString().slice(0, 10)}.`;
      writeBlock(
        '## Live map (bench/live-map.mjs)',
        `live-map:${DOCKS}`,
        `${settings}\n\n${markdownTable([['measure', 'value'], ...rows])}`,
      );
    }
    if (shown.length < expected) process.exitCode = 1;
  } finally {
    for (const step of cleanups.reverse()) await step();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
