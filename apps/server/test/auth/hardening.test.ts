import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenant } from '../../src/db/schema/index.js';
import { md5Hex } from '../../src/lib/password.js';
import {
  ADMIN_PASSWORD,
  as,
  createTenant,
  createTestApp,
  login,
  passwordGrant,
  tokenRequest,
} from '../helper.js';

const passwords = (oldPassword: string, newPassword: string) => ({
  oldPassword: md5Hex(oldPassword),
  newPassword: md5Hex(newPassword),
  newPassword1: md5Hex(newPassword),
});

/** Issue 14: sign-in answers must not reveal which tenants exist, and every guess counts. */
describe('unknown tenant at sign-in', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createTenant(app, '300001');
    await app.database.db.update(tenant).set({ isDeleted: 1 }).where(eq(tenant.tenantId, '300001'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers an unknown or deleted tenant exactly as a wrong password, in both languages', async () => {
    for (const language of ['en-US', 'zh-CN']) {
      const wrong = await app.inject(
        passwordGrant('000000', 'admin', 'Wrong1234', { 'accept-language': language }),
      );
      expect(wrong.statusCode).toBe(400);
      for (const tenantId of ['999999', '300001']) {
        const unknown = await app.inject(
          passwordGrant(tenantId, 'admin', ADMIN_PASSWORD, { 'accept-language': language }),
        );
        expect(unknown.statusCode, tenantId).toBe(wrong.statusCode);
        expect(unknown.json(), tenantId).toEqual(wrong.json());
      }
    }
  });

  it('counts sign-ins to unknown tenants toward the address lockout', async () => {
    const from = (tenantId: string) =>
      app.inject({
        ...passwordGrant(tenantId, 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
        remoteAddress: '10.20.30.40',
      });
    for (let attempt = 0; attempt < 19; attempt++) {
      expect((await from(`9${String(attempt).padStart(5, '0')}`)).json().error_description).toBe(
        'the user name or password is not correct',
      );
    }
    expect((await from('988888')).json().error_description).toMatch(/from this address: it is locked/);
    const right = await app.inject({
      ...passwordGrant('000000', 'admin', ADMIN_PASSWORD),
      remoteAddress: '10.20.30.40',
    });
    expect(right.statusCode).toBe(400);
  });
});

describe('update-password and the account lockout', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createTenant(app, '300002');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts a wrong old password as a failed sign-in, and refuses update-password once locked', async () => {
    const url = '/api/blade-user/update-password';
    const caller = as(app, (await login(app, '300002')).access_token, 'en-US');
    // Three failed sign-ins and two wrong old passwords: five failures of one account.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await app.inject(passwordGrant('300002', 'admin', 'Wrong1234'))).statusCode).toBe(400);
    }
    const fourth = await caller.post(url, { query: passwords('Wrong1234', 'New@12345') });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().msg).toBe('oldPassword: the old password is not correct');
    const fifth = await caller.post(url, { query: passwords('Wrong1234', 'New@12345') });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({ code: 400, success: false });
    expect(fifth.json().msg).toMatch(/account is locked, try again in \d+ minutes/);
    // Locked: neither the right old password nor a sign-in with the right password gets through.
    const right = await caller.post(url, { query: passwords(ADMIN_PASSWORD, 'New@12345') });
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toMatch(/account is locked/);
    const signIn = await app.inject(
      passwordGrant('300002', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(signIn.json().error_description).toMatch(/account is locked/);
    expect((await caller.get('/api/blade-user/info')).statusCode).toBe(200);
  });
});

