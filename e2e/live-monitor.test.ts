import { deviceTopic } from '@aos/contract';
import type { MqttClient } from 'mqtt';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asDevice,
  connectDevice,
  endDevices,
  envelope,
  nextSerial,
  publish,
  topo,
  type Registered,
} from '../apps/server/test/device-helper.js';
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
 * The live map with devices driven from the test: a dock and its drone registered through the API speak MQTT
 * to the embedded broker with the credentials it issued; the console follows them over /api/ws.
 */
const env = onePlatform({
  MQTT_ENABLED: 'true',
  MQTT_PORT: '0',
  HOST: '127.0.0.1',
  DEVICE_OFFLINE_MS: '4000',
  SIMULATOR: '0',
});

const DOCK = '北岭机库';
const WET_DOCK = '河湾机库';
const SILENT_DOCK = '南山机库';
const DRONE = '巡检一号';
const HOME: [number, number] = [113.9361, 22.5431];
let context: BrowserContext;
let page: Page;
let token = '';
let drone: Registered;
let dock: Registered;
let wetDock: Registered;
let client: MqttClient;
let wet: MqttClient;
/** The devices' latest telemetry, published again every second (a silent device goes offline). */
const latest = new Map<string, { client: MqttClient; osd: Record<string, unknown> }>();
let heartbeat: ReturnType<typeof setInterval> | undefined;

async function report(on: MqttClient, sn: string, osd: Record<string, unknown>) {
  latest.set(sn, { client: on, osd });
  await publish(on, sn, 'osd', envelope(undefined, osd));
}
function beat() {
  heartbeat = setInterval(() => {
    for (const [sn, { client: on, osd }] of latest)
      if (on.connected) on.publish(deviceTopic(sn, 'osd'), JSON.stringify(envelope(undefined, osd)));
  }, 1000);
}

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
const registerDock = (name: string, drones: Registered[] = []) => {
  const serialNumber = nextSerial('7CTD');
  return register('/api/cloud-equipment/uavhangar/submit', {
    name,
    type: 1,
    serialNumber,
    modelId: 'dji-dock2',
    droneIds: drones.map((one) => one.id).join(','),
  });
};

const dockOsd = (extra: Record<string, unknown> = {}) => ({
  mode_code: 4,
  cover_state: 1,
  putter_state: 1,
  drone_in_dock: 0,
  drone_charge_state: { state: 0, capacity_percent: 88 },
  temperature: 24.5,
  humidity: 61,
  environment_temperature: 18.2,
  wind_speed: 3.4,
  rainfall: 0,
  flood_state: 0,
  supplement_light_state: 0,
  drone_battery_temperature: 27.5,
  job_number: 37,
  latitude: HOME[1],
  longitude: HOME[0],
  height: 35,
  sub_device: { device_sn: drone.serialNumber, device_online_status: 1, device_paired: 1 },
  ...extra,
});
const droneOsd = (longitude: number, heading: number) => ({
  mode_code: 5,
  longitude,
  latitude: HOME[1] + 0.004,
  height: 155.3,
  elevation: 120.5,
  attitude_head: heading,
  horizontal_speed: 8.3,
  vertical_speed: 0.4,
  home_distance: 460,
  battery: { capacity_percent: 76, remain_flight_time: 1500 },
  track_id: 'live-map-track',
});

/** What the map layer says it draws (sn → position, heading and status), published on the map element. */
async function shown(
  sn: string,
): Promise<{ lon: number; lat: number; heading: number; status: string } | null> {
  const json = await page.getByTestId('live-map').getAttribute('data-devices');
  return json ? ((JSON.parse(json) as Record<string, never>)[sn] ?? null) : null;
}

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
});
afterAll(async () => {
  clearInterval(heartbeat);
  await endDevices();
  await context?.close();
});

/** Register the drone and the three docks (after the empty-tenant check). */
async function registerFleet() {
  drone = await register('/api/cloud-equipment/equipment-management/add', {
    name: DRONE,
    serialNumber: nextSerial('1581F6'),
    type: 1,
    modelId: 'dji-m3td',
  });
  dock = await registerDock(DOCK, [drone]);
  wetDock = await registerDock(WET_DOCK);
  await registerDock(SILENT_DOCK);
}

