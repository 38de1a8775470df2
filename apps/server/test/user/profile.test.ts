import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/app.js';
import { refreshToken, role, user } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { hashPassword, md5Hex } from '../../src/lib/password.js';
import {
  ADMIN_PASSWORD,
  as,
  CLIENT_BASIC,
  createTestApp,
  login,
  multipartForm,
  passwordGrant,
} from '../helper.js';
import { twoTenants } from '../tenants.js';

const A = '000000';
const B = '500001';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let app: FastifyInstance;

/** An ordinary user of a tenant (role `user`), signed in with its own password. */
async function addUser(tenantId: string, account: string, password = ADMIN_PASSWORD) {
  const [userRole] = await app.database.db
    .select()
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, 'user')));
  const id = newId();
  await app.database.db.insert(user).values({
    id,
    tenantId,
    account,
    password: await hashPassword(md5Hex(password), 10),
    name: account,
    realName: `Real ${account}`,
    roleId: userRole!.id,
  });
  return id;
}

async function uploadAvatar(token: string): Promise<string> {
  const response = await as(app, token).post('/api/blade-resource/oss/endpoint/put-file', {
    query: { usage: 'avatar' },
    ...(await multipartForm([{ name: 'file', filename: 'me.png', content: TINY_PNG }])),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.link;
}

const passwords = (oldPassword: string, newPassword: string, newPassword1 = newPassword) => ({
  oldPassword: md5Hex(oldPassword),
  newPassword: md5Hex(newPassword),
  newPassword1: md5Hex(newPassword1),
});

beforeAll(async () => {
  app = await createTestApp();
  await twoTenants(app, { mine: A, theirs: B });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/blade-user/info', () => {
  it("answers the caller's own profile", async () => {
    const id = await addUser(A, 'info-user');
    const tokens = await login(app, A, 'info-user');
    const response = await as(app, tokens.access_token).get('/api/blade-user/info');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'id',
        'tenantId',
        'account',
        'name',
        'realName',
        'avatar',
        'email',
        'phone',
        'sex',
        'birthday',
        'deptId',
        'roleId',
        'postId',
        'userType',
      ].sort(),
    );
    expect(data).toMatchObject({ id, tenantId: A, account: 'info-user', name: 'info-user', avatar: null });
    expect(data).not.toHaveProperty('password');
    expect((await app.inject({ method: 'GET', url: '/api/blade-user/info' })).statusCode).toBe(401);
  });
});

