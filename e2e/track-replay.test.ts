import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../apps/server/src/modules/telemetry/telemetry.writer.js';
import { nextSerial, type Registered } from '../apps/server/test/device-helper.js';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
  still,
} from './harness.js';

/**
 * Track replay over flights stored by the platform's own telemetry writer (the one the device link feeds),
 * here with a controlled clock so a two-minute flight is stored at once.
 */
const env = onePlatform({ SIMULATOR: '0' });

const DOCK = '北岭机库';
const EMPTY_DOCK = '南山机库';
const DRONE = '巡检一号';
const FLIGHT = 'e2e-flight-loop';
const SHORT = 'e2e-flight-short';
const HOME: [number, number] = [113.9361, 22.5431];
const SECONDS = 120;
let context: BrowserContext;
let page: Page;
let token = '';
let drone: Registered;
let dock: Registered;

async function register(url: string, payload: Record<string, unknown>): Promise<Registered> {
  const response = await env.platform.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Registered;
}
const registerDock = (name: string, drones: Registered[] = []) =>
  register('/api/cloud-equipment/uavhangar/submit', {
    name,
    type: 1,
    serialNumber: nextSerial('7CTD'),
    modelId: 'dji-dock2',
    droneIds: drones.map((one) => one.id).join(','),
  });

/** A square loop around the dock at 8 m/s: east, north, west, south, a point a second. */
function loopPoint(index: number) {
  const side = SECONDS / 4;
  const leg = Math.min(3, Math.floor(index / side));
  const along = (index - leg * side) / side;
  const size = 0.006;
  const corners: Array<[number, number]> = [
    [0, 0],
    [size, 0],
    [size, size],
    [0, size],
    [0, 0],
  ];
  const [fromX, fromY] = corners[leg]!;
  const [toX, toY] = corners[leg + 1]!;
  return {
    mode_code: index < SECONDS - 5 ? 5 : 9,
    track_id: FLIGHT,
    longitude: HOME[0] + fromX + (toX - fromX) * along,
    latitude: HOME[1] + fromY + (toY - fromY) * along,
    height: 135 + Math.min(index, 20),
    elevation: 100 + Math.min(index, 20),
    attitude_head: [90, 0, -90, 180][leg],
    horizontal_speed: 8,
    vertical_speed: 0,
    battery: { capacity_percent: 95 - Math.floor(index / 6) },
  };
}

async function storeFlights() {
  let clock = Date.now() - 3_600_000;
  const writer = new TelemetryWriter(env.platform.app.database.db, { now: () => clock, flushMs: 3_600_000 });
  const emit = (osd: Record<string, unknown>, gatewaySn: string | null) =>
    writer.accept({
      device: { tenantId: '000000', serialNumber: drone.serialNumber, kind: 'device', ownerId: drone.id },
      gatewaySn,
      timestamp: clock,
      data: osd,
      osd,
    });
  // an earlier short hop without its dock, then the loop from the dock
  for (let index = 0; index < 20; index += 1, clock += 1000)
    emit({ ...loopPoint(index), track_id: SHORT, latitude: HOME[1] - 0.01 }, null);
  clock += 600_000;
  for (let index = 0; index < SECONDS; index += 1, clock += 1000) emit(loopPoint(index), dock.serialNumber);
  await writer.close();
}

const cursor = async () => (await page.getByTestId('track-map').getAttribute('data-cursor')) ?? '';

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  drone = await register('/api/cloud-equipment/equipment-management/add', {
    name: DRONE,
    serialNumber: nextSerial('1581F6'),
    type: 1,
    modelId: 'dji-m3td',
  });
  dock = await registerDock(DOCK, [drone]);
  await registerDock(EMPTY_DOCK);
  await storeFlights();
});
afterAll(async () => {
  await context?.close();
});

async function chooseDevice(on: Page, label: string) {
  await on.getByTestId('track-device').click();
  await on
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
    .first()
    .click();
  await on.getByTestId('track-search').click();
}