describe('real-time monitoring', () => {
  it('says so when the tenant has no docks yet', async () => {
    await page.goto(`${env.platform.url}/realtime-monitoring/index`);
    await page.locator('[data-testid="live-connection"][data-state="open"]').waitFor();
    await ready(page);
    await hasText(page.getByTestId('live-empty'), '本租户还没有机库');
    expect(await page.getByTestId('live-online-count').innerText()).toBe('在线 0 / 共 0');
  });

  it('shows the docks of the tenant, the drone flying with its telemetry, and the dock panel', async () => {
    await registerFleet();
    const url = `mqtt://127.0.0.1:${env.platform.app.deviceBroker!.port}`;
    client = await connectDevice(url, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
    await report(client, dock.serialNumber, dockOsd());
    await report(client, drone.serialNumber, droneOsd(HOME[0] + 0.002, 45));
    wet = await connectDevice(url, asDevice(wetDock.credential));
    await report(
      wet,
      wetDock.serialNumber,
      dockOsd({
        mode_code: 0,
        flood_state: 1,
        rainfall: 3,
        longitude: HOME[0] - 0.03,
        latitude: HOME[1] - 0.012,
        sub_device: {},
      }),
    );
    beat();

    await page.goto(`${env.platform.url}/realtime-monitoring/index`);
    await page.locator('[data-testid="live-connection"][data-state="open"]').waitFor();
    await ready(page);
    const item = page.getByTestId(`live-item-${dock.serialNumber}`);
    await hasText(item, DOCK);
    await hasText(item, DRONE);
    await page.locator(`[data-testid="live-item-${dock.serialNumber}"][data-status="flying"]`).waitFor();
    await page.locator(`[data-testid="live-item-${wetDock.serialNumber}"][data-status="alarm"]`).waitFor();
    await hasText(page.getByTestId('live-list'), SILENT_DOCK);
    expect(await page.getByTestId('live-online-count').innerText()).toBe('在线 2 / 共 3');

    // the search narrows the list by name or serial number
    await page.getByTestId('live-search').fill('河湾');
    await page.getByTestId(`live-item-${dock.serialNumber}`).waitFor({ state: 'detached' });
    await page.getByTestId('live-search').fill('');

    await item.click();
    const panel = page.getByTestId('live-panel');
    await hasText(panel.getByTestId('dock-state-panel'), DOCK);
    await hasText(panel.getByTestId('dock-reading-cabinTemperature'), '24.5');
    await hasText(panel.getByTestId('dock-reading-windSpeed'), '3.4');
    await hasText(panel.getByTestId('drone-reading-mode'), '航线飞行');
    await hasText(panel.getByTestId('drone-reading-elevation'), '120.5 米');
    await hasText(panel.getByTestId('drone-reading-horizontalSpeed'), '8.3 米/秒');
    await hasText(panel.getByTestId('drone-reading-heading'), '45°');
    await hasText(panel.getByTestId('drone-reading-battery'), '76%');
    await hasText(panel.getByTestId('drone-reading-homeDistance'), '460 米');
    expect(await panel.getByTestId('live-remote-control').getAttribute('href')).toBe(
      `/remote-control?sn=${dock.serialNumber}`,
    );

    await expect
      .poll(() => shown(dock.serialNumber))
      .toMatchObject({ kind: 'dock', lon: HOME[0], status: 'flying' });
    await expect.poll(() => shown(drone.serialNumber)).toMatchObject({ lon: HOME[0] + 0.002, heading: 45 });
  });

  it('moves and turns the drone when new telemetry arrives, leaving a trail', async () => {
    for (let step = 1; step <= 4; step += 1) {
      await report(client, drone.serialNumber, droneOsd(HOME[0] + 0.002 + step * 0.0015, 45 + step * 10));
      await page.waitForTimeout(300);
    }
    await expect
      .poll(() => shown(drone.serialNumber))
      .toMatchObject({ lon: HOME[0] + 0.008, heading: 85, status: 'flying' });
    await hasText(page.getByTestId('drone-reading-heading'), '85°');
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('live-monitor-zh-CN') });
  });

  it('shows only the statuses chosen on the legend, in the list and on the map', async () => {
    const items = () =>
      page
        .locator('[data-testid^="live-item-"]')
        .evaluateAll((found) => found.map((item) => item.dataset.status));
    await page.getByTestId('live-legend-alarm').click();
    expect(await page.getByTestId('live-legend-alarm').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(items).toEqual(['alarm']);
    await expect.poll(() => shown(dock.serialNumber)).toBeNull();
    await expect.poll(() => shown(drone.serialNumber)).toBeNull();
    await expect.poll(() => shown(wetDock.serialNumber)).toMatchObject({ status: 'alarm' });
    // several statuses may be chosen; the count above the list stays the fleet's
    await page.getByTestId('live-legend-flying').click();
    await expect.poll(items).toEqual(['alarm', 'flying']);
    await expect.poll(() => shown(drone.serialNumber)).toMatchObject({ status: 'flying' });
    expect(await page.getByTestId('live-online-count').innerText()).toBe('在线 2 / 共 3');
    await still(page, 400);
    await page.screenshot({ path: screenshotPath('live-monitor-filtered') });
    // clearing the last choice shows everything again
    await page.getByTestId('live-legend-alarm').click();
    await expect.poll(items).toEqual(['flying']);
    await page.getByTestId('live-legend-flying').click();
    await expect.poll(items).toEqual(['alarm', 'flying', 'offline']);
    await expect.poll(() => shown(dock.serialNumber)).toMatchObject({ status: 'flying' });
  });

  it('turns the dock and its drone offline when the dock disconnects', async () => {
    latest.delete(dock.serialNumber);
    latest.delete(drone.serialNumber);
    await client.endAsync();
    await page.locator(`[data-testid="live-item-${dock.serialNumber}"][data-status="offline"]`).waitFor();
    await page.locator('[data-testid="dock-state-online"][data-state="offline"]').waitFor();
    await expect.poll(() => shown(drone.serialNumber)).toBeNull();
    await expect.poll(() => shown(dock.serialNumber)).toMatchObject({ status: 'offline' });
  });

  it('reads in English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await english.page.goto(`${env.platform.url}/realtime-monitoring/index`);
      await english.page.locator('[data-testid="live-connection"][data-state="open"]').waitFor();
      await ready(english.page);
      const wet = english.page.getByTestId(`live-item-${wetDock.serialNumber}`);
      await hasText(wet, 'Alarm');
      await wet.click();
      await hasText(english.page.getByTestId('live-alarms'), 'Dock flooded');
      await hasText(english.page.getByTestId('live-alarms'), 'Heavy rain');
      await hasText(english.page.getByTestId('live-online-count'), '1 online of 3');
      await still(english.page);
      await english.page.screenshot({ path: screenshotPath('live-monitor-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
