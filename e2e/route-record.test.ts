import { DRONE_MODE } from '@aos/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimFleet } from '../apps/device-sim/src/index.js';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
} from './harness.js';
import { simulatedDock } from './sim.js';

/**
 * Recording a route from a flight (route manager → "record a route", spec §7 recordtask): a simulated dock's
 * aircraft (apps/device-sim over MQTT on the platform's embedded broker) is recorded while it flies an L by
 * hand (manual mode, the simulator moving it), finishing makes the waypoint route, which opens in the editor;
 * a recording while it only hovers fails with the reason, in English.
 */
const env = onePlatform({ MQTT_ENABLED: 'true', MQTT_PORT: '0', DEVICE_OFFLINE_MS: '5000' });
const DOCK_SN = 'E2ERECDOCK01';
const DRONE_SN = 'E2ERECUAV01';
const HOME = { longitude: 113.943, latitude: 22.525 };
const SCREEN = '/route-mission/route';
let fleet: SimFleet;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ fleet } = await simulatedDock(
    env.platform,
    { dockSn: DOCK_SN, droneSn: DRONE_SN, ...HOME, dronePoweredOn: true },
    { timeScale: 0.5, seed: 11 },
  ));
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await fleet?.stop();
});

async function openManager(language: 'zh-CN' | 'en-US'): Promise<Page> {
  const { context, page } = await newPage(env.browser, language);
  contexts.push(context);
  await (language === 'en-US' ? signedInEnglish : signedIn)(page, env.platform);
  await page.goto(`${env.platform.url}${SCREEN}`);
  await ready(page);
  await page.getByTestId('route-record').click();
  await page.getByTestId('record-drawer').waitFor();
  return page;
}

async function startRecording(page: Page, name: string) {
  await page.getByTestId('record-start').click();
  await page.getByTestId('record-name').fill(name);
  await page.getByTestId('field-record-drone').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DRONE_SN })
    .first()
    .click();
  await page.getByTestId('record-tolerance').fill('1');
  await page.getByTestId('record-spacing').fill('2');
  await page.getByTestId('record-start-submit').click();
  await page.getByTestId('record-name').waitFor({ state: 'hidden' });
  return page.locator('[data-testid="record-table"] tr', { hasText: name });
}

/** Metres north / east of the dock, as a point of the simulator. */
const at = (north: number, east: number, elevation: number) => ({
  latitude: HOME.latitude + north / 111_195,
  longitude: HOME.longitude + east / (111_195 * Math.cos((HOME.latitude * Math.PI) / 180)),
  elevation,
});

describe('recording a route from a flight', () => {
  it('records the aircraft flown by hand, makes the route and opens it in the editor (zh-CN)', async () => {
    const page = await openManager('zh-CN');
    await hasText(page.getByTestId('record-drawer'), '由飞行录制航线');
    const row = await startRecording(page, '东侧L形录制');
    await hasText(row.getByTestId('record-status'), '录制中');

    // by hand: up to 30 m, 80 m north, then 80 m east climbing to 45 m (the simulator flies it, twice real speed)
    const drone = fleet.drone(DRONE_SN);
    drone.beginFlight();
    drone.fly(
      'fly_to',
      [
        { target: at(0, 0, 30), speed: 8, climbRate: 5, verticalFirst: true },
        { target: at(80, 0, 30), speed: 8, climbRate: 3 },
        { target: at(80, 80, 45), speed: 8, climbRate: 3 },
      ],
      null,
      DRONE_MODE.MANUAL,
    );
    // the list reads the recording again while it is open: its positions grow
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="record-points"]')?.textContent ?? 0) >= 8,
      undefined,
      { timeout: 40_000 },
    );
    for (let waited = 0; drone.mission && waited < 40_000; waited += 250) await page.waitForTimeout(250);
    expect(drone.mission).toBeNull();
    await page.waitForTimeout(1500); // a last position or two at the end
    await page.screenshot({ path: screenshotPath('route-record-zh-recording') });

    await row.getByTestId('record-finish').click();
    await page.getByTestId('confirm-record-finish').click();
    await hasText(page.locator('.ant-message'), '已由飞行生成航线“东侧L形录制”');
    await hasText(row.getByTestId('record-status'), '已生成航线');
    const waypoints = Number(await row.getByTestId('record-waypoints').textContent());
    expect(waypoints).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: screenshotPath('route-record-zh') });

    // the route is in the manager, and opens in the editor with the waypoints made
    await row.getByTestId('record-open-route').click();
    await page.getByTestId('route-editor').waitFor();
    await page.locator('[data-testid="route-editor-map"][data-state="ready"][data-editor="ready"]').waitFor();
    expect(await page.getByTestId('route-editor-name').inputValue()).toBe('东侧L形录制');
    expect(Number(await page.getByTestId('figure-waypoints').getAttribute('data-value'))).toBe(waypoints);
    await page.screenshot({ path: screenshotPath('route-record-zh-editor') });
  }, 120_000);

  it('fails a recording while the aircraft only hovers, saying why (en-US)', async () => {
    const page = await openManager('en-US');
    await hasText(page.getByTestId('record-drawer'), 'Record a route from a flight');
    await hasText(page.getByTestId('record-table'), 'Route made');
    const row = await startRecording(page, 'Hover only');
    await hasText(row.getByTestId('record-status'), 'Recording');
    // the aircraft hovers where it arrived: positions arrive, but no path
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="record-table"] tr')];
        const hover = rows.find((tr) => tr.textContent?.includes('Hover only'));
        return Number(hover?.querySelector('[data-testid="record-points"]')?.textContent ?? 0) >= 2;
      },
      undefined,
      { timeout: 20_000 },
    );
    await row.getByTestId('record-finish').click();
    await page.getByTestId('confirm-record-finish').click();
    await hasText(row.getByTestId('record-status'), 'Failed');
    await hasText(
      row.getByTestId('record-reason'),
      /the recorded path is too short \(\d+(\.\d)? m\) for two waypoints/,
    );
    expect(await row.getByTestId('record-open-route').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('route-record-en') });
  }, 60_000);
});
