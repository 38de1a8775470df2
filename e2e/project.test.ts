import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../apps/server/test/org-helper.js';
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
const PROJECT = '北岭水库巡检';
const DOCK = '北岭机库';
const DOCK_SN = '7CTDPRJ00BVY5T';
const MEMBER = '王飞';
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ context, page } = await newPage(env.browser));
  await signedIn(page, env.platform);
  token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-token')!).content as string);
  // the dock and the user come from their own screens' tests: here through the API and the database
  const response = await env.platform.app.inject({
    method: 'POST',
    url: '/api/cloud-equipment/uavhangar/submit',
    headers: { authorization: CLIENT_BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': '000000' },
    payload: { name: DOCK, type: 1, serialNumber: DOCK_SN, modelId: 'dji-dock2' },
  });
  expect(response.statusCode, response.body).toBe(200);
  await addUser(env.platform.app, '000000', 'wangfei', { realName: MEMBER });
});
afterAll(async () => {
  await context?.close();
});

const rowOf = (text: string) => page.getByTestId('project-table').locator('tr', { hasText: text });
async function choose(dialog: Locator, field: string, option: string) {
  await dialog.getByTestId(`field-${field}`).click();
  await page
    .locator(
      '.ant-select-dropdown:visible .ant-select-item-option, .ant-select-dropdown:visible .ant-select-tree-node-content-wrapper',
      {
        hasText: option,
      },
    )
    .first()
    .click();
}
async function pickTime(field: Locator, text: string) {
  const input = field.locator('xpath=self::input | .//input').first();
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

describe('projects', () => {
  it('creates a project with its dock and centre, binds a member and sees them on its page', async () => {
    await page.goto(`${env.platform.url}/project/home/index`);
    await page.getByTestId('project-table').waitFor();
    await ready(page);
    const dialog = page.getByTestId('project-form');
    await page.getByTestId('project-add').click();
    await page.getByTestId('project-submit').click();
    await hasText(dialog, '请选择项目类型');

    await dialog.getByTestId('field-name').fill(PROJECT);
    await choose(dialog, 'type', '巡检');
    await choose(dialog, 'industryType', '水利');
    await pickTime(dialog.getByTestId('field-startTime'), '2026-01-01 08:00:00');
    await pickTime(dialog.getByTestId('field-endTime'), '2025-01-01 08:00:00');
    await page.getByTestId('project-submit').click();
    await hasText(dialog, '结束时间不能早于开始时间');
    await pickTime(dialog.getByTestId('field-endTime'), '2030-12-31 18:00:00');
    await choose(dialog, 'dockIds', DOCK);
    await page.keyboard.press('Escape');
    await dialog.getByTestId('field-centerLongitude').fill('116.397128');
    await dialog.getByTestId('field-centerLatitude').fill('39.916527');
    await still(page);
    await page.screenshot({ path: screenshotPath('project-form') });
    await page.getByTestId('project-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const row = rowOf(PROJECT);
    await hasText(row, '巡检');
    await hasText(row, '进行中');

    await row.getByTestId('row-manage').click();
    const drawer = page.getByTestId('project-drawer');
    await hasText(drawer, `项目：${PROJECT}`);
    await hasText(drawer.getByTestId('device-data'), '机场在线');
    // the dock chosen in the form is bound
    await drawer.getByRole('tab', { name: '设备' }).click();
    await hasText(drawer.getByTestId('machine-table'), DOCK_SN);
    // a member joins as a pilot
    await drawer.getByRole('tab', { name: '成员' }).click();
    await drawer.getByTestId('member-user').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: MEMBER })
      .first()
      .click();
    await drawer.getByTestId('member-role').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '飞手' }).click();
    await drawer.getByTestId('member-add').click();
    await hasText(drawer.getByTestId('member-table'), MEMBER);
    await hasText(drawer.getByTestId('member-table'), '飞手');
    await still(page);
    await page.screenshot({ path: screenshotPath('project-drawer') });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await hasText(rowOf(PROJECT), MEMBER);
  });

  it('edits the project: a later start makes it not started; searching by state finds it', async () => {
    await rowOf(PROJECT).getByTestId('row-edit').click();
    const dialog = page.getByTestId('project-form');
    await expect.poll(() => dialog.getByTestId('field-name').inputValue()).toBe(PROJECT);
    await pickTime(dialog.getByTestId('field-startTime'), '2029-06-01 08:00:00');
    await page.getByTestId('project-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await hasText(rowOf(PROJECT), '未开始');
    // the member and the dock stay
    await hasText(rowOf(PROJECT), MEMBER);
    await page.locator('.crud-search').getByTestId('field-state').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '进行中' }).click();
    await page.getByTestId('project-search').click();
    await rowOf(PROJECT).waitFor({ state: 'detached' });
  });

  it('authorises a user to see the project (project authorisation)', async () => {
    await page.goto(`${env.platform.url}/project/auth/index`);
    await page.getByTestId('projectauth-table').waitFor();
    await ready(page);
    const dialog = page.getByTestId('projectauth-form');
    await page.getByTestId('projectauth-add').click();
    await choose(dialog, 'projectId', PROJECT);
    await choose(dialog, 'userIds', MEMBER);
    await page.keyboard.press('Escape');
    await page.getByTestId('projectauth-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('projectauth-table').locator('tr', { hasText: PROJECT });
    await hasText(row, MEMBER);
    await still(page);
    await page.screenshot({ path: screenshotPath('project-auth') });
  });

  it('shows the project home and its page in English', async () => {
    const english = await newPage(env.browser, 'en-US');
    try {
      await signedInEnglish(english.page, env.platform);
      await english.page.goto(`${env.platform.url}/project/home/index`);
      await english.page.getByTestId('project-table').waitFor();
      await ready(english.page);
      const row = english.page.getByTestId('project-table').locator('tr', { hasText: PROJECT });
      await hasText(row, 'Not started');
      await hasText(row, 'Inspection');
      await row.getByTestId('row-manage').click();
      const drawer = english.page.getByTestId('project-drawer');
      await hasText(drawer, 'Docks online');
      await hasText(drawer.getByTestId('member-table'), 'Pilot');
      await english.page.waitForTimeout(300);
      await english.page.screenshot({ path: screenshotPath('project-drawer-en') });
    } finally {
      await english.context.close();
    }
  });
});
