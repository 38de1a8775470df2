import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const DRONE = '巡检一号';
const DRONE_SN = '1581F5BKD225D00DE2E';
const DOCK = '北岭机库';
const DOCK_SN = '7CTDM3D00BVY5T';
const STREAM_OUTSIDE = 'rtmp://live.example.com/dock/7CTDM3D00BVY5T/outside';
const STREAM_INSIDE = 'webrtc://live.example.com/dock/7CTDM3D00BVY5T/inside';
let context: BrowserContext;
let page: Page;
/** The passwords issued so far: a reset must answer a new one. */
const issued = { drone: '', dock: '' };

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  // The brand screen has its own test (device-registry): here the brand is made through the API.
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  const response = await env.platform.app.inject({
    method: 'POST',
    url: '/api/cloud-equipment/manufacturer/add',
    headers: { authorization: CLIENT_BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': '000000' },
    payload: { name: '大疆创新', code: 'dji', type: 4, entitySigns: 'aircraft,dock' },
  });
  expect(response.statusCode, response.body).toBe(200);
});
afterAll(async () => {
  await context?.close();
});

const toast = (on: Page = page) => on.locator('.ant-message');
const rowOf = (table: string, text: string, on: Page = page) =>
  on.getByTestId(`${table}-table`).locator('tr', { hasText: text });

async function open(path: string, table: string, on: Page = page) {
  await on.goto(`${env.platform.url}${path}`);
  await on.getByTestId(`${table}-table`).waitFor();
  await ready(on);
}
async function choose(dialog: Locator, field: string, option: string, on: Page = page) {
  await dialog.getByTestId(`field-${field}`).click();
  await on
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}
/** Scroll a table back to its first column (a click on a row button may have scrolled it sideways). */
async function tableHome(table: string, on: Page = page) {
  await on
    .getByTestId(`${table}-table`)
    .locator('.ant-table-content')
    .evaluate((node) => {
      node.scrollLeft = 0;
    });
}
/** Type into an antd number input (its test id sits on the input element). */
async function typeNumber(dialog: Locator, field: string, value: string) {
  const input = dialog.getByTestId(`field-${field}`);
  await input.fill(value);
  await input.blur();
}

/** The credentials dialog: checks the shape of what it shows, answers the password, and closes it. */
async function readCredentials(serialNumber: string): Promise<string> {
  const dialog = page.getByTestId('credential-dialog');
  await dialog.waitFor();
  await hasText(dialog, '凭证仅显示这一次');
  const text = async (field: string) => (await dialog.getByTestId(`credential-${field}`).innerText()).trim();
  expect(await text('serial')).toBe(serialNumber);
  expect(await text('username')).toMatch(/^dev-[0-9a-f]{16}$/);
  const password = await text('password');
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  return password;
}
async function closeCredentials() {
  await page.getByTestId('credential-close').click();
  await page.getByTestId('credential-dialog').waitFor({ state: 'hidden' });
}

/** Fill the dock form's identity: name, serial number, type, model, brand, team. */
async function dockIdentity(dialog: Locator, name: string, serialNumber: string, on: Page = page) {
  await dialog.getByTestId('field-name').fill(name);
  await dialog.getByTestId('field-serialNumber').fill(serialNumber);
  await choose(dialog, 'type', '多旋翼机库', on);
  await choose(dialog, 'modelId', '大疆机场 2', on);
  await choose(dialog, 'manufacturerId', '大疆创新', on);
}

