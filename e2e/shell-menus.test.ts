import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasText,
  newPage,
  onePlatform,
  ready,
  screenshotPath,
  signedIn,
  signedInEnglish,
} from './harness.js';

const env = onePlatform();

/** Choose a header top menu and wait for the first screen under it. */
async function chooseTopMenu(page: Page, name: string, firstScreen: string) {
  await page.locator('.top-bar__menu', { hasText: name }).click();
  await page.waitForURL(`**${firstScreen}`);
  await page.locator('.top-bar__menu.is-active', { hasText: name }).waitFor();
}

const activeTab = (page: Page) => page.locator('.tabs-bar .ant-tabs-tab-active').textContent();

describe('top menus', () => {
  it('switch from one to another without a 404: each opens its first screen and narrows the side menu', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    const side = page.locator('.side-menu');
    await chooseTopMenu(page, '设备管理', '/device-manager/device/index');
    await hasText(side, '机库管理');
    await chooseTopMenu(page, '航线任务', '/route-mission/route/index');
    await hasText(side, '起降点');
    expect(await side.textContent()).not.toContain('机库管理');
    await chooseTopMenu(page, '实时监控', '/realtime-monitoring/index');
    await hasText(side, '轨迹回放');
    await chooseTopMenu(page, '设备管理', '/device-manager/device/index');
    await page.locator('.ant-table').first().waitFor();
    expect(await page.locator('[data-testid^="error-"]').count()).toBe(0);
    // choosing the active one again lets the side menu show every area
    await page.locator('.top-bar__menu.is-active').click();
    await hasText(side, '系统管理');
    await hasText(side, '设备管理');
    await context.close();
  });

  it('leave every screen reachable by its address, its tab and the side menu after a switch', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await chooseTopMenu(page, '设备管理', '/device-manager/device/index');
    // a screen outside the chosen top menu, by its address (a reload of the same tab)
    await page.goto(`${env.platform.url}/system/post/index`);
    await page.locator('.ant-table').first().waitFor();
    expect(await activeTab(page)).toBe('岗位管理');
    await page.locator('.top-bar__menu.is-active', { hasText: '设备管理' }).waitFor();
    expect(await page.locator('.side-menu').textContent()).not.toContain('系统管理');
    // another top menu, then back to that screen by its tab
    await chooseTopMenu(page, '实时监控', '/realtime-monitoring/index');
    await page.locator('.tabs-bar .ant-tabs-tab-active', { hasText: '实时地图' }).waitFor();
    await page.getByRole('tab', { name: '岗位管理' }).click();
    await page.waitForURL('**/system/post/index');
    await page.locator('.ant-table').first().waitFor();
    expect(await page.locator('[data-testid^="error-"]').count()).toBe(0);
    // the remote-control link of the live screens (outside the frame) opens as well
    await page.goto(`${env.platform.url}/remote-control?sn=NOT-A-DOCK`);
    await hasText(page.getByTestId('remote-not-found'), 'NOT-A-DOCK');
    expect(new URL(page.url()).search).toBe('?sn=NOT-A-DOCK');
    await context.close();
  });
});

describe('side menu and tabs', () => {
  /** Labels whose text does not fit their line (cut with an ellipsis or hidden). */
  const cutLabels = (page: Page) =>
    page
      .locator('.side-menu .ant-menu-title-content')
      .evaluateAll((labels) =>
        labels
          .filter(
            (label) =>
              label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
          )
          .map((label) => label.textContent),
      );

  it('show every English label whole, and the first tab reads Home', async () => {
    const { context, page } = await newPage(env.browser, 'en-US');
    await signedInEnglish(page, env.platform);
    await page.reload(); // the language stored before sign-in takes effect on a load, as the switch does
    await page.getByTestId('home').waitFor();
    await ready(page);
    const side = page.locator('.side-menu');
    await side.getByText('Devices', { exact: true }).click();
    await side.getByText('System', { exact: true }).click();
    const label = side.getByText('Device management', { exact: true });
    await label.waitFor();
    expect(await cutLabels(page)).toEqual([]);
    // the whole label is on screen, inside the side menu
    const [box, menu] = await Promise.all([label.boundingBox(), side.boundingBox()]);
    expect(box!.x + box!.width).toBeLessThanOrEqual(menu!.x + menu!.width);
    expect((await page.locator('.tabs-bar .ant-tabs-tab').first().textContent())?.trim()).toBe('Home');
    await page.screenshot({
      path: screenshotPath('side-menu-en-US'),
      clip: { x: 0, y: 0, width: 700, height: 900 },
    });
    await context.close();
  });

  it('show every Chinese label whole, and the first tab reads 首页', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await ready(page);
    const side = page.locator('.side-menu');
    await side.getByText('设备管理', { exact: true }).first().click();
    await side.getByText('系统管理', { exact: true }).click();
    await side.getByText('机库管理', { exact: true }).waitFor();
    expect(await cutLabels(page)).toEqual([]);
    expect((await page.locator('.tabs-bar .ant-tabs-tab').first().textContent())?.trim()).toBe('首页');
    await page.screenshot({
      path: screenshotPath('side-menu-zh-CN'),
      clip: { x: 0, y: 0, width: 700, height: 900 },
    });
    await context.close();
  });
});
