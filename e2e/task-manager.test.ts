import { localTimeOf } from '@aos/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
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
  still,
} from './harness.js';
import { platformApi, simulatedDock } from './sim.js';

/**
 * The task manager (/route-mission/task) against the real server and a simulated dock (apps/device-sim)
 * on the platform's embedded broker: a route seeded through the API, a hangar task created in the console a
 * minute ahead (type → route → dock → schedule → checks), seen in the calendar and the list, then followed in
 * its detail as the dock flies it — the hatch opens, the aircraft follows the route and comes home, and the
 * task completes with its flown duration and mileage — and read again in English. The simulator runs five
 * times faster than real time.
 */
const env = onePlatform({ MQTT_ENABLED: 'true', MQTT_PORT: '0', DEVICE_OFFLINE_MS: '5000' });
const SCREEN = '/route-mission/task/index';
const ROUTES = '/api/aos-gisservice/routemanageline';
const TASKS = '/api/cloud-task/project-task';
const DOCK_SN = 'E2ETASKDOCK01';
const DRONE_SN = 'E2ETASKUAV01';
/** the simulator registers the dock as “Simulated dock <sn>”: its serial number finds it */
const DOCK_NAME = DOCK_SN;
const ROUTE = '码头巡检航线';
const TASK = '码头定时巡检';
const HOME: [number, number] = [113.943, 22.525];

let fleet: SimFleet;
let context: BrowserContext;
let page: Page;
let token: string;
let taskId: string;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  platformApi(env.platform, token, method, url, payload);

/** A short waypoint route beside the dock: out 150 m, across, and back. */
const design = {
  kind: 'waypoint',
  params: {
    defaults: { heightM: 60, speedMS: 10 },
    waypoints: [
      { position: [HOME[0] + 0.0005, HOME[1] + 0.0005], actions: [{ type: 'takePhoto' }] },
      { position: [HOME[0] + 0.0015, HOME[1] + 0.0005] },
      { position: [HOME[0] + 0.0015, HOME[1] + 0.0015], actions: [{ type: 'takePhoto' }] },
    ],
  },
};

async function openScreen(on: Page) {
  await on.goto(`${env.platform.url}${SCREEN}`);
  await on.getByTestId('task-manager').waitFor();
  await ready(on);
}

/** Type a time into an antd date picker and confirm it. */
async function pickTime(on: Page, field: Locator, text: string) {
  const input = field.locator('xpath=self::input | .//input').first();
  await input.click();
  await input.fill(text);
  await on.keyboard.press('Enter');
}

const row = (on: Page, name: string) =>
  on
    .getByTestId('task-table')
    .locator('tr', { has: on.getByTestId('task-name').getByText(name, { exact: true }) });
const detailStatus = (on: Page) => on.getByTestId('task-detail-status').getAttribute('data-status');
const mapData = async <T>(on: Page, attribute: string): Promise<T | null> => {
  const text = await on.getByTestId('task-detail-map').getAttribute(attribute);
  return text ? (JSON.parse(text) as T) : null;
};

beforeAll(async () => {
  ({ fleet } = await simulatedDock(
    env.platform,
    { dockSn: DOCK_SN, droneSn: DRONE_SN, longitude: HOME[0], latitude: HOME[1] },
    { timeScale: 0.2, seed: 17, downloads: true },
  ));

  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  await api('POST', `${ROUTES}/submit`, { name: ROUTE, aircraftModelId: 'dji-m3td', design });
});
afterAll(async () => {
  await context?.close();
  await fleet?.stop();
});

