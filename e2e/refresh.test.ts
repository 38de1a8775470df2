import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, refreshToken } from '../apps/server/src/db/schema/index.js';
import { newPage, onePlatform, signedIn } from './harness.js';

const env = onePlatform();
beforeAll(async () => {
  // Short-lived access tokens, so the refresh window (half the life, at most 10 minutes) opens in 12 s.
  await env.platform.app.database.db
    .update(client)
    .set({ accessTokenValidity: 24 })
    .where(eq(client.clientId, 'saber'));
});

const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('aos-token') ?? 'null')?.content as string | undefined,
  );

describe('token refresh timer', () => {
  it('renews the access token before it expires while signed in', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    const first = await storedToken(page);
    await page.waitForFunction(
      (old) => JSON.parse(sessionStorage.getItem('aos-token') ?? 'null')?.content !== old,
      first,
      {
        timeout: 30_000,
      },
    );
    const second = await storedToken(page);
    expect(second).toMatch(/^ey/);
    const info = await fetch(`${env.platform.url}/api/blade-auth/oauth/user-info`, {
      headers: { 'Blade-Auth': `bearer ${second}` },
    });
    expect(info.status).toBe(200);
    await context.close();
  });

  it('logs out when the refresh fails', async () => {
    const { context, page } = await newPage(env.browser);
    await signedIn(page, env.platform);
    // The refresh tokens disappear (an administrator ended the sessions): the next refresh is refused.
    await env.platform.app.database.db.delete(refreshToken);
    await page.waitForURL('**/login', { timeout: 30_000 });
    expect(await storedToken(page)).toBeUndefined();
    await context.close();
  });
});
