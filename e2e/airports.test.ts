import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const env = onePlatform();
const SCREEN = '/route-mission/airport/index';
const DRONES = ['巡检一号', '巡检二号'];
const POINT = '江边起降点';
const AIRPORT = '测试机场';

let context: BrowserContext;
let page: Page;
let drones: Registered[];

/** Two aircraft of the tenant, registered through the fleet API as the device screen does. */
async function registerDrones(token: string) {
  const register = async (name: string) => {
    const response = await env.platform.app.inject({
      method: 'POST',
      url: '/api/cloud-equipment/equipment-management/add',
      payload: { name, serialNumber: nextSerial('1581F6'), type: 1, modelId: 'dji-m3td' },
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Registered;
  };
  return [await register(DRONES[0]!), await register(DRONES[1]!)];
}

async function openScreen(on: Page) {
  await on.goto(`${env.platform.url}${SCREEN}`);
  await on.getByTestId('uav-airport-table').waitFor();
  await ready(on);
  await on.locator('[data-testid="uav-airport-map"][data-state="ready"]').waitFor();
}

async function openCivilTab(on: Page, label: string) {
  await on.getByRole('tab', { name: label }).click();
  await on.getByTestId('civil-airport-table').waitFor();
  await on.locator('[data-testid="civil-airport-map"][data-state="ready"]').waitFor();
}

/** What a map says it draws (`data-points` / `data-airports`). */
const published = async <T>(on: Page, testId: string, attribute: string): Promise<T | null> => {
  const text = await on.getByTestId(testId).getAttribute(attribute);
  return text ? (JSON.parse(text) as T) : null;
};

/** The message under a form field (antd's explain line of the item holding `testId`). */
const fieldMessage = (on: Page, testId: string) =>
  on
    .locator('.ant-form-item')
    .filter({ has: on.getByTestId(testId) })
    .locator('.ant-form-item-explain-error');

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  drones = await registerDrones(token);
});
afterAll(async () => {
  await context?.close();
});

