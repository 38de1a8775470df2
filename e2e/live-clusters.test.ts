import { deviceTopic } from '@aos/contract';
import type { MqttClient } from 'mqtt';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asDevice,
  connectDevice,
  endDevices,
  envelope,
  publish,
  registerDock,
  registerDrone,
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
} from './harness.js';

/**
 * Docks close together are drawn as one circle with their count while zoomed out, coloured by the most
 * urgent status among them; clicking the circle zooms in until they are drawn apart.
 */
const env = onePlatform({
  MQTT_ENABLED: 'true',
  MQTT_PORT: '0',
  HOST: '127.0.0.1',
  DEVICE_OFFLINE_MS: '60000',
  SIMULATOR: '0',
});

interface Cluster {
  docks: string[];
  status: string;
  pixel: [number, number];
}

const SITE: [number, number] = [113.9361, 22.5431];
/** four docks within 300 m of each other, one of them flooded, and one 25 km away */
const OFFSETS: Array<[number, number]> = [
  [0, 0],
  [0.0021, 0.0008],
  [-0.0012, 0.0019],
  [0.0009, -0.0017],
];
let context: BrowserContext;
let page: Page;
const site: Registered[] = [];
let far: Registered;
let drone: Registered;
let farDrone: Registered;
const devices: Array<{ client: MqttClient; sn: string; osd: Record<string, unknown> }> = [];
let heartbeat: ReturnType<typeof setInterval> | undefined;

const osd = (lon: number, lat: number, flooded = false) => ({
  mode_code: 0,
  cover_state: 0,
  putter_state: 0,
  drone_in_dock: 1,
  flood_state: flooded ? 1 : 0,
  longitude: lon,
  latitude: lat,
  height: 30,
});

async function shown(): Promise<Record<string, { status: string; clustered: boolean }>> {
  const json = await page.getByTestId('live-map').getAttribute('data-devices');
  return json ? (JSON.parse(json) as Record<string, { status: string; clustered: boolean }>) : {};
}

async function clusters(): Promise<Cluster[]> {
  const json = await page.getByTestId('live-map').getAttribute('data-clusters');
  return json ? (JSON.parse(json) as Cluster[]) : [];
}

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  const url = `mqtt://127.0.0.1:${env.platform.app.deviceBroker!.port}`;
  drone = await registerDrone(env.platform.app, token);
  farDrone = await registerDrone(env.platform.app, token);
  for (const [index, [dx, dy]] of OFFSETS.entries()) {
    const bound = [[drone], [farDrone]][index] ?? [];
    const dock = await registerDock(env.platform.app, token, bound);
    site.push(dock);
    const client = await connectDevice(url, asDevice(dock.credential));
    devices.push({ client, sn: dock.serialNumber, osd: osd(SITE[0] + dx, SITE[1] + dy, index === 2) });
    const [aircraft] = bound;
    if (!aircraft) continue;
    // the first dock's drone flies 150 m north of it, the second's 11 km south-east
    await publish(client, dock.serialNumber, 'status', topo([{ sn: aircraft.serialNumber }]));
    devices.at(-1)!.osd.drone_in_dock = 0;
    const [lon, lat] = index === 0 ? [SITE[0], SITE[1] + 0.0014] : [SITE[0] + 0.1, SITE[1] - 0.05];
    devices.push({
      client,
      sn: aircraft.serialNumber,
      osd: { mode_code: 5, longitude: lon, latitude: lat, height: 120, attitude_head: 30 },
    });
  }
  far = await registerDock(env.platform.app, token);
  const client = await connectDevice(url, asDevice(far.credential));
  devices.push({ client, sn: far.serialNumber, osd: osd(SITE[0] + 0.25, SITE[1] + 0.06) });
  const beat = () => {
    for (const device of devices)
      device.client.publish(deviceTopic(device.sn, 'osd'), JSON.stringify(envelope(undefined, device.osd)));
  };
  beat();
  heartbeat = setInterval(beat, 1000);
});
afterAll(async () => {
  clearInterval(heartbeat);
  await endDevices();
  await context?.close();
});

