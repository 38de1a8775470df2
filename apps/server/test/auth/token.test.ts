import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/lib/password.js';
import {
  ADMIN_PASSWORD,
  as,
  CLIENT_BASIC,
  createTestApp,
  login,
  passwordGrant,
  tokenRequest,
} from '../helper.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('password grant', () => {
  it('signs the platform admin in with the exact BladeX body', async () => {
    const response = await app.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      role_name: 'administrator',
      oauth_id: '',
    });
    for (const field of [
      'access_token',
      'refresh_token',
      'jti',
      'user_id',
      'dept_id',
      'role_id',
      'nick_name',
      'real_name',
      'avatar',
      'post_id',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.user_id).toMatch(/^\d+$/);
    expect(body).not.toHaveProperty('code');
  });

  it('accepts the parameters as a form body too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `tenantId=000000&username=admin&password=${md5Hex(ADMIN_PASSWORD)}&grant_type=password&scope=all`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with error and error_description in the caller language', async () => {
    const response = await app.inject(
      passwordGrant('000000', 'nobody-here', 'Wrong123', { 'accept-language': 'en-US' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the user name or password is not correct',
    });
    const chinese = await app.inject(passwordGrant('000000', 'nobody-here', 'Wrong123'));
    expect(chinese.json().error_description).toBe('用户名或密码不正确');
  });

  it('refuses missing parameters naming the parameter', async () => {
    const response = await app.inject(
      tokenRequest(
        { tenantId: '000000', username: 'admin', grant_type: 'password' },
        { 'accept-language': 'en-US' },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'please enter the password',
    });
  });

  it('refuses bad client credentials with 401 invalid_client', async () => {
    for (const authorization of [
      undefined,
      'Basic bm9wZQ==',
      `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
    ]) {
      const response = await app.inject({
        ...passwordGrant('000000', 'admin', ADMIN_PASSWORD),
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    }
  });

  it('refuses an unknown grant type', async () => {
    const response = await app.inject(tokenRequest({ grant_type: 'implicit' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unsupported_grant_type');
  });

  it('says social and phone-code login are not configured instead of pretending', async () => {
    for (const grant of ['social', 'sms_code']) {
      const response = await app.inject(tokenRequest({ grant_type: grant, tenantId: '000000' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
  });

  it('refuses an unknown tenant as a wrong password (tenant ids cannot be enumerated)', async () => {
    const response = await app.inject(
      passwordGrant('999999', 'admin', ADMIN_PASSWORD, { 'accept-language': 'en-US' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe('the user name or password is not correct');
  });
});

describe('captcha grant', () => {
  it('needs a valid picture code even when captcha mode is off', async () => {
    const params = {
      tenantId: '000000',
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
      grant_type: 'captcha',
    };
    const without = await app.inject(tokenRequest(params));
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe('invalid_grant');
    const { key } = (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    const code = await app.cache.get(`captcha:${key}`);
    const withCode = await app.inject(tokenRequest(params, { 'captcha-key': key, 'captcha-code': code! }));
    expect(withCode.statusCode).toBe(200);
  });
});

describe('refresh_token grant', () => {
  it('rotates the refresh token on every use and keeps the session working', async () => {
    const first = await login(app);
    const response = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await as(app, second.access_token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
    const third = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
    );
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const first = await login(app);
    const second = (
      await app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }))
    ).json();
    const reuse = await app.inject(
      tokenRequest(
        { grant_type: 'refresh_token', refresh_token: first.refresh_token },
        { 'accept-language': 'en-US' },
      ),
    );
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the refresh token was already used: the session was revoked, please sign in again',
    });
    // The legitimate holder's newer tokens die with the family.
    const afterwards = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
    );
    expect(afterwards.statusCode).toBe(400);
    expect((await as(app, second.access_token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await login(app);
    expect((await as(app, other.access_token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: 'made-up' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });
});

describe('logout', () => {
  it('revokes the access token and the refresh token, by GET or POST', async () => {
    for (const method of ['get', 'post'] as const) {
      const tokens = await login(app);
      const caller = as(app, tokens.access_token, 'en-US');
      const out = await caller[method]('/api/blade-auth/oauth/logout');
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ code: 200, success: true, data: true, msg: 'signed out' });
      const after = await caller.get('/api/blade-auth/oauth/user-info');
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 401, success: false });
      const refresh = await app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      );
      expect(refresh.statusCode).toBe(400);
    }
  });
});

describe('user-info and clear-cache', () => {
  it('returns the user with roles and permissions', async () => {
    const tokens = await login(app);
    const response = await as(app, tokens.access_token).get('/api/blade-auth/oauth/user-info');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ account: 'admin', tenantId: '000000', roles: ['administrator'] });
    expect(data.permissions).toEqual(
      expect.arrayContaining(['user', 'user_add', 'tenant', 'hangar_control']),
    );
  });

  it('clears the cache for a signed-in user', async () => {
    const tokens = await login(app);
    const response = await as(app, tokens.access_token).get('/api/blade-auth/oauth/clear-cache');
    expect(response.json()).toMatchObject({ code: 200, success: true, data: true });
  });

  it('answers 401 without a token and with a forged one', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, success: false, data: null });
    const tokens = await login(app);
    const [header, payload] = tokens.access_token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    expect((await as(app, forged).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
  });
});
