import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from '../../src/db/schema/index.js';
import { md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTenant, createTestApp, login, passwordGrant } from '../helper.js';

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