describe('dock clusters on the live map', () => {
  it('draws close docks as one circle in alarm, and zooms in to draw them apart when clicked', async () => {
    await page.goto(`${env.platform.url}/realtime-monitoring/index`);
    await page.locator('[data-testid="live-connection"][data-state="open"]').waitFor();
    await ready(page);
    // the first view shows every dock: the site's four are one cluster, the far dock stands alone
    await expect.poll(clusters, { timeout: 15_000 }).toEqual([
      {
        docks: expect.arrayContaining(site.map((dock) => dock.serialNumber)) as string[],
        status: 'alarm',
        pixel: expect.any(Array) as [number, number],
      },
    ]);
    const [cluster] = await clusters();
    expect(cluster!.docks).toHaveLength(4);
    expect(cluster!.docks).not.toContain(far.serialNumber);
    // a drone flying near its dock is part of the dock's cluster until the docks are drawn apart; one far
    // out is drawn where it is
    // the drones' states come with their next telemetry: polled, as a loaded machine may draw the docks first
    await expect
      .poll(async () => (await shown())[drone.serialNumber])
      .toMatchObject({ status: 'flying', clustered: true });
    expect((await shown())[site[1]!.serialNumber]).toMatchObject({ clustered: true });
    await expect
      .poll(async () => (await shown())[farDrone.serialNumber])
      .toMatchObject({ status: 'flying', clustered: false });
    expect((await shown())[far.serialNumber]).toMatchObject({ clustered: false });
    // hovering names the cluster's docks, the one in alarm first
    const box = (await page.getByTestId('live-map').boundingBox())!;
    await page.mouse.move(box.x + cluster!.pixel[0], box.y + cluster!.pixel[1]);
    const card = page.getByTestId('live-hover');
    await hasText(card, '4 个机库');
    expect(await card.locator('.live-hover__row').count()).toBe(4);
    expect(await card.locator('.live-hover__row').first().innerText()).toMatch(
      new RegExp(`${site[2]!.serialNumber}\\s+告警`),
    );
    await hasText(card, '点击放大');
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('live-clusters') });

    await page.mouse.click(box.x + cluster!.pixel[0], box.y + cluster!.pixel[1]);
    await card.waitFor({ state: 'detached' });
    await expect.poll(clusters, { timeout: 10_000 }).toEqual([]);
    // every dock of the site is now drawn on its own, inside the map
    // (the clusters and the devices are published together once the view settles; poll both)
    await expect
      .poll(
        async () => {
          const opened = await shown();
          return site.map((dock) => opened[dock.serialNumber]);
        },
        { timeout: 10_000 },
      )
      .toEqual(
        ['flying', 'flying', 'alarm', 'online'].map((status) =>
          expect.objectContaining({ status, clustered: false }),
        ),
      );
    await expect.poll(async () => (await shown())[drone.serialNumber]?.clustered).toBe(false);
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('live-clusters-opened') });
  });

  it('focuses a dock chosen in the list out of its cluster', async () => {
    await page.goto(`${env.platform.url}/realtime-monitoring/index`);
    await ready(page);
    await expect.poll(async () => (await clusters()).length, { timeout: 15_000 }).toBe(1);
    await page.getByTestId(`live-item-${site[1]!.serialNumber}`).click();
    await page.getByTestId('live-panel').waitFor();
    await expect.poll(clusters, { timeout: 10_000 }).toEqual([]);
  });

  it('reads in English, the legend filter included', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      const on = english.page;
      await signedInEnglish(on, env.platform);
      await on.goto(`${env.platform.url}/realtime-monitoring/index`);
      await ready(on);
      const map = on.getByTestId('live-map');
      const shownClusters = async () =>
        JSON.parse((await map.getAttribute('data-clusters')) ?? '[]') as Cluster[];
      await expect.poll(async () => (await shownClusters()).length, { timeout: 15_000 }).toBe(1);
      // alarm and flying only: the site's dock with no drone out leaves the cluster
      await on.getByTestId('live-legend-alarm').click();
      await on.getByTestId('live-legend-flying').click();
      await expect.poll(async () => (await shownClusters())[0]?.docks.length).toBe(3);
      const [cluster] = await shownClusters();
      const box = (await map.boundingBox())!;
      await on.mouse.move(box.x + cluster!.pixel[0], box.y + cluster!.pixel[1]);
      const card = on.getByTestId('live-hover');
      await hasText(card, '3 docks');
      await hasText(card, 'Click to zoom in');
      await hasText(card.locator('.live-hover__row').first(), 'Alarm');
      await on.waitForTimeout(300);
      await on.screenshot({ path: screenshotPath('live-clusters-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
