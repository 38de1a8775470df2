import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, hasText, newPage, onePlatform, screenshotPath, signIn } from './harness.js';

const env = onePlatform();
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A tenant added by the platform administrator, as tenant management adds it: its admin has the init password. */
async function addTenant(tenantName: string): Promise<{ tenantId: string; adminPassword: string }> {
  const { app } = env.platform;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: CLIENT_BASIC },
    query: {
      tenantId: '000000',
      username: 'admin',
      password: md5(ADMIN_PASSWORD),
      grant_type: 'password',
      scope: 'all',
    },
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/blade-system/tenant/submit',
    headers: { 'blade-auth': `bearer ${signIn.json().access_token}` },
    payload: { tenantName },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data;
}

describe('the init password is changed first (issue 14)', () => {
  it('a new tenant admin signs in with the init password, sees only the change screen, then goes home', async () => {
    const { tenantId, adminPassword } = await addTenant('首次登录公司');
    expect(adminPassword).toBe('123456');
    const { context, page } = await newPage(env.browser);
    await signIn(page, env.platform, { tenant: tenantId, username: 'admin', password: adminPassword });
    await page.waitForURL('**/change-password');
    const screen = page.getByTestId('change-password-page');
    await hasText(screen, '您使用初始密码登录');
    await hasText(page.getByTestId('change-password-who'), 'admin（首次登录公司）');
    await page.screenshot({ path: screenshotPath('forced-password-change') });
    // nothing else opens meanwhile: any address comes back here
    await page.goto(`${env.platform.url}/home`);
    await page.waitForURL('**/change-password');
    await screen.waitFor();

    await page.getByLabel('原密码').fill(adminPassword);
    await page.getByLabel('新密码').fill('Fresh2468');
    await page.getByLabel('确认密码').fill('Fresh2468');
    await page.getByTestId('password-save').click();
    await page.waitForURL('**/home');
    await page.getByTestId('home').waitFor();
    await hasText(page.locator('.side-menu'), '系统管理');
    await context.close();

    // the new password is the one that signs in now, straight to home
    const again = await newPage(env.browser);
    await signIn(again.page, env.platform, { tenant: tenantId, username: 'admin', password: 'Fresh2468' });
    await again.page.waitForURL('**/home');
    await again.page.getByTestId('home').waitFor();
    await again.context.close();
  });
});