describe('takeoff/landing points and civil airports', () => {
  it('adds a takeoff point picked on the map and binds two drones, shown as tags', async () => {
    await openScreen(page);
    await page.getByTestId('uav-airport-add').click();
    const form = page.getByTestId('uav-airport-form');
    await form.waitFor();
    await form.getByTestId('field-name').fill(POINT);
    await form.getByTestId('field-type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
    await form.getByTestId('field-altitude').fill('45.5');

    // the position: a click on the picker's map fills both coordinates, OK writes them into the field
    await form.getByTestId('field-lonLat-map').click();
    await page.locator('[data-testid="map-picker-map"][data-state="ready"]').waitFor();
    const box = (await page.getByTestId('map-picker-map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20);
    await expect
      .poll(async () => page.getByTestId('map-picker-longitude').inputValue())
      .toMatch(/^\d+\.\d+$/);
    await page.getByTestId('map-picker-ok').click();
    await expect.poll(() => form.getByTestId('field-lonLat').inputValue()).toMatch(/^\d+\.\d{6},\d+\.\d{6}$/);
    await still(page);
    await page.screenshot({ path: screenshotPath('airport-point-dialog-zh-CN') });

    const saved = page.waitForResponse((answer) => answer.url().includes('/uavairport/submit'));
    await page.getByTestId('uav-airport-submit').click();
    expect((await saved).status(), 'POST uavairport/submit').toBe(200);
    await hasText(page.locator('.ant-message'), '新增成功');
    const row = page.getByTestId('uav-airport-table').locator('tr', { hasText: POINT });
    await hasText(row, '未绑定');
    await hasText(row, '管理员');
    await expect
      .poll(async () => (await published<string[]>(page, 'uav-airport-map', 'data-points')) ?? [])
      .toContain(POINT);

    // bind both drones in their dialog; the row shows them as tags
    await row.getByTestId('row-bind').click();
    await page.getByTestId('airport-bind-drones').click();
    for (const name of DRONES) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    }
    await page.keyboard.press('Escape'); // closes the list, not the dialog
    await still(page);
    await page.screenshot({ path: screenshotPath('airport-bind-dialog-zh-CN') });
    const bound = page.waitForResponse((answer) => answer.url().includes('/uavairport/updateUav'));
    await page.getByTestId('airport-bind-submit').click();
    const answer = await bound;
    expect(answer.status(), 'POST uavairport/updateUav').toBe(200);
    expect(JSON.parse(answer.request().postData()!)).toMatchObject({
      droneIds: drones.map((drone) => drone.id).join(','),
    });
    await hasText(page.locator('.ant-message'), '绑定成功');
    const tags = row.getByTestId('airport-drone-tags').locator('.ant-tag');
    await expect.poll(() => tags.allInnerTexts()).toEqual(DRONES);

    // an edit of the point keeps its drones (they change in the bind dialog only)
    await row.getByTestId('row-edit').click();
    await expect.poll(() => form.getByTestId('field-lonLat').inputValue()).toMatch(/^\d+\.\d{6},/);
    await form.getByTestId('field-altitude').fill('50');
    const edited = page.waitForResponse((answer) => answer.url().includes('/uavairport/submit'));
    await page.getByTestId('uav-airport-submit').click();
    expect((await edited).status(), 'POST uavairport/submit (edit)').toBe(200);
    await hasText(page.locator('.ant-message'), '修改成功');
    await hasText(row, '海拔 50 m');
    await expect.poll(() => tags.allInnerTexts()).toEqual(DRONES);
    await still(page);
    await page.screenshot({ path: screenshotPath('airport-points-zh-CN') });
  });

  it('refuses a bad ICAO code and a too short runway on their fields, then saves an airport drawn on the map with its buffer and height-limit area', async () => {
    await openCivilTab(page, '民用机场');
    await hasText(page.getByTestId('civil-airport-no-fly'), '民用机场视为禁飞区');
    await page.getByTestId('civil-airport-add').click();
    const form = page.getByTestId('civil-airport-form');
    await form.waitFor();
    await page.locator('[data-testid="field-runway-map"][data-state="ready"]').waitFor();
    await form.getByTestId('field-name').fill(AIRPORT);
    await form.getByTestId('field-icaoCode').fill('ZB1');
    await form.getByTestId('field-elevation').fill('35');
    await form.getByTestId('field-heightLimit').fill('150');
    // the runway typed: two ends 43 m apart, which only the server measures and refuses
    const ends = { 'start-longitude': '116.4', 'start-latitude': '39.9', 'end-longitude': '116.4005' };
    for (const [end, value] of Object.entries({ ...ends, 'end-latitude': '39.9' }))
      await form.getByTestId(`field-runway-${end}`).fill(value);
    await page.getByTestId('civil-airport-submit').click();
    await hasText(fieldMessage(page, 'field-icaoCode'), 'ICAO 代码须为 4 个字母');

    await form.getByTestId('field-icaoCode').fill('ZBTS');
    const refused = page.waitForResponse((answer) => answer.url().includes('/civilairport/submit'));
    await page.getByTestId('civil-airport-submit').click();
    expect((await refused).status(), 'POST civilairport/submit, runway too short').toBe(400);
    await hasText(fieldMessage(page, 'field-runway'), '跑道两端相距须为 100 到 8000 米');
    await page.screenshot({ path: screenshotPath('airport-civil-refused-zh-CN') });

    // draw the runway instead, where a 3.3 km one typed brings the editor's map: a line of two ends
    await form.getByTestId('field-runway-end-latitude').fill('39.93');
    await form.getByTestId('field-runway-end-longitude').fill('116.4');
    await page.getByTestId('field-runway-fit').click();
    await page.waitForTimeout(400); // the fit's animation
    await page.getByTestId('field-runway-clear').click();
    const map = (await page.getByTestId('field-runway-map').boundingBox())!;
    const middle = { x: map.x + map.width / 2, y: map.y + map.height / 2 };
    await page.getByTestId('field-runway-draw-LineString').click();
    await page.mouse.move(middle.x - 60, middle.y + 20, { steps: 3 });
    await page.mouse.click(middle.x - 60, middle.y + 20);
    await page.waitForTimeout(150);
    await page.mouse.move(middle.x + 60, middle.y - 20, { steps: 3 });
    await page.mouse.dblclick(middle.x + 60, middle.y - 20);
    await expect
      .poll(async () => {
        const line = await published<{ type: string; coordinates: number[][] }>(
          page,
          'field-runway-map',
          'data-geometry',
        );
        return line?.coordinates.length ?? 0;
      })
      .toBe(2);
    // the drawn ends are the typed fields too
    await expect
      .poll(() => form.getByTestId('field-runway-end-longitude').inputValue())
      .toMatch(/^\d+\.\d{6}$/);
    await still(page);
    await page.screenshot({ path: screenshotPath('airport-civil-dialog-zh-CN') });

    const saved = page.waitForResponse((answer) => answer.url().includes('/civilairport/submit'));
    await page.getByTestId('civil-airport-submit').click();
    const answer = await saved;
    expect(answer.status(), `POST civilairport/submit ${await answer.text()}`).toBe(200);
    await hasText(page.locator('.ant-message'), '新增成功');
    await hasText(page.getByTestId('civil-airport-table').locator('tr', { hasText: AIRPORT }), 'ZBTS');
    await expect
      .poll(
        async () =>
          (await published<Array<{ name: string }>>(page, 'civil-airport-map', 'data-airports')) ?? [],
      )
      .toHaveLength(1);
    const [drawn] = (await published<Array<Record<string, unknown>>>(
      page,
      'civil-airport-map',
      'data-airports',
    ))!;
    expect(drawn).toMatchObject({ name: AIRPORT, runway: 2 });
    expect(drawn!.buffer as number).toBeGreaterThan(100);
    expect(drawn!.heightLimit as number).toBeGreaterThan(40);
    await hasText(page.getByTestId('civil-airport-legend'), '10 公里缓冲区（禁飞）');
    await still(page);
    await page.screenshot({ path: screenshotPath('airport-civil-zh-CN') });
  });

  it('speaks English: tabs, columns, tags, legend and a refused IATA code', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      const on = english.page;
      await signedInEnglish(on, env.platform);
      await openScreen(on);
      await hasText(on.getByRole('tab', { selected: true }), 'Takeoff/landing points');
      await hasText(on.getByTestId('uav-airport-table').locator('th'), 'Bound drones');
      await hasText(on.getByTestId('uav-airport-table').locator('tr', { hasText: POINT }), DRONES[1]!);
      await hasText(on.getByTestId('row-bind'), 'Bind drones');
      await on.screenshot({ path: screenshotPath('airport-points-en-US') });

      await openCivilTab(on, 'Civil airports');
      await hasText(on.getByTestId('civil-airport-no-fly'), 'Civil airports are no-fly areas');
      await hasText(on.getByTestId('civil-airport-legend'), '10 km buffer (no-fly)');
      await on.getByTestId('civil-airport-add').click();
      const form = on.getByTestId('civil-airport-form');
      await form.getByTestId('field-iataCode').fill('P1');
      await on.getByTestId('civil-airport-submit').click();
      await hasText(fieldMessage(on, 'field-iataCode'), 'the IATA code must be 3 letters');
      await hasText(fieldMessage(on, 'field-runway'), 'Draw the runway as one straight line with two ends');
      await still(on);
      await on.screenshot({ path: screenshotPath('airport-civil-dialog-en-US') });
      await on.keyboard.press('Escape');
      await still(on);
      await on.screenshot({ path: screenshotPath('airport-civil-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