describe('POST /api/blade-user/update-info', () => {
  it('updates the profile, and user-info shows it at once', async () => {
    await addUser(A, 'editor');
    const { access_token: token } = await login(app, A, 'editor');
    const caller = as(app, token, 'en-US');
    // Cache the principal first, so the test proves the invalidation.
    expect((await caller.get('/api/blade-auth/oauth/user-info')).json().data.name).toBe('editor');
    const avatar = await uploadAvatar(token);
    const response = await caller.post('/api/blade-user/update-info', {
      payload: {
        avatar,
        name: '  Ed  ',
        realName: 'Edith Editor',
        phone: '13812345678',
        email: 'ed@example.com',
        sex: 2,
        birthday: '1990-02-28 00:00:00',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: 'updated successfully',
      data: {
        avatar,
        name: 'Ed',
        realName: 'Edith Editor',
        phone: '13812345678',
        email: 'ed@example.com',
        sex: 2,
        birthday: '1990-02-28',
      },
    });
    const info = (await caller.get('/api/blade-auth/oauth/user-info')).json().data;
    expect(info).toMatchObject({ name: 'Ed', realName: 'Edith Editor', avatar, phone: '13812345678' });
    expect((await caller.get('/api/blade-user/info')).json().data.birthday).toBe('1990-02-28');

    // Empty values clear optional fields (the profile phone is optional); absent ones stay.
    const cleared = await caller.post('/api/blade-user/update-info', {
      payload: { name: 'Ed', phone: '', email: '', avatar: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({
      phone: null,
      email: null,
      avatar: null,
      realName: 'Edith Editor',
      sex: 2,
    });
  });

  it('refuses bad values with 400 naming the field, and changes nothing', async () => {
    await addUser(A, 'strict');
    const { access_token: token } = await login(app, A, 'strict');
    const caller = as(app, token, 'en-US');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ realName: 'x' }, { name: 'name is required' }],
      [{ name: '   ' }, { name: 'cannot be empty or all spaces' }],
      [{ name: 'n'.repeat(21) }, { name: 'at most 20 characters' }],
      [{ name: 'ok', realName: 'r'.repeat(21) }, { realName: 'at most 20 characters' }],
      [{ name: 'ok', phone: '12345' }, { phone: 'the phone number is not valid' }],
      [{ name: 'ok', phone: '2345678901a' }, { phone: 'the phone number is not valid' }],
      [{ name: 'ok', email: 'not-an-email' }, { email: 'the email address is not valid' }],
      [
        { name: 'ok', avatar: 'https://evil.example/x.png' },
        { avatar: 'the avatar must be a picture uploaded to this platform' },
      ],
      [{ name: 'ok', avatar: `/files/${'x'.repeat(500)}` }, { avatar: 'at most 500 characters' }],
      [{ name: 'ok', sex: 7 }, { sex: 'the sex must be 1 (male), 2 (female) or 3 (unknown)' }],
      [{ name: 'ok', birthday: '1990-02-30' }, { birthday: 'the date must be yyyy-MM-dd' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await caller.post('/api/blade-user/update-info', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(payload)).toEqual(errors);
    }
    const chinese = await as(app, token).post('/api/blade-user/update-info', {
      payload: { name: 'ok', phone: '999' },
    });
    expect(chinese.json().msg).toBe('phone: 手机号格式不正确');
    // Landlines are phones too.
    const landline = await caller.post('/api/blade-user/update-info', {
      payload: { name: 'ok', phone: '010-12345678' },
    });
    expect(landline.statusCode).toBe(200);
    expect((await caller.get('/api/blade-user/info')).json().data).toMatchObject({
      name: 'ok',
      phone: '010-12345678',
      realName: 'Real strict',
    });
  });

  it('accepts only an avatar this server issued to the caller tenant, and still there', async () => {
    await addUser(A, 'avatar-a');
    await addUser(B, 'avatar-b');
    const tokenA = (await login(app, A, 'avatar-a')).access_token;
    const tokenB = (await login(app, B, 'avatar-b')).access_token;
    const linkOfB = await uploadAvatar(tokenB);
    const caller = as(app, tokenA, 'en-US');
    for (const avatar of [
      linkOfB,
      linkOfB.replace(`/files/${B}/`, `/files/${A}/`),
      '/files/../jwt-secret',
      '/files/000000/20240101/1.png',
    ]) {
      const response = await caller.post('/api/blade-user/update-info', { payload: { name: 'a', avatar } });
      expect(response.statusCode, avatar).toBe(400);
      expect(response.json().data.errors, avatar).toEqual({
        avatar: 'the avatar must be a picture uploaded to this platform',
      });
    }
    const own = await uploadAvatar(tokenA);
    expect(
      (await caller.post('/api/blade-user/update-info', { payload: { name: 'a', avatar: own } })).statusCode,
    ).toBe(200);
  });

  it("never touches another user's or another tenant's row, whatever the body names", async () => {
    const mine = await addUser(A, 'me-only');
    const neighbour = await addUser(A, 'neighbour');
    const [adminOfB] = await app.database.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, B), eq(user.account, 'admin')));
    const token = (await login(app, A, 'me-only')).access_token;
    for (const target of [
      { id: neighbour, tenantId: A, account: 'neighbour' },
      { id: adminOfB!.id, tenantId: B, account: 'admin' },
    ]) {
      const response = await as(app, token).post('/api/blade-user/update-info', {
        payload: { ...target, userId: target.id, name: 'hijacked', roleId: '1', status: 2 },
        headers: { 'tenant-id': A },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: mine, tenantId: A, account: 'me-only' });
    }
    const rows = await app.database.db.select().from(user).where(eq(user.name, 'hijacked'));
    expect(rows.map((row) => row.id)).toEqual([mine]);
    expect(rows[0]!.roleId).not.toBe('1');
    expect(rows[0]!.status).toBe(1);
    // A Tenant-Id header naming another tenant is refused outright.
    const forged = await as(app, token).post('/api/blade-user/update-info', {
      payload: { name: 'x' },
      headers: { 'tenant-id': B },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('POST /api/blade-user/update-password', () => {
  const url = '/api/blade-user/update-password';

  it('refuses a wrong old password, a mismatch, a non-md5 value and an unchanged password', async () => {
    await addUser(A, 'pw-rules', 'Old@1234');
    const token = (await login(app, A, 'pw-rules', 'Old@1234')).access_token;
    const caller = as(app, token, 'en-US');

    const wrong = await caller.post(url, { query: passwords('Wrong@123', 'New@1234') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 400,
      msg: 'oldPassword: the old password is not correct',
      data: { errors: { oldPassword: 'the old password is not correct' } },
    });
    const wrongZh = await as(app, token).post(url, { query: passwords('Wrong@123', 'New@1234') });
    expect(wrongZh.json().msg).toBe('oldPassword: 原密码不正确');

    const mismatch = await caller.post(url, { query: passwords('Old@1234', 'New@1234', 'New@12345') });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data.errors).toEqual({
      newPassword1: 'The password entered twice is inconsistent',
    });

    const plain = await caller.post(url, {
      query: { oldPassword: 'Old@1234', newPassword: md5Hex('New@1234'), newPassword1: md5Hex('New@1234') },
    });
    expect(plain.statusCode).toBe(400);
    expect(Object.keys(plain.json().data.errors)).toEqual(['oldPassword']);

    const missing = await caller.post(url, { query: { oldPassword: md5Hex('Old@1234') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toMatchObject({ newPassword: 'newPassword is required' });

    const same = await caller.post(url, { query: passwords('Old@1234', 'Old@1234') });
    expect(same.statusCode).toBe(400);
    expect(same.json().data.errors).toEqual({ newPassword: 'the new password must differ from the old one' });

    // Nothing changed: the session still works and the old password still signs in.
    expect((await caller.get('/api/blade-user/info')).statusCode).toBe(200);
    expect((await app.inject(passwordGrant(A, 'pw-rules', 'Old@1234'))).statusCode).toBe(200);
  });

  it('stores the new password and ends every session of the user, and only of that user', async () => {
    await addUser(A, 'pw-change', 'Old@1234');
    await addUser(A, 'bystander', 'Old@1234');
    const first = await login(app, A, 'pw-change', 'Old@1234');
    const second = await login(app, A, 'pw-change', 'Old@1234');
    const other = await login(app, A, 'bystander', 'Old@1234');
    // A refreshed session: its live token is the second of its family.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: second.refresh_token },
      headers: { authorization: CLIENT_BASIC },
    });
    expect(refreshed.statusCode).toBe(200);
    const third = refreshed.json();

    const response = await as(app, first.access_token, 'en-US').post(url, {
      query: { ...passwords('Old@1234', 'New@1234'), newPassword: md5Hex('New@1234').toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      data: true,
      msg: 'password changed, please sign in again',
    });

    for (const token of [first.access_token, second.access_token, third.access_token]) {
      expect((await as(app, token).get('/api/blade-user/info')).statusCode).toBe(401);
    }
    for (const token of [first.refresh_token, third.refresh_token]) {
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'refresh_token', refresh_token: token },
        headers: { authorization: CLIENT_BASIC },
      });
      expect(refresh.statusCode).toBe(400);
    }
    const [changed] = await app.database.db.select().from(user).where(eq(user.account, 'pw-change'));
    const live = await app.database.db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.userId, changed!.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);

    expect((await app.inject(passwordGrant(A, 'pw-change', 'Old@1234'))).statusCode).toBe(400);
    const again = await app.inject(passwordGrant(A, 'pw-change', 'New@1234'));
    expect(again.statusCode).toBe(200);
    expect((await as(app, again.json().access_token).get('/api/blade-user/info')).statusCode).toBe(200);

    // Someone else's session is untouched.
    expect((await as(app, other.access_token).get('/api/blade-user/info')).statusCode).toBe(200);
  });

  it('keeps passwords out of the request log', () => {
    const url = redactUrl(
      '/api/blade-user/update-password?oldPassword=aaa&newPassword=bbb&newPassword1=ccc&x=1',
    );
    expect(url).toBe('/api/blade-user/update-password?oldPassword=***&newPassword=***&newPassword1=***&x=1');
    expect(redactUrl('/api/blade-auth/oauth/token?username=a&password=b')).toBe(
      '/api/blade-auth/oauth/token?username=a&password=***',
    );
  });
});
