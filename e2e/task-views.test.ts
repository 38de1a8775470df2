import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimFleet } from '../apps/device-sim/src/index.js';
import { addUser } from '../apps/server/test/org-helper.js';
import { hasText, newPage, onePlatform, ready, signedIn, signedInEnglish, still } from './harness.js';
import { platformApi, simulatedDock } from './sim.js';

/**
 * The task manager's running and history views, the assign dialog, the home page's task card and the project
 * page's flight card, against the real server and a simulated dock on the embedded broker: a project's hangar
 * task flown now is seen running with its progress, paused in its detail once the aircraft is on its route
 * (the flight holds: progress stops, the views say paused), resumed, then completed and found in the history
 * with its duration, mileage and flown track. Then read in English. Screenshots under /tmp/task-views.
 */
const env = onePlatform({ MQTT_ENABLED: 'true', MQTT_PORT: '0', DEVICE_OFFLINE_MS: '5000' });
const SCREEN = '/route-mission/task/index';
const ROUTES = '/api/aos-gisservice/routemanageline';
const TASKS = '/api/cloud-task/project-task';
const PROJECTS = '/api/cloud-task/project-management';
const DOCK_SN = 'E2EVIEWDOCK01';
const DRONE_SN = 'E2EVIEWUAV01';
const ROUTE = '港区环线';
const TASK = '港区即时巡检';
const LATER = '港区夜间巡检';
const PROJECT = '港区巡检项目';
const HOME: [number, number] = [113.95, 22.53];
const SHOTS = '/tmp/task-views';
mkdirSync(SHOTS, { recursive: true });
const shot = (name: string) => path.join(SHOTS, `${name}.png`);

let fleet: SimFleet;
let context: BrowserContext;
let page: Page;
let token: string;
let projectId: string;
let taskId: string;
let laterId: string;
let pilotId: string;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  platformApi(env.platform, token, method, url, payload);

/** A waypoint route beside the dock, long enough to pause on the way: out, across twice, and back. */
const design = {
  kind: 'waypoint',
  params: {
    defaults: { heightM: 60, speedMS: 8 },
    waypoints: [
      { position: [HOME[0] + 0.0005, HOME[1] + 0.0005], actions: [{ type: 'takePhoto' }] },
      { position: [HOME[0] + 0.002, HOME[1] + 0.0005] },
      { position: [HOME[0] + 0.002, HOME[1] + 0.002], actions: [{ type: 'takePhoto' }] },
      { position: [HOME[0] + 0.0005, HOME[1] + 0.002] },
    ],
  },
};

async function openScreen(on: Page) {
  await on.goto(`${env.platform.url}${SCREEN}`);
  await on.getByTestId('task-manager').waitFor();
  await ready(on);
}

const detailStatus = (on: Page) => on.getByTestId('task-detail-status').getAttribute('data-status');
const taskRow = (on: Page, name: string) =>
  on
    .getByTestId('task-table')
    .locator('tr', { has: on.getByTestId('task-name').getByText(name, { exact: true }) });

/** The row buttons of a task never flown (delete, detail, edit, assign, fly now, cancel) are on one line. */
async function buttonsOnOneLine(on: Page, name: string) {
  const row = taskRow(on, name);
  await row.getByTestId('row-cancel').waitFor();
  const tops = await row
    .locator('td:last-child button')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(tops)).toHaveProperty('size', 1);
}

beforeAll(async () => {
  ({ fleet } = await simulatedDock(
    env.platform,
    { dockSn: DOCK_SN, droneSn: DRONE_SN, longitude: HOME[0], latitude: HOME[1] },
    { timeScale: 0.2, seed: 23, downloads: true },
  ));

  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  await api('POST', `${ROUTES}/submit`, { name: ROUTE, aircraftModelId: 'dji-m3td', design });
  projectId = (
    await api('POST', `${PROJECTS}/add`, {
      name: PROJECT,
      type: 1,
      industryType: 2,
      startTime: '2026-01-01 08:00:00',
      endTime: '2030-12-31 18:00:00',
    })
  ).id as string;
  pilotId = await addUser(env.platform.app, '000000', 'e2e-pilot', { realName: '李飞手' });
});
afterAll(async () => {
  await context?.close();
  await fleet?.stop();
});

