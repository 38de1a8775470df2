import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasText, newPage, onePlatform, ready, screenshotPath, signedIn } from './harness.js';

const env = onePlatform();

const tabLabels = (page: Page) =>
  page.locator('.tabs-bar .ant-tabs-tab').evaluateAll((tabs) => tabs.map((tab) => tab.textContent?.trim()));

/** Wait until the tabs bar shows exactly `labels` (it updates once the route has rendered). */
async function tabsAre(page: Page, labels: string[]) {
  await page
    .waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('.tabs-bar .ant-tabs-tab')].map((tab) => tab.textContent?.trim()),
        ) === JSON.stringify(expected),
      labels,
      { timeout: 5000 },
    )
    .catch(async () => expect(await tabLabels(page)).toEqual(labels));
}

/** Open a screen from the side menu as a person would: open the group, click the entry, see it shown. */
async function openScreen(page: Page, group: string, screen: string, path: string) {
  const menu = page.locator('.side-menu');
  const item = menu.getByRole('menuitem', { name: screen });
  if (!(await item.isVisible())) await menu.getByText(group).click();
  await item.click();
  await page.waitForURL(`**${path}`);
  // a person waits for the screen: its tab is current once it has rendered
  await page.locator('.tabs-bar .ant-tabs-tab-active', { hasText: screen }).waitFor();
}

describe('layout', () => {
  it('switching the language stores it and reloads into English', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.getByTestId('language').click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await reloaded;
    await hasText(page.locator('.side-menu'), 'System');
    await hasText(page.getByTestId('home'), 'Welcome');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('aos-language')!).content)).toBe(
      'en-US',
    );
    await ready(page);
    await page.screenshot({ path: screenshotPath('home-en-US') });
    await page.getByTestId('language').click();
    const back = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await back;
    await hasText(page.locator('.side-menu'), '系统管理');
    await ready(page);
    await page.screenshot({ path: screenshotPath('home-zh-CN') });
    await context.close();
  });

  it('top menu entries narrow the side menu to their area', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.locator('.top-bar__menu', { hasText: '设备管理' }).click();
    await page.waitForURL('**/device-manager/device/index');
    await hasText(page.locator('.side-menu'), '机库管理');
    expect(await page.locator('.side-menu').textContent()).not.toContain('系统管理');
    await context.close();
  });

  it('tabs: adding makes current, home cannot close, a single tab cannot close, close others keeps current and home', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await openScreen(page, '系统管理', '岗位管理', '/system/post/index');
    await openScreen(page, '系统管理', '角色管理', '/system/role/index');
    await openScreen(page, '系统管理', '用户管理', '/system/user/index');
    await tabsAre(page, ['首页', '岗位管理', '角色管理', '用户管理']);
    expect(await page.locator('.tabs-bar .ant-tabs-tab-active').textContent()).toBe('用户管理');
    // re-opening an open screen makes its tab current without adding one
    await openScreen(page, '系统管理', '岗位管理', '/system/post/index');
    await page.locator('.tabs-bar .ant-tabs-tab-active', { hasText: '岗位管理' }).waitFor();
    expect(await tabLabels(page)).toHaveLength(4);
    // the home tab has no close button
    expect(
      await page.locator('.tabs-bar .ant-tabs-tab').first().locator('.ant-tabs-tab-remove').count(),
    ).toBe(0);
    // close the current tab: its neighbour becomes current
    await page.locator('.tabs-bar .ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL('**/system/role/index');
    await tabsAre(page, ['首页', '角色管理', '用户管理']);
    // close others keeps the current tab and the home tab
    await page.getByTestId('tabs-more').click();
    await page.getByText('关闭其他').click();
    await tabsAre(page, ['首页', '角色管理']);
    // close all leaves only home, which then cannot be closed
    await page.getByTestId('tabs-more').click();
    await page.getByText('关闭全部').click();
    await page.waitForURL('**/home');
    await tabsAre(page, ['首页']);
    expect(await page.locator('.tabs-bar .ant-tabs-tab-remove').count()).toBe(0);
    // a menu's own address, typed, lands on its screen in one tab (it redirects to '/index')
    await page.goto(`${env.platform.url}/system/post`);
    await page.waitForURL('**/system/post/index');
    await page.locator('.ant-table').first().waitFor();
    expect(await tabLabels(page)).toEqual(['首页', '岗位管理']);
    await context.close();
  });

  it("a screen whose chunk fails to load offers a retry, in the sign-in page's own styles", async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.route('**/assets/PostPage-*.js', (route) => route.abort('failed'));
    await page.locator('.side-menu').getByText('系统管理').click();
    await page.locator('.side-menu').getByRole('menuitem', { name: '岗位管理' }).click();
    const failure = page.getByTestId('chunk-error');
    await failure.waitFor();
    await hasText(failure, '页面资源加载失败');
    await hasText(failure, '网络不稳定或版本已更新，请重试。');
    await page.screenshot({ path: screenshotPath('chunk-error') });
    // the network is back: retry reloads the page and the screen opens
    await page.unroute('**/assets/PostPage-*.js');
    await failure.getByRole('button').click();
    await page.waitForURL('**/system/post/index');
    await page.locator('.ant-table').first().waitFor();
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
    await context.close();
  });

  it('keeps the home page alive with its scroll position across tab switches', async () => {
    const { context, page } = await newPage(env.browser);
    await page.setViewportSize({ width: 1200, height: 420 });
    await signedIn(page, env.platform);
    const pane = page.locator('.page-pane[data-path="/home"]');
    await pane.evaluate((element) => {
      element.scrollTop = 200;
    });
    const before = await pane.evaluate((element) => element.scrollTop);
    expect(before).toBeGreaterThan(0);
    await openScreen(page, '系统管理', '岗位管理', '/system/post/index');
    await page.getByRole('tab', { name: '首页' }).click();
    await page.waitForURL('**/home');
    // the screen comes back in a transition: wait for it to be shown, then for the position
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('.page-pane[data-path="/home"]') as HTMLElement | null)?.scrollTop ===
        expected,
      before,
      { timeout: 3000 },
    );
    await context.close();
  });
});

describe('lock screen', () => {
  it('locks, keeps everything else unreachable (also after a reload), and unlocks with the password', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '锁屏' }).click();
    await page.getByTestId('lock-password').fill('unlock-me');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.waitForURL('**/lock');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('aos-lockPasswd')!).content)).toBe(
      'unlock-me',
    );
    await page.goto(`${env.platform.url}/home`);
    await page.waitForURL('**/lock');
    await page.reload();
    await page.getByTestId('lock-page').waitFor();
    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('unlock').click();
    await page.getByText('锁屏密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/lock');
    await page.getByTestId('unlock-password').fill('unlock-me');
    await page.getByTestId('unlock').click();
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => sessionStorage.getItem('aos-lockPasswd'))).toBeNull();
    await page.goto(`${env.platform.url}/lock`);
    await page.waitForURL('**/home');
    await context.close();
  });
});