describe('the init password must be changed first', () => {
  let app: FastifyInstance;
  let tenantId: string;
  beforeAll(async () => {
    app = await createTestApp();
    const platform = (await login(app)).access_token;
    const created = await as(app, platform).post('/api/blade-system/tenant/submit', {
      payload: { tenantName: 'Init Password Co' },
    });
    tenantId = created.json().data.tenantId;
  });
  afterAll(async () => {
    await app?.close();
  });

  const url = '/api/blade-user/update-password';

  it('flags a new tenant admin and refuses everything but user-info, update-password and logout', async () => {
    const tokens = await login(app, tenantId, 'admin', '123456');
    expect(tokens.password_change_required).toBe(true);
    const caller = as(app, tokens.access_token, 'en-US');
    const info = await caller.get('/api/blade-auth/oauth/user-info');
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ account: 'admin', passwordChangeRequired: true });
    for (const path of [
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/buttons',
      '/api/blade-user/info',
      '/api/blade-user/page?current=1&size=10',
      '/api/blade-auth/oauth/clear-cache',
    ]) {
      const refused = await caller.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json(), path).toMatchObject({
        code: 403,
        success: false,
        msg: 'the password is the initial password: please change it first',
      });
    }
    const chinese = await as(app, tokens.access_token).get('/api/blade-system/menu/routes');
    expect(chinese.json().msg).toBe('当前密码为初始密码，请先修改密码');
    // The sign-in page's own calls need no token.
    expect((await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).statusCode).toBe(200);
    // A refreshed session is still held to it.
    const refreshed = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().password_change_required).toBe(true);
    const refreshedCaller = as(app, refreshed.json().access_token);
    expect((await refreshedCaller.get('/api/blade-system/menu/routes')).statusCode).toBe(403);
    expect((await refreshedCaller.post('/api/blade-auth/oauth/logout')).statusCode).toBe(200);
  });

  it('is cleared by update-password and set again by a reset', async () => {
    const first = await login(app, tenantId, 'admin', '123456');
    const changed = await as(app, first.access_token).post(url, { query: passwords('123456', 'Admin@2468') });
    expect(changed.statusCode).toBe(200);
    const tokens = await login(app, tenantId, 'admin', 'Admin@2468');
    expect(tokens.password_change_required).toBe(false);
    const caller = as(app, tokens.access_token);
    expect((await caller.get('/api/blade-auth/oauth/user-info')).json().data.passwordChangeRequired).toBe(
      false,
    );
    expect((await caller.get('/api/blade-system/menu/routes')).statusCode).toBe(200);

    // The admin adds a user and resets its password: that user must change it again.
    const added = await caller.post('/api/blade-user/submit', {
      payload: {
        account: 'resetme',
        name: 'resetme',
        password: md5Hex('Pilot@123'),
        password2: md5Hex('Pilot@123'),
        roleId: tokens.role_id,
        deptId: tokens.dept_id,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const own = await login(app, tenantId, 'resetme', 'Pilot@123');
    expect(own.password_change_required).toBe(false);
    const reset = await caller.post('/api/blade-user/reset-password', {
      query: { userIds: added.json().data.id },
    });
    expect(reset.statusCode).toBe(200);
    const after = await login(app, tenantId, 'resetme', '123456');
    expect(after.password_change_required).toBe(true);
    expect((await as(app, after.access_token).get('/api/blade-system/menu/routes')).statusCode).toBe(403);
  });
});

describe('picture and SMS codes per address', () => {
  let app: FastifyInstance;
  let token: string;
  const SMS = '/api/blade-resource/sms';
  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_PER_MINUTE_PER_IP: '3', SMS_CODES_PER_HOUR_PER_IP: '2' });
    token = (await login(app)).access_token;
    const config = await as(app, token).post(`${SMS}/submit`, {
      payload: { category: 0, smsCode: 'outbox', signName: 'Drone Cloud' },
    });
    await as(app, token).post(`${SMS}/enable?id=${config.json().data.id}`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 beyond the captcha limit of an address, in both languages; other addresses go on', async () => {
    const captcha = (url: string, remoteAddress: string, language = 'en-US') =>
      app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': language } });
    expect((await captcha('/api/blade-auth/oauth/captcha', '10.1.1.1')).statusCode).toBe(200);
    expect((await captcha('/api/blade-auth/oauth/captchaString', '10.1.1.1')).statusCode).toBe(200);
    expect((await captcha('/api/blade-auth/oauth/captcha', '10.1.1.1')).statusCode).toBe(200);
    const refused = await captcha('/api/blade-auth/oauth/captcha', '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, success: false });
    expect(refused.json().msg).toMatch(/^too many requests from this address, try again in \d+ seconds$/);
    const chinese = await captcha('/api/blade-auth/oauth/captchaString', '10.1.1.1', 'zh-CN');
    expect(chinese.statusCode).toBe(429);
    expect(chinese.json().msg).toMatch(/^该地址请求过于频繁，请 \d+ 秒后再试$/);
    expect((await captcha('/api/blade-auth/oauth/captcha', '10.1.1.2')).statusCode).toBe(200);
  });

  it('answers 429 beyond the SMS code limit of an address, whatever the phones', async () => {
    const send = (phone: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `${SMS}/endpoint/send-validate?phone=${phone}`,
        remoteAddress,
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
      });
    expect((await send('13900000101', '10.2.2.2')).statusCode).toBe(200);
    expect((await send('13900000102', '10.2.2.2')).statusCode).toBe(200);
    const refused = await send('13900000103', '10.2.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^too many requests from this address, try again in \d+ seconds$/);
    expect((await send('13900000103', '10.2.2.3')).statusCode).toBe(200);
  });
});

describe('a sign-in racing a password change', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createTenant(app, '300003');
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Run `change` once the grant has verified what it relies on, before it stores its session. */
  function changeMidway(change: () => Promise<void>) {
    const { principals } = app.services;
    const grants = principals.grants.bind(principals);
    let done = false;
    vi.spyOn(principals, 'grants').mockImplementation(async (...args) => {
      if (!done) {
        done = true;
        await change();
      }
      return grants(...args);
    });
  }

  it('refuses a sign-in that verified the old password when the change committed meanwhile', async () => {
    const holder = as(app, (await login(app, '300003')).access_token);
    changeMidway(async () => {
      const changed = await holder.post('/api/blade-user/update-password', {
        query: passwords(ADMIN_PASSWORD, 'Racer@2468'),
      });
      expect(changed.statusCode).toBe(200);
    });
    const racing = await app.inject(
      passwordGrant('300003', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(racing.statusCode).toBe(400);
    expect(racing.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the user name or password is not correct',
    });
    vi.restoreAllMocks();
    expect((await app.inject(passwordGrant('300003', 'admin', 'Racer@2468'))).statusCode).toBe(200);
  });

  it('refuses a refresh whose session a password change ended meanwhile', async () => {
    const tokens = await login(app, '300003', 'admin', 'Racer@2468');
    const holder = as(app, tokens.access_token);
    changeMidway(async () => {
      const changed = await holder.post('/api/blade-user/update-password', {
        query: passwords('Racer@2468', 'Racer@1357'),
      });
      expect(changed.statusCode).toBe(200);
    });
    const racing = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect(racing.statusCode).toBe(400);
    expect(racing.json().error).toBe('invalid_grant');
  });
});
