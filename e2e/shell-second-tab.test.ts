import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../apps/server/src/db/schema/index.js';
import { hasText, newPage, onePlatform, signIn, signedIn } from './harness.js';

const env = onePlatform();
beforeAll(async () => {
  // Short-lived access tokens, so a tab renews its own within 12 s (half the life, at most 10 minutes).
  await env.platform.app.database.db
    .update(client)
    .set({ accessTokenValidity: 24 })
    .where(eq(client.clientId, 'saber'));
});

const REMOTE = '/remote-control?sn=NOT-A-DOCK';

const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('aos-token') ?? 'null')?.content as string | undefined,
  );

/** Whether the server still takes an access token (a reused refresh token would have revoked it). */
async function accepted(token: string | undefined): Promise<boolean> {
  const response = await fetch(`${env.platform.url}/api/blade-auth/oauth/user-info`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return response.status === 200;
}

describe('a second browser tab of a signed-in user', () => {
  it('restores the session from the refresh token and keeps its whole address', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    const second = await context.newPage();
    await second.goto(`${env.platform.url}${REMOTE}`);
    await hasText(second.getByTestId('remote-not-found'), 'NOT-A-DOCK');
    expect(new URL(second.url()).pathname + new URL(second.url()).search).toBe(REMOTE);
    const token = await storedToken(second);
    expect(token).toMatch(/^ey/);
    expect(token).not.toBe(await storedToken(page));
    // a screen of the menu: its route exists only once the tab has loaded the menu
    const third = await context.newPage();
    await third.goto(`${env.platform.url}/system/post/index`);
    await third.locator('.ant-table').first().waitFor();
    await hasText(third.locator('.tabs-bar .ant-tabs-tab-active'), '岗位管理');
    expect(new URL(third.url()).pathname).toBe('/system/post/index');
    await context.close();
  });

  it('takes turns with the first tab on the rotating refresh token: both stay signed in', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    const first = await storedToken(page);
    const second = await context.newPage();
    await second.goto(`${env.platform.url}/home`);
    await second.getByTestId('home').waitFor();
    // The first tab renews its token after the second spent the refresh token the first signed in with.
    await page.waitForFunction(
      (old) => JSON.parse(sessionStorage.getItem('aos-token') ?? 'null')?.content !== old,
      first,
      { timeout: 30_000 },
    );
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await accepted(await storedToken(page))).toBe(true);
    expect(await accepted(await storedToken(second))).toBe(true);
    await context.close();
  });

  it('without a session goes to sign-in, then back to its whole address', async () => {
    const { context, page } = await newPage(env.browser);
    await page.goto(`${env.platform.url}${REMOTE}`);
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(REMOTE);
    await signIn(page, env.platform);
    await page.waitForURL(`**${REMOTE}`);
    await hasText(page.getByTestId('remote-not-found'), 'NOT-A-DOCK');
    await context.close();
  });
});
