import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { pgliteTemplate } from '../apps/server/test/pglite-template.js';

export const ADMIN_PASSWORD = 'Admin@123';
/** The built console; E2E_CONSOLE_DIR points elsewhere (a build of one's own while others rebuild dist). */
const CONSOLE_DIR =
  process.env.E2E_CONSOLE_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));

export interface Platform {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The real server with the built console, on a random port, with its own embedded database. */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  if (!existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    throw new Error('the console is not built: run `npm run build -w @aos/web` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aos-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '10',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    database: { kind: 'pglite', dataDir: null, template: await pgliteTemplate() },
    logger: false,
    consoleDir: CONSOLE_DIR,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, driven by playwright-core (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  language: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: the console then turns antd's animations off, so a test acts on the page's state, not on
  // a dialog or a row still sliding in or out (the source of clicks timing out on a loaded machine).
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: language,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      policyViolations.push(`${page.url()}: ${message.text()}`);
    }
  });
  return { context, page };
}

/**
 * What the console's Content-Security-Policy refused in any page of this file (Chromium reports each refusal
 * as a console error); e2e/setup.ts fails the test during which one happened.
 */
export const policyViolations: string[] = [];

/** Sign in through the form as a person would (captcha mode off unless `captchaCode` finds the code). */
export async function signIn(
  page: Page,
  platform: Platform,
  options: { tenant?: string; username?: string; password?: string; captcha?: boolean } = {},
) {
  if (!new URL(page.url()).pathname.startsWith('/login') || options.captcha)
    await page.goto(`${platform.url}/login`);
  const captchaResponse = options.captcha
    ? page.waitForResponse((response) => response.url().includes('/oauth/captcha'))
    : undefined;
  await page.getByTestId('login-submit').waitFor();
  if (options.tenant) await page.getByPlaceholder(/租户编号|Tenant ID/).fill(options.tenant);
  await page.getByPlaceholder(/用户名|User name/).fill(options.username ?? 'admin');
  await page.getByPlaceholder(/^密码$|^Password$/).fill(options.password ?? ADMIN_PASSWORD);
  if (captchaResponse) {
    const { key } = await (await captchaResponse).json();
    const code = await platform.app.cache.get(`captcha:${key}`);
    await page.getByPlaceholder(/验证码|Code/).fill(code ?? '');
  }
  await page.getByTestId('login-submit').click();
}

export async function signedIn(page: Page, platform: Platform, options?: Parameters<typeof signIn>[2]) {
  await signIn(page, platform, options);
  await page.waitForURL('**/home');
  await page.getByTestId('home').waitFor();
}

/**
 * Sign in with the console in English: the language is stored the way the language switch stores it
 * (Saber storage, `aos-language`) on the sign-in page, then the usual sign-in.
 */
export async function signedInEnglish(
  page: Page,
  platform: Platform,
  options?: Parameters<typeof signIn>[2],
) {
  await page.goto(`${platform.url}/login`);
  await page.evaluate(() =>
    localStorage.setItem(
      'aos-language',
      JSON.stringify({ dataType: 'string', content: 'en-US', datetime: 0 }),
    ),
  );
  await signedIn(page, platform, options);
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOTS, `${name}.png`);
}

/** Wait until `locator` shows `text` (playwright-core has no expect; this is its waiting assertion). */
export async function hasText(locator: Locator, text: string | RegExp) {
  await locator.filter({ hasText: text }).first().waitFor();
}

/** Dialogs, drawers and messages have finished their animations, then `settleMs` more (a screenshot worth looking at). */
export async function still(page: Page, settleMs = 300) {
  await page.waitForFunction(
    () => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
  );
  await page.waitForTimeout(settleMs);
}

/** Wait until the one-second start-up loading screen has gone (spec §9 Startup). */
export async function ready(page: Page) {
  await page.waitForFunction(() => !document.getElementById('boot'));
}

/**
 * One platform and one browser for a test file, started before its tests and closed after them. Read them
 * inside tests (`env.platform`, `env.browser`), once `beforeAll` has run.
 */
export function onePlatform(env: Record<string, string> = {}): { platform: Platform; browser: Browser } {
  const shared = {} as { platform: Platform; browser: Browser };
  beforeAll(async () => {
    [shared.platform, shared.browser] = await Promise.all([startPlatform(env), launchBrowser()]);
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.platform?.close();
  });
  return shared;
}
