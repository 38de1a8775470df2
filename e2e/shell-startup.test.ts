import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { developmentReactIn, entryScripts } from '../scripts/console-build.mjs';
import { hasText, newPage, onePlatform, screenshotPath } from './harness.js';

const env = onePlatform();
const CONSOLE_DIR =
  process.env.E2E_CONSOLE_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));

const failure = (page: Page) => page.locator('#boot[data-state="failed"]');

describe('start-up', () => {
  it('says so, in Chinese, when the entry script answers 404, and retries into the console', async () => {
    const { context, page } = await newPage(env.browser);
    await page.route('**/assets/index-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(`${env.platform.url}/login`);
    await failure(page).waitFor();
    await hasText(failure(page), '控制台加载失败');
    await hasText(failure(page), '请检查网络后重试');
    expect(await page.locator('#boot .spinner').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('startup-failed-zh-CN') });
    // the files are back: retry loads the console
    await page.unroute('**/assets/index-*.js');
    await failure(page).getByRole('button', { name: '重试' }).click();
    await page.getByTestId('login-submit').waitFor();
    await page.waitForFunction(() => !document.getElementById('boot'));
    await context.close();
  });

  it("says so in the user's language when a module of the first page cannot be fetched", async () => {
    const { context, page } = await newPage(env.browser, 'en-US');
    await page.goto(`${env.platform.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    await page.evaluate(() =>
      localStorage.setItem('aos-language', JSON.stringify({ dataType: 'string', content: 'en-US' })),
    );
    // the network drops while the framework chunk (a static import of the entry) downloads
    await page.route('**/assets/react-*.js', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await failure(page).waitFor();
    await hasText(failure(page), 'The console could not be loaded');
    await hasText(failure(page), 'Check the connection and retry.');
    expect(await failure(page).getByRole('button').textContent()).toBe('Retry');
    await page.screenshot({ path: screenshotPath('startup-failed-en-US') });
    await context.close();
  });

  it("shows the retry page when the sign-in page's own chunk fails, never a blank page", async () => {
    const { context, page } = await newPage(env.browser);
    await page.route('**/assets/LoginPage-*.js', (route) => route.abort('failed'));
    await page.goto(`${env.platform.url}/login`);
    const chunkError = page.getByTestId('chunk-error');
    await chunkError.waitFor();
    await hasText(chunkError, '页面资源加载失败');
    expect(await failure(page).count()).toBe(0);
    await page.unroute('**/assets/LoginPage-*.js');
    await chunkError.getByRole('button').click();
    await page.getByTestId('login-submit').waitFor();
    await context.close();
  });
});

describe('the built console', () => {
  it("ships React's production build, whatever NODE_ENV the build ran under", () => {
    expect(entryScripts(CONSOLE_DIR).some((file) => /react-.*\.js$/.test(file))).toBe(true);
    expect(developmentReactIn(CONSOLE_DIR)).toEqual([]);
  });
});