describe('track replay', () => {
  it('lists the flights of the last days, newest first, and filters them by dock', async () => {
    await page.goto(`${env.platform.url}/realtime-monitoring/track/index`);
    await page.getByTestId('track-flights').waitFor();
    await ready(page);
    await hasText(page.getByTestId('track-hint'), '在左侧选择一次飞行');
    const flights = page.getByTestId('track-flights');
    await page.getByTestId(`track-flight-${FLIGHT}`).waitFor();
    await page.getByTestId(`track-flight-${SHORT}`).waitFor();
    await hasText(flights, '共 2 次飞行');
    const items = await flights
      .locator('[role="listitem"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(items).toEqual([`track-flight-${FLIGHT}`, `track-flight-${SHORT}`]);
    await hasText(page.getByTestId(`track-flight-${FLIGHT}`), `${DRONE} · ${DOCK}`);
    await hasText(page.getByTestId(`track-flight-${FLIGHT}`), '时长 1:59');

    await chooseDevice(page, EMPTY_DOCK);
    await hasText(page.getByTestId('track-no-flights'), '所选时间内没有飞行记录');
    await chooseDevice(page, DOCK);
    await hasText(flights, '共 1 次飞行');
    await page.getByTestId(`track-flight-${SHORT}`).waitFor({ state: 'detached' });
  });

  it('draws the chosen flight and replays it with the values at the cursor', async () => {
    await page.getByTestId(`track-flight-${FLIGHT}`).click();
    const player = page.getByTestId('track-player');
    await player.waitFor();
    // at the start: the first point
    await expect.poll(cursor).toBe(`${HOME[0].toFixed(6)},${HOME[1].toFixed(6)},90`);
    await hasText(page.getByTestId('track-value-elevation'), '100 米');
    await hasText(page.getByTestId('track-value-mode'), '航线飞行');
    await hasText(page.getByTestId('track-clock'), '0:00 / 1:59');

    // play at 10×: the drone moves along the path, then pause where it is
    await page.getByTestId('track-play').click();
    await page.locator('[data-testid="track-player"][data-playing="true"]').waitFor();
    await expect.poll(cursor).not.toBe(`${HOME[0].toFixed(6)},${HOME[1].toFixed(6)},90`);
    await page.waitForTimeout(3500);
    await page.getByTestId('track-play').click();
    await page.locator('[data-testid="track-player"][data-playing="false"]').waitFor();
    const paused = await cursor();
    const [lon, lat] = paused.split(',').map(Number);
    expect(lon).toBeGreaterThan(HOME[0]);
    expect(lat).toBeGreaterThanOrEqual(HOME[1]);
    await page.waitForTimeout(300);
    expect(await cursor()).toBe(paused);
    await page.mouse.move(700, 400);
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('track-replay-zh-CN') });

    // 30× to the end: the last point's values, returning home
    await page.getByTestId('track-speed').getByText('30×').click();
    await page.getByTestId('track-play').click();
    await page.locator('[data-testid="track-player"][data-playing="false"]').waitFor({ timeout: 20_000 });
    await hasText(page.getByTestId('track-clock'), '1:59 / 1:59');
    await hasText(page.getByTestId('track-value-mode'), '自动返航');
    await hasText(page.getByTestId('track-value-battery'), '76%');
    await hasText(page.getByTestId('track-value-heading'), '180°');
  });

  it('reads in English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await english.page.goto(`${env.platform.url}/realtime-monitoring/track/index`);
      await ready(english.page);
      await english.page.getByTestId(`track-flight-${FLIGHT}`).click();
      await english.page.getByTestId('track-player').waitFor();
      await hasText(english.page.getByTestId('track-value-mode'), 'Wayline flight');
      await hasText(english.page.getByTestId('track-flights'), '2 flights');
      await english.page.getByTestId('track-player').getByRole('slider').focus();
      // keys move the cursor (one press at a time: a burst could outrun the re-render between presses)
      await english.page.keyboard.press('End');
      await hasText(english.page.getByTestId('track-clock'), '1:59 / 1:59');
      await hasText(english.page.getByTestId('track-value-mode'), 'Returning home');
      await english.page.keyboard.press('ArrowLeft');
      await hasText(english.page.getByTestId('track-clock'), '1:58 / 1:59');
      await english.page.mouse.move(700, 400);
      await still(english.page);
      await english.page.screenshot({ path: screenshotPath('track-replay-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
