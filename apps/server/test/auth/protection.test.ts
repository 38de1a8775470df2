import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant, user } from '../../src/db/schema/index.js';
import { ADMIN_PASSWORD, as, createTenant, createTestApp, login, passwordGrant } from '../helper.js';

/** Read the code of a captcha the way a person would: the test peeks into the cache instead. */
async function freshCaptcha(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  const { key, image } = response.json();
  const code = await app.cache.get(`captcha:${key}`);
  return { key, image, code: code! };
}

describe('captcha mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_ENABLED: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a picture code as {key, image}', async () => {
    const { key, image } = await freshCaptcha(app);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const string = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captchaString' });
    expect(string.json()).toMatchObject({ code: 200, success: true, data: { key: expect.any(String) } });
    expect(string.json().data.image).toMatch(/^<svg/);
  });

  it('requires a captcha for the password grant when captcha mode is on', async () => {
    const response = await app.inject(
      passwordGrant('000000', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'please enter the verification code',
    });
  });

  it('accepts a right code once, case-insensitively, and never twice', async () => {
    const { key, code } = await freshCaptcha(app);
    const headers = { 'captcha-key': key, 'captcha-code': code.toUpperCase() };
    const first = await app.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD, headers));
    expect(first.statusCode).toBe(200);
    const again = await app.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD, headers));
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('验证码不正确或已过期');
  });

  it('spends a code on a wrong guess', async () => {
    const { key, code } = await freshCaptcha(app);
    const wrong = await app.inject(
      passwordGrant('000000', 'admin', ADMIN_PASSWORD, { 'captcha-key': key, 'captcha-code': 'zzzz' }),
    );
    expect(wrong.statusCode).toBe(400);
    const right = await app.inject(
      passwordGrant('000000', 'admin', ADMIN_PASSWORD, { 'captcha-key': key, 'captcha-code': code }),
    );
    expect(right.statusCode).toBe(400);
  });
});

describe('sign-in lockout', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Five sign-ins must fit in one lock period (the counter's life), even on a loaded machine.
    app = await createTestApp({ LOGIN_LOCK_SECONDS: '6' });
    await createTenant(app, '100001');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('locks an account after five failures, even for the right password, until the lock expires', async () => {
    const wrong = () =>
      app.inject(passwordGrant('100001', 'admin', 'Wrong1234', { 'accept-language': 'en-US' }));
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await wrong()).json().error_description).toBe('the user name or password is not correct');
    }
    const fifth = await wrong();
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().error_description).toMatch(/account is locked, try again in 1 minutes/);
    const right = await app.inject(
      passwordGrant('100001', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(right.json().error_description).toMatch(/account is locked/);
    // Another account of the platform is not affected.
    expect((await app.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6_200));
    expect((await app.inject(passwordGrant('100001', 'admin', ADMIN_PASSWORD))).statusCode).toBe(200);
  });
});

describe('tenant and account state', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createTenant(app, '200001', { expireTime: new Date(Date.now() - 60_000) });
    await createTenant(app, '200002');
    await createTenant(app, '200003');
    await createTenant(app, '200004');
  });
  afterAll(async () => {
    await app?.close();
  });

  // The counter lives as long as a lock (LOGIN_LOCK_SECONDS, 1800 s here): twenty slow sign-ins all count.
  it('locks an address after twenty failures across accounts', async () => {
    const from = (account: string) =>
      app.inject({
        ...passwordGrant('000000', account, 'Wrong1234', { 'accept-language': 'en-US' }),
        remoteAddress: '10.9.8.7',
      });
    for (let attempt = 0; attempt < 19; attempt++) {
      expect((await from(`someone${attempt}`)).json().error_description).toBe(
        'the user name or password is not correct',
      );
    }
    expect((await from('someone-else')).json().error_description).toMatch(/from this address: it is locked/);
    const right = await app.inject({
      ...passwordGrant('000000', 'admin', ADMIN_PASSWORD),
      remoteAddress: '10.9.8.7',
    });
    expect(right.statusCode).toBe(400);
    expect((await app.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD))).statusCode).toBe(200);
  });

  it('refuses sign-in to an expired tenant', async () => {
    const response = await app.inject(
      passwordGrant('200001', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the tenant licence has expired, please contact the administrator',
    });
  });

  it('refuses a frozen account, and its live tokens stop working once the cache is cleared', async () => {
    const tokens = await login(app, '200002');
    await app.database.db.update(user).set({ status: 2 }).where(eq(user.tenantId, '200002'));
    const response = await app.inject(
      passwordGrant('200002', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the account is frozen, please contact the administrator',
    });
    await app.services.principals.invalidate(tokens.user_id as string);
    const live = await as(app, tokens.access_token, 'en-US').get('/api/blade-auth/oauth/user-info');
    expect(live.statusCode).toBe(401);
    expect(live.json().msg).toBe('the account is frozen, please contact the administrator');
  });

  it('refuses a refresh once the tenant has expired', async () => {
    const tokens = await login(app, '200003');
    await app.database.db
      .update(tenant)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(tenant.tenantId, '200003'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      headers: { authorization: passwordGrant('', '', '').headers!.authorization as string },
    });
    expect(response.json().error_description).toBe('租户授权已过期，请联系管理员');
  });

  it('a frozen tenant cannot sign in', async () => {
    await app.database.db.update(tenant).set({ status: 2 }).where(eq(tenant.tenantId, '200004'));
    const response = await app.inject(passwordGrant('200004', 'admin', ADMIN_PASSWORD));
    expect(response.json().error_description).toBe('租户已被冻结，请联系管理员');
  });
});