/** The fleet registry's devices and docks as an administrator of tenant 000000 uses them. */
describe('devices and docks', () => {
  it('registers a drone: aircraft-only fields, the model prefills its figures, credentials shown once', async () => {
    await open('/device-manager/device/index', 'device');
    const dialog = page.getByTestId('device-form');
    await page.getByTestId('device-add').click();
    await dialog.getByTestId('field-name').fill(DRONE);
    await dialog.getByTestId('field-serialNumber').fill('1581F5BK/D225');
    await page.getByTestId('device-submit').click();
    await hasText(dialog, '序列号只能包含字母、数字、- 和 _');
    await hasText(dialog, '设备类型不能为空');
    await dialog.getByTestId('field-serialNumber').fill(DRONE_SN);

    // payloads and a data link belong to aircraft only
    await choose(dialog, 'type', '载荷');
    expect(await dialog.getByTestId('field-payloadIds').count()).toBe(0);
    await choose(dialog, 'type', '飞行器');
    await dialog.getByTestId('field-payloadIds').waitFor();
    await dialog.getByTestId('field-datalinkId').waitFor();

    await choose(dialog, 'modelId', 'Matrice 3D');
    await expect.poll(() => dialog.getByTestId('field-takeoffWeight').inputValue()).toBe('1.41');
    expect(await dialog.getByTestId('field-flightSpeed').inputValue()).toBe('21');
    await choose(dialog, 'manufacturerId', '大疆创新');
    await typeNumber(dialog, 'power', '480');
    await dialog.getByTestId('field-iotCard').fill('89860424102180012345');
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-device-form') });
    await page.getByTestId('device-submit').click();

    issued.drone = await readCredentials(DRONE_SN);
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-credentials') });
    await closeCredentials();

    const row = rowOf('device', DRONE_SN);
    await hasText(row, 'Matrice 3D');
    await hasText(row, '大疆创新');
    await hasText(row, '飞行器');
    await hasText(row, '正常');
    // once: the details never show the password again
    await row.getByTestId('row-view').click();
    const view = page.getByTestId('device-view');
    await hasText(view, '89860424102180012345');
    expect(await view.innerText()).not.toContain(issued.drone);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
  });

  it('registers a dock bound to the drone; refuses ultra-low ≥ low and a second dock for the same drone', async () => {
    // Another operator starts a dock for the same drone while it is still free.
    const other = await newPage(env.browser);
    try {
      await signedIn(other.page, env.platform);
      await open('/device-manager/hangar/index', 'dock', other.page);
      await other.page.getByTestId('dock-add').click();
      const otherDialog = other.page.getByTestId('dock-form');
      await dockIdentity(otherDialog, '南坡机库', 'DOCK-SOUTH-0002', other.page);
      await choose(otherDialog, 'droneIds', DRONE, other.page);

      await open('/device-manager/hangar/index', 'dock');
      const dialog = page.getByTestId('dock-form');
      await page.getByTestId('dock-add').click();
      await dockIdentity(dialog, DOCK, DOCK_SN);
      await dialog.getByTestId('field-deptId').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
        .first()
        .click();
      await choose(dialog, 'droneIds', DRONE);
      await dialog.getByTestId('field-streamOutside').fill(STREAM_OUTSIDE);
      await dialog.getByTestId('field-streamInside').fill(STREAM_INSIDE);
      await dialog.getByTestId('field-logUrl').fill('https://logs.example.com/dock');
      // the alternate landing point from the map picker fills both coordinates
      await dialog.getByTestId('field-alternateLatitude-map').click();
      await page.getByTestId('map-picker').waitFor();
      await page.getByTestId('map-picker-longitude').fill('116.397128');
      await page.getByTestId('map-picker-latitude').fill('39.916527');
      await page.getByTestId('map-picker-ok').click();
      await page.getByTestId('map-picker').waitFor({ state: 'hidden' });
      expect(await dialog.getByTestId('field-alternateLongitude').inputValue()).toBe('116.397128');
      expect(await dialog.getByTestId('field-alternateLatitude').inputValue()).toBe('39.916527');

      await typeNumber(dialog, 'ultraLowBattery', '30');
      await page.getByTestId('dock-submit').click();
      await hasText(dialog, '严重低电量告警阈值须低于低电量告警阈值');
      await still(page);
      await page.screenshot({ path: screenshotPath('fleet-dock-form') });
      await typeNumber(dialog, 'ultraLowBattery', '15');
      await page.getByTestId('dock-submit').click();
      issued.dock = await readCredentials(DOCK_SN);
      await closeCredentials();
      const row = rowOf('dock', DOCK_SN);
      await hasText(row, DRONE);
      await hasText(row, '大疆机场 2');
      await hasText(row, '多旋翼机库');

      // the other operator's dock is refused, with the drone named at the field
      await other.page.getByTestId('dock-submit').click();
      await hasText(otherDialog, `已绑定其他机库：${DRONE}`);
      await still(other.page);
      await other.page.screenshot({ path: screenshotPath('fleet-dock-drone-bound') });
    } finally {
      await other.context.close();
    }

    // a new form shows the drone taken, with its dock
    await page.getByTestId('dock-add').click();
    const dialog = page.getByTestId('dock-form');
    await dockIdentity(dialog, '南坡机库', 'DOCK-SOUTH-0002');
    await dialog.getByTestId('field-droneIds').click();
    const taken = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DRONE });
    await hasText(taken, `已绑定 ${DOCK}`);
    expect(await taken.getAttribute('aria-disabled')).toBe('true');
    await dialog.getByTestId('field-name').click();
    await page.getByRole('button', { name: '取 消' }).click();

    await open('/device-manager/device/index', 'device');
    await hasText(rowOf('device', DRONE_SN), DOCK);
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-device-list') });
  });

  it('switches visibility, saves basic settings, previews the streams and resets credentials', async () => {
    await open('/device-manager/hangar/index', 'dock');
    const row = rowOf('dock', DOCK_SN);
    const visible = row.getByTestId('row-visible');
    expect(await visible.getAttribute('aria-checked')).toBe('true');
    await visible.click();
    await hasText(toast(), `已隐藏“${DOCK}”`);
    await expect.poll(() => visible.getAttribute('aria-checked')).toBe('false');
    await visible.click();
    await hasText(toast(), `已显示“${DOCK}”`);
    await expect.poll(() => visible.getAttribute('aria-checked')).toBe('true');

    // basic settings: the same ultra-low rule, then a saved return-home altitude
    await row.getByTestId('row-basic-set').click();
    const settings = page.getByTestId('basic-set-form');
    await settings.waitFor();
    expect(await settings.getByTestId('field-alternateLongitude').inputValue()).toBe('116.397128');
    expect(await settings.getByTestId('field-ultraLowBattery').inputValue()).toBe('15');
    await typeNumber(settings, 'rthAltitude', '120');
    await typeNumber(settings, 'ultraLowBattery', '45');
    await page.getByTestId('basic-set-submit').click();
    await hasText(settings, '严重低电量告警阈值须低于低电量告警阈值');
    await typeNumber(settings, 'ultraLowBattery', '18');
    await choose(settings, 'outOfControlAction', '悬停');
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-dock-basic-set') });
    await page.getByTestId('basic-set-submit').click();
    await hasText(toast(), '保存成功');
    await settings.waitFor({ state: 'hidden' });
    await row.getByTestId('row-view').click();
    const view = page.getByTestId('dock-view');
    await hasText(view, '120');
    await hasText(view, '悬停');
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-dock-view') });
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // editing keeps the dock's own drone choosable and bound
    await row.getByTestId('row-edit').click();
    const form = page.getByTestId('dock-form');
    await hasText(form.getByTestId('field-droneIds'), DRONE);
    await hasText(form.getByTestId('field-modelId'), '大疆机场 2');
    await form.getByTestId('field-droneIds').click();
    const own = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DRONE });
    expect(await own.getAttribute('aria-disabled')).not.toBe('true');
    await form.getByTestId('field-name').click();
    await page.getByTestId('dock-submit').click();
    await hasText(toast(), '修改成功');
    await form.waitFor({ state: 'hidden' });
    await hasText(row, DRONE);

    // the streams: two of five set, each copyable
    await row.getByTestId('row-streams').click();
    const preview = page.getByTestId('stream-preview');
    await hasText(preview.getByTestId('stream-count'), '已配置 2 / 5 路');
    await hasText(preview.getByTestId('stream-streamOutside'), STREAM_OUTSIDE);
    await hasText(preview.getByTestId('stream-streamLeftWing'), '未配置');
    expect(await preview.getByTestId('stream-streamInside').locator('.ant-typography-copy').count()).toBe(1);
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-stream-preview') });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // reset: confirmed first, then a new password, once
    await row.getByTestId('row-reset-credential').click();
    await page.getByTestId('confirm-reset').click();
    const dock = await readCredentials(DOCK_SN);
    expect(dock).not.toBe(issued.dock);
    await closeCredentials();
    await tableHome('dock');
    await still(page);
    await page.screenshot({ path: screenshotPath('fleet-dock-list') });

    // the drone's edit form opens with its type and model kept
    await open('/device-manager/device/index', 'device');
    await rowOf('device', DRONE_SN).getByTestId('row-edit').click();
    const device = page.getByTestId('device-form');
    await hasText(device.getByTestId('field-modelId'), 'Matrice 3D');
    await hasText(device.getByTestId('field-type'), '飞行器');
    await device.getByTestId('field-payloadIds').waitFor();
    await page.getByTestId('device-submit').click();
    await hasText(toast(), '修改成功');
    await device.waitFor({ state: 'hidden' });
    await hasText(rowOf('device', DRONE_SN), 'Matrice 3D');

    await rowOf('device', DRONE_SN).getByTestId('row-reset-credential').click();
    await page.getByTestId('confirm-reset').click();
    expect(await readCredentials(DRONE_SN)).not.toBe(issued.drone);
    await closeCredentials();
  });

  it('lists the docks in English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await open('/device-manager/hangar/index', 'dock', english.page);
      const row = rowOf('dock', DOCK_SN, english.page);
      await hasText(row, 'Multirotor dock');
      await hasText(row, 'DJI Dock 2');
      await hasText(row, 'Basic settings');
      await still(english.page);
      await english.page.screenshot({ path: screenshotPath('fleet-dock-list-en-US') });
    } finally {
      await english.context.close();
    }
  });
});