describe('task views', () => {
  it('a project’s task flown now: running with progress, paused and resumed in its detail, then in the history (zh-CN)', async () => {
    // the home page's card before anything flies
    await page.goto(`${env.platform.url}/home`);
    const card = page.getByTestId('task-home-card');
    await card.waitFor();
    await hasText(card, '任务概况');
    await hasText(card.getByTestId('task-home-running'), '当前没有正在执行的飞行');

    const dock = (
      (await api('GET', '/api/cloud-equipment/uavhangar/page?current=1&size=50')) as {
        records: Array<{ id: string; serialNumber: string }>;
      }
    ).records.find((item) => item.serialNumber === DOCK_SN)!;
    const routes = (await api('GET', `${ROUTES}/list`)) as unknown as Array<{ id: string; name: string }>;
    const routeId = routes.find((route) => route.name === ROUTE)!.id;

    // the running view, then the task flown now
    await openScreen(page);
    await page.getByTestId('task-mode').getByText('执行中').click();
    await hasText(page.getByTestId('task-running'), '当前没有正在执行的任务');
    const saved = await api('POST', `${TASKS}/submit`, {
      name: TASK,
      type: 2,
      projectId,
      hangarId: dock.id,
      routeId,
      schedule: { mode: 'now' },
    });
    taskId = saved.id as string;
    const running = page.locator(`[data-testid="running-table"] tr[data-task="${taskId}"]`);
    await running.waitFor({ timeout: 60_000 });
    await hasText(running.getByTestId('running-name'), TASK);
    await hasText(running.getByTestId('running-dock'), DOCK_SN);
    await expect
      .poll(() => running.getByTestId('running-status').getAttribute('data-status'), { timeout: 120_000 })
      .toBe('2');
    await expect
      .poll(
        async () => Number((await running.getByTestId('running-progress').getAttribute('data-percent')) || 0),
        {
          timeout: 120_000,
        },
      )
      .toBeGreaterThan(0);
    // from here the list is not read again (its requests held): the progress that moves on comes over the
    // live feed, from the dock's flight job
    const held: Route[] = [];
    await page.route(`**${TASKS}/getRunningTaskList`, (route) => void held.push(route));
    expect(await page.getByTestId('running-feed').getAttribute('data-live')).toBe('true');
    const progress = running.getByTestId('running-progress');
    const before = Number(await progress.getAttribute('data-percent'));
    await expect
      .poll(async () => Number(await progress.getAttribute('data-percent')), { timeout: 120_000 })
      .toBeGreaterThan(before);
    expect(await progress.getAttribute('data-live')).toBe('true');
    expect(held.length).toBeGreaterThan(0);
    await page.unroute(`**${TASKS}/getRunningTaskList`);
    for (const route of held) await route.continue().catch(() => undefined);
    await still(page);
    await page.screenshot({ path: shot('running-zh-CN') });

    // its detail: once a waypoint is reached, pause; the flight holds
    await running.getByTestId('running-open').click();
    const detail = page.getByTestId('task-detail');
    await detail.waitFor();
    await expect.poll(() => detailStatus(page), { timeout: 60_000 }).toBe('2');
    await expect
      .poll(() => page.getByTestId('task-waypoint').innerText(), { timeout: 120_000 })
      .toMatch(/\d+ \/ 4/);
    await page.getByTestId('task-pause').click();
    await hasText(page.locator('.ant-message'), '已暂停');
    await page.getByTestId('task-resume').waitFor({ timeout: 30_000 });
    await hasText(detail, '飞行已暂停');
    const pausedAt = await page.getByTestId('task-percent').innerText();
    await page.waitForTimeout(4000);
    expect(await page.getByTestId('task-percent').innerText()).toBe(pausedAt);
    expect(await detailStatus(page)).toBe('2');
    await still(page);
    await page.screenshot({ path: shot('detail-paused-zh-CN') });

    // the running view and the project page say paused too
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await running.getByTestId('running-paused').waitFor({ timeout: 15_000 });
    await hasText(running.getByTestId('running-paused'), '已暂停');
    const side = await context.newPage();
    await side.goto(`${env.platform.url}/project/home/index`);
    await side.getByTestId('project-table').waitFor();
    await ready(side);
    await side
      .getByTestId('project-table')
      .locator('tr', { hasText: PROJECT })
      .getByTestId('row-manage')
      .click();
    const flyingItem = side.locator(`[data-testid="project-flying-item"][data-task="${taskId}"]`);
    await flyingItem.waitFor({ timeout: 15_000 });
    await hasText(flyingItem, TASK);
    await hasText(flyingItem, '已暂停');
    await hasText(side.getByTestId('flight-count'), '1');
    // the card follows the dock's flight job on the live feed
    expect(await side.getByTestId('project-flying').getAttribute('data-live')).toBe('true');
    await expect
      .poll(() => flyingItem.getByTestId('project-flying-progress').getAttribute('data-live'))
      .toBe('true');
    await still(side);
    await side.screenshot({ path: shot('project-flying-zh-CN') });
    // a project with a task flying is not removed: the refusal names the task
    const refused = await env.platform.app.inject({
      method: 'DELETE',
      url: `${PROJECTS}/remove?ids=${projectId}`,
      headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.ids).toContain(TASK);
    await side.close();

    // resume: the flight goes on and completes
    await running.getByTestId('running-open').click();
    await detail.waitFor();
    await page.getByTestId('task-resume').click();
    await hasText(page.locator('.ant-message'), '已继续');
    await page.getByTestId('task-pause').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('task-percent').innerText(), { timeout: 60_000 })
      .not.toBe(pausedAt);
    await expect.poll(() => detailStatus(page), { timeout: 300_000, interval: 1000 }).toBe('3');
    const moves = page.getByTestId('task-timeline-item');
    await expect
      .poll(async () => moves.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))))
      .toEqual(expect.arrayContaining(['pause', 'resume']));
    await page.keyboard.press('Escape');
    await hasText(page.getByTestId('task-running'), '当前没有正在执行的任务');

    // the history: completed, with its duration, mileage and track
    await page.getByTestId('task-mode').getByText('历史记录').click();
    const flown = page.locator(`[data-testid="history-table"] tr[data-task="${taskId}"]`);
    await flown.waitFor({ timeout: 30_000 });
    await hasText(flown.getByTestId('history-result'), '已完成');
    await expect.poll(() => flown.getByTestId('history-duration').innerText()).toMatch(/\d+ ?(秒|分)/);
    await expect.poll(() => flown.getByTestId('history-mileage').innerText()).toMatch(/\d+ ?(米|公里)/);
    await still(page);
    await page.screenshot({ path: shot('history-zh-CN') });
    // filtered by result: not among the failed ones
    await page.getByTestId('history-filter-result').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '执行失败' })
      .click();
    await flown.waitFor({ state: 'detached' });
    await page.getByTestId('history-filter-result').locator('.ant-select-clear').click();
    await flown.waitFor();
    await flown.getByTestId('history-track-open').click();
    const map = page.getByTestId('history-track-map');
    await map.waitFor({ timeout: 30_000 });
    await expect.poll(() => map.getAttribute('data-waylines')).toBe('[4]');
    await expect.poll(async () => Number(await map.getAttribute('data-flown'))).toBeGreaterThan(2);
    await hasText(page.getByTestId('history-track-mileage'), /\d+ ?(米|公里)/);
    await still(page);
    await page.screenshot({ path: shot('history-track-zh-CN') });
    await page.keyboard.press('Escape');
    await flown.getByTestId('history-open').click();
    await expect.poll(() => detailStatus(page)).toBe('3');
    await page.keyboard.press('Escape');

    // a flight the dock refuses: in the history as failed, with its cause and what to do
    fleet.fault('refuse_prepare');
    const refusedTask = await api('POST', `${TASKS}/submit`, {
      name: '港区补拍',
      type: 2,
      hangarId: dock.id,
      routeId,
      schedule: { mode: 'now' },
      confirmSpacing: true,
    });
    const failed = page.locator(`[data-testid="history-table"] tr[data-task="${refusedTask.id as string}"]`);
    await failed.waitFor({ timeout: 90_000 });
    for (const one of fleet.docks) one.clearFault('refuse_prepare');
    await hasText(failed.getByTestId('history-result'), '执行失败');
    expect((await failed.getByTestId('history-cause').innerText()).trim().length).toBeGreaterThan(2);
    await failed.getByTestId('history-remedy').hover();
    await page.locator('.ant-tooltip:visible').waitFor();
    // it never left the dock: no track to open
    expect(await failed.getByTestId('history-track-open').count()).toBe(0);
    await still(page);
    await page.screenshot({ path: shot('history-failed-zh-CN') });

    // the home card counts it
    await page.goto(`${env.platform.url}/home`);
    await expect
      .poll(() =>
        page.locator('[data-testid="task-home-status"][data-status="3"] .ant-statistic-content').innerText(),
      )
      .toBe('1');
    await hasText(page.getByTestId('task-home-today'), '已完成 1');
    await still(page);
    await page.screenshot({ path: shot('home-card-zh-CN'), fullPage: true });
    // its link opens the task manager
    await page.getByTestId('task-home-more').click();
    await page.getByTestId('task-manager').waitFor();
  }, 600_000);

  it('assigns a pending task to an operator; a refused operator is shown on the field (zh-CN)', async () => {
    const dock = (
      (await api('GET', '/api/cloud-equipment/uavhangar/page?current=1&size=50')) as {
        records: Array<{ id: string; serialNumber: string }>;
      }
    ).records.find((item) => item.serialNumber === DOCK_SN)!;
    const routes = (await api('GET', `${ROUTES}/list`)) as unknown as Array<{ id: string; name: string }>;
    const at = new Date(Date.now() + 2 * 24 * 3600_000);
    const day = at.toISOString().slice(0, 10);
    laterId = (
      await api('POST', `${TASKS}/submit`, {
        name: LATER,
        type: 2,
        hangarId: dock.id,
        routeId: routes.find((route) => route.name === ROUTE)!.id,
        schedule: { mode: 'once', at: `${day} 22:00` },
        confirmSpacing: true,
      })
    ).id as string;

    await openScreen(page);
    const row = taskRow(page, LATER);
    await buttonsOnOneLine(page, LATER);
    await still(page);
    await page.screenshot({ path: shot('list-zh-CN') });
    // a completed task cannot be given to anyone: no assign button on it
    expect(await taskRow(page, TASK).getByTestId('row-assign').count()).toBe(0);
    await row.getByTestId('row-assign').click();
    const dialog = page.getByTestId('task-assign');
    await dialog.waitFor();
    await hasText(dialog, `分配任务 · ${LATER}`);
    await hasText(dialog.getByTestId('assign-current'), '尚未分配执行人');
    // nothing chosen: the field says so
    await page.getByTestId('assign-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error'), '请选择执行人');

    // the server refuses an operator who is not of the tenant: its message on the field (the request is
    // altered on its way to name a user that does not exist, as a user removed meanwhile would be)
    await dialog.getByTestId('field-operatorId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '李飞手' }).click();
    await page.route(`**${TASKS}/assign`, async (route) => {
      const body = JSON.parse(route.request().postData()!);
      await route.continue({ postData: JSON.stringify({ ...body, operatorId: '1999999999999999999' }) });
    });
    await page.getByTestId('assign-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error'), '执行人不存在');
    await still(page);
    await page.screenshot({ path: shot('assign-refused-zh-CN') });
    await page.unroute(`**${TASKS}/assign`);

    // assigned: said, and the detail shows the operator
    const answered = page.waitForResponse((answer) => answer.url().includes(`${TASKS}/assign`));
    await page.getByTestId('assign-submit').click();
    expect((await answered).status()).toBe(200);
    await hasText(page.locator('.ant-message'), `“${LATER}”已分配给 李飞手`);
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('row-detail').click();
    await hasText(page.getByTestId('task-detail-operator'), '李飞手');
    const detail = (await api('GET', `${TASKS}/detail?id=${laterId}`)) as { operatorId: string };
    expect(detail.operatorId).toBe(pilotId);
    await page.keyboard.press('Escape');
  }, 120_000);

  it('reads in English: running, history, track, assign and the home card', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      const on = english.page;
      await signedInEnglish(on, env.platform);
      // the language stored at sign-in applies from the next load
      await on.goto(`${env.platform.url}/home`);
      const card = on.getByTestId('task-home-card');
      await hasText(card, 'Tasks');
      await hasText(card.getByTestId('task-home-running'), 'Nothing is flying now');
      await hasText(card, 'Completed');
      await still(on);
      await on.screenshot({ path: shot('home-card-en-US'), fullPage: true });

      await openScreen(on);
      await on.getByTestId('task-mode').getByText('In progress').click();
      await hasText(on.getByTestId('task-running'), 'Nothing is flying now');
      await hasText(on.getByTestId('running-table').locator('th'), 'Progress');
      await hasText(on.getByTestId('running-feed'), 'Live');
      await still(on);
      await on.screenshot({ path: shot('running-en-US') });
      await on.getByTestId('task-mode').getByText('History').click();
      const flown = on.locator(`[data-testid="history-table"] tr[data-task="${taskId}"]`);
      await hasText(flown.getByTestId('history-result'), 'Completed');
      await expect.poll(() => flown.getByTestId('history-mileage').innerText()).toMatch(/\d+ ?(m|km)/);
      await hasText(on.getByTestId('history-table').locator('th'), 'Flight time');
      await still(on);
      await on.screenshot({ path: shot('history-en-US') });
      await flown.getByTestId('history-track-open').click();
      await on.getByTestId('history-track-map').waitFor({ timeout: 30_000 });
      await hasText(on.getByTestId('history-track'), 'Solid: the planned route');
      await still(on);
      await on.screenshot({ path: shot('history-track-en-US') });
      await on.keyboard.press('Escape');

      await on.getByTestId('task-mode').getByText('List').click();
      await buttonsOnOneLine(on, LATER);
      await still(on);
      await on.screenshot({ path: shot('list-en-US') });
      await taskRow(on, LATER).getByTestId('row-assign').click();
      const dialog = on.getByTestId('task-assign');
      await hasText(dialog, `Assign task · ${LATER}`);
      await hasText(dialog.getByTestId('assign-current'), 'Now assigned to 李飞手');
      await still(on);
      await on.screenshot({ path: shot('assign-en-US') });
      await on.keyboard.press('Escape');

      // the project's flight card, on the live feed
      await on.goto(`${env.platform.url}/project/home/index`);
      await on.getByTestId('project-table').waitFor();
      await ready(on);
      await on
        .getByTestId('project-table')
        .locator('tr', { hasText: PROJECT })
        .getByTestId('row-manage')
        .click();
      await hasText(on.getByTestId('project-flying'), 'Nothing of this project is flying now');
      await expect.poll(() => on.getByTestId('project-flying').getAttribute('data-live')).toBe('true');
      await still(on);
      await on.screenshot({ path: shot('project-flying-en-US') });
    } finally {
      await english.context.close();
    }
  }, 120_000);
});
