import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasText,
  launchBrowser,
  newPage,
  type Platform,
  signedIn,
  signIn,
  startPlatform,
} from './harness.js';

let platform: Platform;
let captchaPlatform: Platform;
let singleTenant: Platform;
let browser: Browser;

beforeAll(async () => {
  // one after another: each embedded database seeds on this thread
  platform = await startPlatform();
  captchaPlatform = await startPlatform({ CAPTCHA_ENABLED: 'true' });
  singleTenant = await startPlatform({ TENANT_MODE: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([platform?.close(), captchaPlatform?.close(), singleTenant?.close()]);
});

describe('sign-in', () => {
  it('signs in without captcha and lands on /home with the menu loaded', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    await hasText(page.locator('.side-menu'), '系统管理');
    const stored = await page.evaluate(() => ({
      token: sessionStorage.getItem('aos-token'),
      refresh: localStorage.getItem('aos-refreshToken'),
      user: localStorage.getItem('aos-userInfo'),
      tenant: localStorage.getItem('aos-tenantId'),
    }));
    expect(JSON.parse(stored.token!).content).toMatch(/^ey/);
    expect(JSON.parse(stored.refresh!).content.length).toBeGreaterThan(20);
    expect(JSON.parse(stored.user!).content.account).toBe('admin');
    expect(JSON.parse(stored.tenant!).content).toBe('000000');
    await context.close();
  });

  it('signs in with captcha mode on: the picture code is required and checked', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${captchaPlatform.url}/login`);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=captcha-image]')?.getAttribute('src'),
    );
    expect(await page.getByTestId('captcha-image').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder(/^密码$/).fill('Admin@123');
    await page.getByTestId('login-submit').click();
    await page.getByText('请输入验证码').waitFor();
    await signIn(page, captchaPlatform, { captcha: true });
    await page.waitForURL('**/home');
    await context.close();
  });

  it('asks for no tenant when tenant mode is off', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${singleTenant.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByPlaceholder('租户编号').count()).toBe(0);
    await signedIn(page, singleTenant);
    await context.close();
  });

  it('shows the server error_description for a wrong password and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, platform, { password: 'Wrong-pass1' });
    await page.getByText('用户名或密码不正确').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('refuses a password shorter than 6 in the form', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, platform, { password: '12345' });
    await page.getByText('密码长度最少为 6 位').waitFor();
    await context.close();
  });

  it('returns to the page the visitor asked for after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${platform.url}/personal-center`);
    await page.waitForURL('**/login?redirect=%2Fpersonal-center');
    await signIn(page, platform);
    await page.waitForURL('**/personal-center');
    await page.getByTestId('personal-center').waitFor();
    await context.close();
  });

  it('a 401 in the middle of a session logs out and returns to /login', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('aos-token')!).content as string,
    );
    // The session is revoked elsewhere (another tab, an administrator): the next call answers 401.
    await fetch(`${platform.url}/api/blade-auth/oauth/logout`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    });
    await page.getByTestId('user-menu').click();
    await page.getByText('个人中心').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('aos-token'))).toBeNull();
    await context.close();
  });
});

describe('routing rules (spec §2)', () => {
  it('sends an unauthenticated visitor to /login from any path', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/home', '/personal-center', '/system/user/index', '/anything']) {
      await page.goto(`${platform.url}${path}`);
      await page.waitForURL('**/login**');
    }
    await context.close();
  });

  it('sends a signed-in user who opens /login to / and / to /home', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    await page.goto(`${platform.url}/login`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(`${platform.url}/`);
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });

  it('/404 redirects a stranger to /login after a second; a signed-in user stays', async () => {
    const { context, page } = await newPage(browser);
    // Times taken in the page, on its own clock: when the not-found text appears and when the router leaves
    // for /login. A timer never fires early, so the gap is at least the page's second however busy the
    // machine is (timing it from the test's side would count how late the test noticed the page).
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (!marks.notFound && document.body?.textContent?.includes('抱歉，你访问的页面不存在'))
          marks.notFound = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        replace(...args);
        if (location.pathname === '/login' && !marks.login) marks.login = performance.now();
      };
    });
    await page.goto(`${platform.url}/404`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
    await page.waitForURL('**/login');
    const marks = await page.evaluate(
      () => (window as unknown as { __marks: Record<string, number> }).__marks,
    );
    expect(marks.login! - marks.notFound!).toBeGreaterThanOrEqual(990);
    await signedIn(page, platform);
    await page.goto(`${platform.url}/no/such/screen`);
    await page.waitForURL('**/404');
    await page.waitForTimeout(1300);
    expect(new URL(page.url()).pathname).toBe('/404');
    await context.close();
  });

  it('/remote-control hides the top header', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    expect(await page.locator('.console-header').count()).toBe(1);
    await page.goto(`${platform.url}/remote-control`);
    await page.getByText('选择要远程控制的机库').waitFor();
    expect(await page.locator('.console-header').count()).toBe(0);
    await context.close();
  });

  it('error pages say the spec messages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${platform.url}/403`);
    await page.getByText('抱歉，你无权访问该页面').waitFor();
    await page.goto(`${platform.url}/500`);
    await page.getByText('抱歉，服务器出错了').waitFor();
    await context.close();
  });

  it('menu screens not built yet say so; menu paths open their /index route; the title follows the route', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    expect(await page.title()).toBe('无人机智能巡检云平台');
    await page.goto(`${platform.url}/emergency/rank`);
    await page.waitForURL('**/emergency/rank/index');
    await hasText(page.getByTestId('not-available'), '应急等级');
    expect(await page.title()).toBe('应急等级');
    await context.close();
  });

  it('clears the user-centre and intelligent-screen tab keys on every route change', async () => {
    const { context, page } = await newPage(browser);
    await signedIn(page, platform);
    await page.evaluate(() => {
      sessionStorage.setItem(
        'aos-screenActiveTab',
        JSON.stringify({ dataType: 'string', content: 'x', type: 'session', datetime: 0 }),
      );
    });
    await page.locator('.side-menu').getByText('系统管理').click();
    await page.locator('.side-menu').getByText('岗位管理').click();
    await page.waitForURL('**/system/post/index');
    await page.waitForFunction(() => sessionStorage.getItem('aos-screenActiveTab') === null, undefined, {
      timeout: 3000,
    });
    await context.close();
  });
});