describe('task manager', () => {
  it('creates a hangar task a minute ahead, shows it in the calendar and the list, and follows its flight (zh-CN)', async () => {
    await openScreen(page);
    await page.getByTestId('task-add').click();
    const drawer = page.getByTestId('task-create');
    await drawer.waitFor();

    // 1 type and name: a hangar task is the default
    await hasText(drawer.locator('.ant-radio-button-wrapper-checked'), '机库任务');
    await drawer.getByTestId('field-name').fill(TASK);
    await drawer.getByTestId('create-next').click();

    // 2 the route, from the user's routes with their figures
    const choice = drawer.getByTestId('route-choice').filter({ hasText: ROUTE });
    await hasText(choice, '米');
    await choice.click();
    await still(page);
    await page.screenshot({ path: screenshotPath('task-create-route-zh-CN') });
    await drawer.getByTestId('create-next').click();

    // 3 the dock, before the time (spec §5), with its time zone
    await hasText(drawer, '请先选择机库');
    await drawer.getByTestId('create-next').click();
    await hasText(drawer.locator('.ant-form-item-explain-error'), '请选择机库');
    await drawer.getByTestId('field-hangarId').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DOCK_NAME })
      .click();
    const zone = (await drawer.getByTestId('dock-zone').innerText()).trim().split(/\s+/)[0]!;
    expect(zone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+$|^UTC$/);
    await drawer.getByTestId('create-next').click();

    // 4 once, about a minute ahead in the dock's zone (the next whole minute at least 40 s away, time enough to
    // finish the flow): the preview shows that one flight
    await hasText(drawer.getByTestId('schedule-zone'), zone);
    const at = localTimeOf(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000, zone);
    await pickTime(page, drawer.getByTestId('field-at'), at);
    await hasText(drawer.getByTestId('preview-flights'), at);
    await still(page);
    await page.screenshot({ path: screenshotPath('task-create-schedule-zh-CN') });
    await drawer.getByTestId('create-next').click();

    // 5 the route's checks for that dock and time, then submit
    await drawer.getByTestId('checks-step').waitFor();
    await drawer.locator('[data-testid="task-check-ok"], [data-testid="task-checks"]').first().waitFor();
    expect(await drawer.locator('[data-testid="task-check-item"][data-level="block"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('task-create-checks-zh-CN') });
    const submitted = page.waitForResponse((answer) => answer.url().includes(`${TASKS}/submit`));
    await drawer.getByTestId('create-submit').click();
    const answer = await submitted;
    expect(answer.status(), await answer.text()).toBe(200);
    const sent = JSON.parse(answer.request().postData()!);
    expect(sent).toMatchObject({ name: TASK, type: 2, schedule: { mode: 'once', at } });
    taskId = ((await answer.json()) as { data: { id: string } }).data.id;
    await hasText(page.locator('.ant-message'), `任务“${TASK}”已创建`);
    await drawer.waitFor({ state: 'hidden' });

    // the list: pending, or received once its dock took it ahead of its time; its route and dock, the next flight
    const listed = row(page, TASK);
    await expect
      .poll(() => listed.getByTestId('task-status').innerText(), { timeout: 15_000 })
      .toMatch(/待执行|已接收/);
    await hasText(listed.getByTestId('task-route'), ROUTE);
    await hasText(listed.getByTestId('task-dock'), DOCK_NAME);
    await hasText(listed.getByTestId('task-type'), '机库任务');
    expect(await listed.getByTestId('task-next').innerText()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    await still(page);
    await page.screenshot({ path: screenshotPath('task-manager-list-zh-CN') });

    // the calendar: today's week, then the day; its entry opens the task
    await page.getByTestId('task-mode').getByText('日历').click();
    const entry = page.locator(`[data-testid="calendar-entry"][data-task="${taskId}"]`);
    await entry.waitFor();
    await page.getByTestId('calendar-view').getByText('月').click();
    await entry.waitFor();
    await page.screenshot({ path: screenshotPath('task-calendar-month-zh-CN') });
    await page.getByTestId('calendar-view').getByText('日').click();
    await entry.waitFor();
    await page.screenshot({ path: screenshotPath('task-calendar-day-zh-CN') });
    await entry.click();

    // the detail: the planned route on the map, the dock live
    const detail = page.getByTestId('task-detail');
    await detail.waitFor();
    await expect.poll(() => mapData<number[]>(page, 'data-waylines'), { timeout: 30_000 }).toEqual([3]);
    await page.locator('[data-testid="dock-state-online"][data-state="online"]').waitFor({ timeout: 30_000 });
    await still(page);
    await page.screenshot({ path: screenshotPath('task-detail-pending-zh-CN') });

    // at its time the dock opens its hatch and the aircraft flies the route
    await page
      .locator(
        '[data-testid="dock-state-hatch"][data-state="opening"], [data-testid="dock-state-hatch"][data-state="opened"]',
      )
      .first()
      .waitFor({ timeout: 150_000 });
    await expect.poll(() => detailStatus(page), { timeout: 120_000, interval: 500 }).toBe('2');
    await expect
      .poll(() => mapData<[number, number]>(page, 'data-drone'), { timeout: 60_000 })
      .not.toBeNull();
    const first = (await mapData<[number, number]>(page, 'data-drone'))!;
    await expect
      .poll(
        async () => {
          const now = await mapData<[number, number]>(page, 'data-drone');
          return now !== null && (now[0] !== first[0] || now[1] !== first[1]);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // the aircraft is on its route: within the route's box (with a margin for the climb from the dock)
    const [lon, lat] = (await mapData<[number, number]>(page, 'data-drone'))!;
    expect(lon).toBeGreaterThan(HOME[0] - 0.001);
    expect(lon).toBeLessThan(HOME[0] + 0.0025);
    expect(lat).toBeGreaterThan(HOME[1] - 0.001);
    expect(lat).toBeLessThan(HOME[1] + 0.0025);
    await hasText(page.getByTestId('task-waypoint'), '/ 3');
    await page.screenshot({ path: screenshotPath('task-detail-flying-zh-CN') });

    // home again: completed, with its duration and mileage from the flown track
    await expect.poll(() => detailStatus(page), { timeout: 240_000, interval: 1000 }).toBe('3');
    await expect
      .poll(() => page.getByTestId('task-duration').innerText(), { timeout: 30_000 })
      .toMatch(/\d+ ?(秒|分)/);
    await expect
      .poll(() => page.getByTestId('task-mileage').innerText(), { timeout: 30_000 })
      .toMatch(/\d+ ?(米|公里)/);
    expect(Number(await mapData<string>(page, 'data-flown'))).toBeGreaterThan(2);
    // the timeline: pending → received → in progress → completed, each move with its time and cause
    const moves = page.getByTestId('task-timeline-item');
    await expect
      .poll(async () => moves.evaluateAll((items) => items.map((item) => item.getAttribute('data-to'))))
      .toEqual(expect.arrayContaining(['1', '2', '3']));
    await hasText(page.getByTestId('task-timeline'), '已完成');
    await still(page);
    await page.screenshot({ path: screenshotPath('task-detail-completed-zh-CN') });
    await page.keyboard.press('Escape');

    // the list says so too
    await page.getByTestId('task-mode').getByText('列表').click();
    await hasText(row(page, TASK).getByTestId('task-status'), '已完成');
    expect(await row(page, TASK).getByTestId('task-flown').innerText()).not.toContain('—');
  }, 600_000);

  it('creates a flight task for an operator and the aircraft followed from its telemetry (zh-CN)', async () => {
    const name = '码头手飞巡查';
    await openScreen(page);
    await page.getByTestId('task-add').click();
    const drawer = page.getByTestId('task-create');
    await drawer.waitFor();
    await drawer.getByTestId('field-type').getByText('飞行任务').click();
    await drawer.getByTestId('field-name').fill(name);
    await drawer.getByTestId('create-next').click();
    await drawer.getByTestId('route-choice').filter({ hasText: ROUTE }).click();
    await drawer.getByTestId('create-next').click();

    // 3 no dock: the operator and the aircraft, both required
    await hasText(drawer, '该类型的任务不需要机库');
    await drawer.getByTestId('create-next').click();
    await hasText(drawer.locator('.ant-form-item-explain-error'), '请选择飞行器');
    await drawer.getByTestId('field-operatorId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'admin' }).click();
    await drawer.getByTestId('field-aircraftId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DRONE_SN }).click();
    await still(page);
    await page.screenshot({ path: screenshotPath('task-create-operator-zh-CN') });
    await drawer.getByTestId('create-next').click();

    // 4 tomorrow at 09:00, then submit
    const tomorrow = localTimeOf(Date.now() + 86_400_000, 'Asia/Shanghai').slice(0, 10);
    await pickTime(page, drawer.getByTestId('field-at'), `${tomorrow} 09:00`);
    await drawer.getByTestId('create-next').click();
    await drawer.getByTestId('checks-step').waitFor();
    const submitted = page.waitForResponse((answer) => answer.url().includes(`${TASKS}/submit`));
    await drawer.getByTestId('create-submit').click();
    const answer = await submitted;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(JSON.parse(answer.request().postData()!)).toMatchObject({
      type: 1,
      operatorId: expect.any(String),
      aircraftId: expect.any(String),
    });
    await hasText(row(page, name).getByTestId('task-type'), '飞行任务');
  });

  it('reads in English: the list, the calendar and the completed task', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      const on = english.page;
      await signedInEnglish(on, env.platform);
      await openScreen(on);
      await hasText(row(on, TASK).getByTestId('task-status'), 'Completed');
      await hasText(row(on, TASK).getByTestId('task-type'), 'Hangar task');
      await hasText(on.getByTestId('task-table').locator('th'), 'Next flight');
      await on.screenshot({ path: screenshotPath('task-manager-list-en-US') });
      await on.getByTestId('task-mode').getByText('Calendar').click();
      await hasText(on.getByTestId('calendar-legend'), 'Completed');
      await on.locator(`[data-testid="calendar-entry"][data-task="${taskId}"]`).click();
      await on.getByTestId('task-detail').waitFor();
      await hasText(on.getByTestId('task-progress'), 'Flight time');
      await hasText(on.getByTestId('task-detail-status'), 'Completed');
      await hasText(on.getByTestId('task-timeline'), 'Completed');
      await expect.poll(() => on.getByTestId('task-mileage').innerText()).toMatch(/\d+ ?(m|km)/);
      await still(on);
      await on.screenshot({ path: screenshotPath('task-detail-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
