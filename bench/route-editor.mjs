// Route editor benchmark (issue 16): a 2,000-waypoint route opened in the console's route editor (route
// screen → the route's "edit"), one waypoint dragged across the map for a few seconds in Debian's headless
// Chromium, the frames the page drew counted. Prints frames per second, the frame-gap percentiles and the
// long tasks while dragging; `--write` puts them in bench/RESULTS.md.
//
//   npx tsc -b packages/contract apps/server && npm run build -w @aos/web
//   node bench/route-editor.mjs [--waypoints 2000] [--duration 5] [--write]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { markdownTable, textTable, writeBlock } from './lib/live.mjs';

const { values: args } = parseArgs({
  options: {
    waypoints: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '5' },
    write: { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.waypoints);
const DURATION_S = Number(args.duration);
const PASSWORD = 'Bench@123';
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html')))
  throw new Error('build the console first: npm run build -w @aos/web');
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? NaN;

/** A lawn-mower of COUNT waypoints over about 2 × 2 km round (113.95, 22.54). */
function waypoints() {
  const perRow = 50;
  const rows = Math.ceil(COUNT / perRow);
  const points = [];
  for (let i = 0; i < COUNT; i++) {
    const row = Math.floor(i / perRow);
    const column = row % 2 === 0 ? i % perRow : perRow - 1 - (i % perRow);
    points.push({
      position: [113.94 + (column * 0.02) / perRow, 22.53 + (row * 0.018) / rows],
      heightM: 80 + (i % 7) * 5,
    });
  }
  return points;
}

/** In the page: every animation frame's time and every long task, from now on. */
function record() {
  const probe = { frames: [], longTasks: [], on: true };
  const tick = (time) => {
    if (!probe.on) return;
    probe.frames.push(time);
    globalThis.requestAnimationFrame(tick);
  };
  globalThis.requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  globalThis.__editorProbe = probe;
}

/** Web Mercator metres of a longitude/latitude. */
function mercator([lon, lat]) {
  const R = 6378137;
  return [(R * lon * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

const { buildApp } = await import(path.join(root, 'apps/server/dist/app.js'));
const { loadConfig } = await import(path.join(root, 'apps/server/dist/config.js'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'aos-bench-route-editor-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: PASSWORD,
  CAPTCHA_ENABLED: 'false',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, logger: false, consoleDir: dist });
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${app.server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByTestId('login-submit').waitFor({ state: 'visible' });
  await page.getByPlaceholder('用户名').fill('admin');
  await page.getByPlaceholder(/^密码$/).fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home').waitFor({ state: 'visible' });
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')).content);

  const points = waypoints();
  const name = `bench ${COUNT} waypoints`;
  const saved = await app.inject({
    method: 'POST',
    url: '/api/aos-gisservice/routemanageline/submit',
    headers: { 'blade-auth': `bearer ${token}` },
    payload: {
      name,
      aircraftModelId: 'dji-m3e',
      design: {
        kind: 'waypoint',
        params: { defaults: { heightM: 100, speedMS: 10 }, waypoints: points },
        mission: {},
      },
    },
  });
  if (saved.statusCode !== 200) throw new Error(`submit: ${saved.body}`);

  await page.goto(`${url}/route-mission/route`);
  await page.locator('tr', { hasText: name }).getByTestId('row-edit').first().click();
  const map = page.locator(`[data-testid="route-editor-map"][data-state="ready"][data-waypoints="${COUNT}"]`);
  const opened = Date.now();
  await map.waitFor({ timeout: 60_000 });
  await page.getByTestId('figure-length').waitFor();
  const openMs = Date.now() - opened;
  await page.waitForTimeout(1500);

  // the pixel of the middle waypoint, from the view the map publishes
  const box = await map.boundingBox();
  const [cx, cy, resolution] = JSON.parse(await map.getAttribute('data-view'));
  const target = points[Math.floor(COUNT / 2)].position;
  const [mx, my] = mercator(target);
  const start = {
    x: box.x + box.width / 2 + (mx - cx) / resolution,
    y: box.y + box.height / 2 - (my - cy) / resolution,
  };
  const lengthBefore = await page.getByTestId('figure-length').getAttribute('data-value');

  /** Drag from `from` in a loop for the duration; the page's frames and long tasks meanwhile. */
  async function dragLoop(from) {
    await page.evaluate(record);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const began = Date.now();
    let moves = 0;
    while (Date.now() - began < DURATION_S * 1000) {
      moves++;
      const angle = moves / 10;
      await page.mouse.move(from.x + 120 * Math.sin(angle), from.y + 80 * Math.sin(angle * 0.7));
    }
    const ms = Date.now() - began;
    await page.mouse.up();
    const probe = await page.evaluate(() => {
      globalThis.__editorProbe.on = false;
      return globalThis.__editorProbe;
    });
    return { probe, moves, ms };
  }

  const dragged = await dragLoop(start);
  await page.waitForTimeout(1000);
  const lengthAfter = await page.getByTestId('figure-length').getAttribute('data-value');
  if (lengthAfter === lengthBefore)
    throw new Error('the drag did not move the waypoint (the route length did not change)');
  // the same gesture on the map away from the route pans it: what this machine manages with no editing at all
  const panned = await dragLoop({ x: box.x + 80, y: box.y + box.height - 80 });

  const stats = ({ probe, moves, ms }) => {
    const frames = probe.frames;
    const gaps = frames
      .slice(1)
      .map((time, index) => time - frames[index])
      .sort((a, b) => a - b);
    return {
      fps: (((frames.length - 1) * 1000) / (frames.at(-1) - frames[0])).toFixed(1),
      gaps: `${quantile(gaps, 0.5).toFixed(1)} / ${quantile(gaps, 0.95).toFixed(1)} / ${gaps.at(-1).toFixed(1)} ms`,
      moves: `${moves} in ${ms} ms`,
      longTasks: `${probe.longTasks.length}, ${probe.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
    };
  };
  const drag = stats(dragged);
  const pan = stats(panned);
  const rows = [
    ['measure', 'value'],
    ['waypoints', String(COUNT)],
    ['editor open (row edit → map with every waypoint and the figures)', `${openMs} ms`],
    ['dragging a waypoint: frames per second', drag.fps],
    ['dragging: frame gap median / p95 / max', drag.gaps],
    ['dragging: pointer moves delivered', drag.moves],
    ['dragging: long tasks (count, total)', drag.longTasks],
    ['baseline, panning the same map: frames per second', pan.fps],
    ['panning: frame gap median / p95 / max', pan.gaps],
    ['panning: pointer moves delivered', pan.moves],
  ];
  console.log(textTable(rows));
  if (args.write) {
    writeBlock(
      '## Route editor',
      'route-editor',
      [
        markdownTable(rows),
        '',
        `- Date: ${new Date().toISOString().slice(0, 10)}; Node ${process.version}; Debian Chromium headless (software rendering); server and browser on the same 2-core machine (shared with other work), PGlite.`,
        '- The route is saved through the API, opened from the route screen; one waypoint is dragged in a loop for the whole duration (playwright mouse moves as fast as they go); the frames are the page’s requestAnimationFrame callbacks.',
      ].join('\n'),
    );
  }
  await context.close();
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
