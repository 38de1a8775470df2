import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dept,
  loginLog,
  menu,
  param,
  role,
  roleMenu,
  roleScope,
  scopeData,
  tenant,
  user,
} from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { md5Hex } from '../../src/lib/password.js';
import { as, createTestApp, login, passwordGrant } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

const A = '000000';
const B = '300101';
const PASSWORD = 'Pilot123';

let app: FastifyInstance;
/** A is the platform tenant, B a provisioned one: B owns the rows under test. */
let tenantA: TenantSide;
let tenantB: TenantSide;
let adminA: string;
let adminB: string;
const ids = {} as Record<
  'rootA' | 'rootB' | 'subB' | 'otherB' | 'userRoleA' | 'userRoleB' | 'adminRoleB',
  string
>;

async function roleOf(tenantId: string, alias: string) {
  const [row] = await app.database.db
    .select()
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias)));
  return row!.id;
}

async function rootDept(tenantId: string) {
  const [row] = await app.database.db
    .select()
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, '0')));
  return row!.id;
}

async function addDept(tenantId: string, parentId: string, ancestors: string, deptName: string) {
  const id = newId();
  await app.database.db.insert(dept).values({ id, tenantId, parentId, ancestors, deptName });
  return id;
}

/** A role of tenant B granted exactly these menu / button codes. */
async function roleWith(alias: string, codes: string[]) {
  const id = newId();
  await app.database.db.insert(role).values({ id, tenantId: B, roleName: alias, roleAlias: alias });
  const menus = await app.database.db.select({ id: menu.id, code: menu.code }).from(menu);
  const granted = menus.filter((row) => codes.includes(row.code));
  expect(granted.length).toBe(codes.length);
  await app.database.db
    .insert(roleMenu)
    .values(granted.map((row) => ({ id: newId(), roleId: id, menuId: row.id })));
  return id;
}

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    account: `u${Math.random().toString(36).slice(2, 10)}`,
    name: 'Pilot',
    realName: 'Li Lei',
    password: md5Hex(PASSWORD),
    password2: md5Hex(PASSWORD),
    phone: '13812345678',
    email: 'pilot@example.com',
    sex: 1,
    birthday: '1990-05-01',
    roleId: ids.userRoleB,
    deptId: ids.rootB,
    userType: 1,
    ...overrides,
  };
}

async function add(token: string, overrides: Record<string, unknown> = {}) {
  const response = await as(app, token).post('/api/blade-user/submit', { payload: newUser(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; account: string; [key: string]: unknown };
}

function put(token: string, url: string, query: Record<string, string>, language = 'zh-CN') {
  return app.inject({
    method: 'PUT',
    url,
    query,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language },
  } satisfies InjectOptions);
}

/** The login log is written off the sign-in's path: wait for the inserts under way. */
const logsWritten = () => app.services.users.logs.flush();

beforeAll(async () => {
  app = await createTestApp();
  ({ mine: tenantA, theirs: tenantB } = await twoTenants(app, { mine: A, theirs: B }));
  adminA = tenantA.token;
  adminB = tenantB.token;
  ids.rootA = await rootDept(A);
  ids.rootB = await rootDept(B);
  ids.subB = await addDept(B, ids.rootB, `0,${ids.rootB}`, 'Flight team');
  ids.otherB = await addDept(B, ids.rootB, `0,${ids.rootB}`, 'Office');
  ids.userRoleA = await roleOf(A, 'user');
  ids.userRoleB = await roleOf(B, 'user');
  ids.adminRoleB = await roleOf(B, 'administrator');
});
afterAll(async () => {
  await app?.close();
});

describe('user CRUD', () => {
  it('adds a user, never shows the password, and lists it with role and dept names', async () => {
    const created = await as(app, adminB, 'en-US').post('/api/blade-user/submit', {
      payload: newUser({ account: 'pilot1', deptId: `${ids.subB}`, tenantId: A, password2: undefined }),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().msg).toBe('added successfully');
    const row = created.json().data;
    expect(row).toMatchObject({
      account: 'pilot1',
      tenantId: B,
      roleName: '普通用户',
      deptName: 'Flight team',
      status: 1,
      noFlyAuthority: 0,
      lastLoginTime: null,
    });
    expect(row).not.toHaveProperty('password');
    const detail = await as(app, adminB).get(`/api/blade-user/detail?id=${row.id}`);
    expect(detail.json().data).toMatchObject({
      account: 'pilot1',
      phone: '13812345678',
      birthday: '1990-05-01',
    });
    expect(detail.body).not.toContain('scrypt');
    // the new user signs in with the password the administrator chose
    expect((await app.inject(passwordGrant(B, 'pilot1', PASSWORD))).statusCode).toBe(200);
  });

  it('pages by dept: a dept takes its sub-depts too, and filters by account, name and phone', async () => {
    await add(adminB, {
      account: 'office1',
      realName: 'Han Meimei',
      deptId: ids.otherB,
      phone: '13900000001',
    });
    const page = async (query: Record<string, string>) =>
      (await as(app, adminB).get('/api/blade-user/page', { query })).json().data;
    const accounts = (data: { records: Array<{ account: string }> }) =>
      data.records.map((r) => r.account).sort();
    expect(accounts(await page({ deptId: ids.subB }))).toEqual(['pilot1']);
    expect(accounts(await page({ deptId: ids.otherB }))).toEqual(['office1']);
    expect(accounts(await page({ deptId: ids.rootB }))).toEqual(
      expect.arrayContaining(['admin', 'office1', 'pilot1']),
    );
    expect(accounts(await page({ realName: 'meimei' }))).toEqual(['office1']);
    expect(accounts(await page({ phone: '13900000001' }))).toEqual(['office1']);
    const paged = await page({ current: '1', size: '1', deptId: ids.rootB });
    expect(paged).toMatchObject({ size: 1, current: 1 });
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
    // the BladeX alias `list` answers the same page
    expect(
      accounts((await as(app, adminB).get(`/api/blade-user/list?deptId=${ids.otherB}`)).json().data),
    ).toEqual(['office1']);
  });

  it('updates a user through submit with id and through update, keeping the password', async () => {
    const created = await add(adminB, { account: 'editme' });
    const edited = await as(app, adminB, 'en-US').post('/api/blade-user/submit', {
      payload: {
        ...newUser({ account: 'editme2', realName: 'Edited' }),
        id: created.id,
        password: md5Hex('x'),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      msg: 'updated successfully',
      data: { account: 'editme2', realName: 'Edited' },
    });
    const updated = await as(app, adminB).post('/api/blade-user/update', {
      payload: { ...newUser({ account: 'editme2', phone: '', email: '' }), id: created.id },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ phone: null, email: null });
    expect((await app.inject(passwordGrant(B, 'editme2', PASSWORD))).statusCode).toBe(200);
  });

  it('lists the tenant users for pickers (user-list, projectUserList) in a small projection', async () => {
    for (const path of ['/api/blade-user/user-list', '/api/blade-user/projectUserList']) {
      const response = await as(app, adminB).get(path);
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Array<Record<string, unknown>>;
      expect(rows.map((row) => row.account)).toContain('pilot1');
      expect(rows.map((row) => row.account)).not.toContain('editme');
      expect(Object.keys(rows[0]!).sort()).toEqual(
        ['account', 'avatar', 'deptId', 'id', 'name', 'phone', 'realName', 'status'].sort(),
      );
      expect(response.body).not.toContain('scrypt');
    }
    const narrowed = await as(app, adminB).get('/api/blade-user/user-list', { query: { keyword: 'PILOT1' } });
    expect(narrowed.json().data.map((row: { account: string }) => row.account)).toEqual(['pilot1']);
  });

  it('sets the platform and its settings, and the no-fly authority', async () => {
    const created = await add(adminB);
    const caller = as(app, adminB, 'en-US');
    const bad = await caller.post('/api/blade-user/update-platform', {
      query: { userId: created.id, userType: '2', userExt: '[1,2]' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.userExt).toBe('the platform settings must be a JSON object');
    const set = await caller.post('/api/blade-user/update-platform', {
      query: { userId: created.id, userType: '2', userExt: '{"deviceId":"x1"}' },
    });
    expect(set.json()).toMatchObject({ code: 200, msg: 'platform settings saved' });
    expect((await caller.get(`/api/blade-user/platform-detail?id=${created.id}`)).json().data).toMatchObject({
      userType: 2,
      userExt: '{"deviceId":"x1"}',
    });
    const noFly = await caller.post('/api/blade-user/modNoFlyAuthority', {
      query: { userIds: created.id, noFlyAuthority: '1' },
    });
    expect(noFly.statusCode, noFly.body).toBe(200);
    expect((await caller.get(`/api/blade-user/detail?id=${created.id}`)).json().data.noFlyAuthority).toBe(1);
    const wrong = await caller.post('/api/blade-user/modNoFlyAuthority', {
      query: { userIds: created.id, noFlyAuthority: '5' },
    });
    expect(wrong.json().data.errors.noFlyAuthority).toBe('the no-fly authority must be 0 or 1');
  });
});

describe('validation', () => {
  const refused = async (payload: Record<string, unknown>) => {
    const response = await as(app, adminB, 'en-US').post('/api/blade-user/submit', { payload });
    expect(response.statusCode, response.body).toBe(400);
    return response.json().data.errors as Record<string, string>;
  };

  it('names the field of each bad value', async () => {
    expect(await refused(newUser({ password: undefined }))).toEqual({
      password: 'please enter the password',
    });
    expect(await refused(newUser({ password2: md5Hex('other') }))).toEqual({
      password2: 'The password entered twice is inconsistent',
    });
    expect(await refused(newUser({ password: 'Pilot123', password2: undefined }))).toHaveProperty('password');
    expect(await refused(newUser({ phone: '12345' }))).toEqual({ phone: 'the phone number is not valid' });
    expect(await refused(newUser({ email: 'a@' }))).toEqual({ email: 'the email address is not valid' });
    expect(await refused(newUser({ account: 'two words' }))).toEqual({
      account: 'the account cannot contain spaces',
    });
    expect(await refused(newUser({ name: '   ' }))).toEqual({ name: 'cannot be empty or all spaces' });
    expect(await refused(newUser({ realName: 'x'.repeat(21) }))).toEqual({
      realName: 'at most 20 characters',
    });
    expect(await refused(newUser({ roleId: '' }))).toEqual({ roleId: 'please choose at least one role' });
    expect(await refused(newUser({ deptId: [] }))).toEqual({
      deptId: 'please choose at least one department',
    });
    expect(await refused(newUser({ sex: 7 }))).toHaveProperty('sex');
    expect(await refused(newUser({ userType: 9 }))).toHaveProperty('userType');
    expect(await refused(newUser({ birthday: '2023-02-30' }))).toHaveProperty('birthday');
    expect(await refused(newUser({ account: 123 }))).toHaveProperty('account');
  });

  it("refuses role, dept and post ids that are not the tenant's", async () => {
    expect(await refused(newUser({ roleId: ids.userRoleA }))).toEqual({
      roleId: 'a chosen role does not exist',
    });
    expect(await refused(newUser({ deptId: `${ids.rootB},${ids.rootA}` }))).toEqual({
      deptId: 'a chosen department does not exist',
    });
    expect(await refused(newUser({ postId: '123456789' }))).toEqual({
      postId: 'a chosen post does not exist',
    });
  });

  it('keeps an account unique within a tenant, and allows it in another tenant', async () => {
    await add(adminB, { account: 'twin' });
    const again = await as(app, adminB).post('/api/blade-user/submit', {
      payload: newUser({ account: 'twin' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      msg: 'account: 该租户下账号已存在',
      data: { errors: { account: '该租户下账号已存在' } },
    });
    const other = await add(adminB, { account: 'twin-to-be' });
    const rename = await as(app, adminB).post('/api/blade-user/update', {
      payload: { ...newUser({ account: 'twin' }), id: other.id },
    });
    expect(rename.statusCode).toBe(400);
    const elsewhere = await as(app, adminA).post('/api/blade-user/submit', {
      payload: newUser({ account: 'twin', roleId: ids.userRoleA, deptId: ids.rootA }),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data.tenantId).toBe(A);
  });

  it("refuses adding beyond the tenant's account quota", async () => {
    const [counted] = await app.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(user)
      .where(and(eq(user.tenantId, B), eq(user.isDeleted, 0)));
    const total = counted!.total;
    await app.database.db.update(tenant).set({ accountNumber: total }).where(eq(tenant.tenantId, B));
    try {
      const response = await as(app, adminB, 'en-US').post('/api/blade-user/submit', { payload: newUser() });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain(String(total));
    } finally {
      await app.database.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, B));
    }
  });
});

describe('sessions see every change', () => {
  it('a frozen user is refused at sign-in and on every call, and may sign in again once unfrozen', async () => {
    const created = await add(adminB, { account: 'freezer' });
    const token = (await login(app, B, 'freezer', PASSWORD)).access_token;
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
    const frozen = await put(adminB, '/api/cloud-user/status', { ids: created.id, status: '2' }, 'en-US');
    expect(frozen.json()).toMatchObject({ code: 200, msg: 'frozen successfully', data: 1 });
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    const signIn = await app.inject(passwordGrant(B, 'freezer', PASSWORD, { 'accept-language': 'en-US' }));
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error_description).toBe('the account is frozen, please contact the administrator');
    expect((await as(app, adminB).get(`/api/blade-user/detail?id=${created.id}`)).json().data.status).toBe(2);
    await put(adminB, '/api/cloud-user/status', { ids: created.id, status: '1' });
    expect((await app.inject(passwordGrant(B, 'freezer', PASSWORD))).statusCode).toBe(200);
    const bad = await put(adminB, '/api/cloud-user/status', { ids: created.id, status: '3' }, 'en-US');
    expect(bad.json().data.errors.status).toBe('the status must be 1 (enabled) or 2 (frozen)');
  });

  it('reset-password sets the account.initPassword parameter and ends the sessions', async () => {
    const created = await add(adminB, { account: 'forgetful' });
    const token = (await login(app, B, 'forgetful', PASSWORD)).access_token;
    const reset = await as(app, adminB, 'en-US').post('/api/blade-user/reset-password', {
      query: { userIds: created.id },
    });
    expect(reset.json()).toMatchObject({ code: 200, msg: 'the password was reset to the initial password' });
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    expect((await app.inject(passwordGrant(B, 'forgetful', PASSWORD))).statusCode).toBe(400);
    expect((await app.inject(passwordGrant(B, 'forgetful', '123456'))).statusCode).toBe(200);
    // the parameter decides
    await app.database.db
      .update(param)
      .set({ paramValue: 'Init@2024' })
      .where(eq(param.paramKey, 'account.initPassword'));
    try {
      await as(app, adminB).post('/api/blade-user/reset-password', { query: { userIds: created.id } });
      expect((await app.inject(passwordGrant(B, 'forgetful', 'Init@2024'))).statusCode).toBe(200);
    } finally {
      await app.database.db
        .update(param)
        .set({ paramValue: '123456' })
        .where(eq(param.paramKey, 'account.initPassword'));
    }
  });

  it('grant replaces the roles; the user signs in again and gets them', async () => {
    const created = await add(adminB, { account: 'promoted' });
    const token = (await login(app, B, 'promoted', PASSWORD)).access_token;
    const before = (await as(app, token).get('/api/blade-auth/oauth/user-info')).json().data.permissions;
    expect(before).not.toContain('user_add');
    const granted = await as(app, adminB, 'en-US').post('/api/blade-user/grant', {
      query: { userIds: created.id, roleIds: `${ids.userRoleB},${ids.adminRoleB}` },
    });
    expect(granted.json()).toMatchObject({ code: 200, msg: 'roles assigned' });
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    const again = (await login(app, B, 'promoted', PASSWORD)).access_token;
    expect((await as(app, again).get('/api/blade-auth/oauth/user-info')).json().data.permissions).toContain(
      'user_add',
    );
    const detail = (await as(app, adminB).get(`/api/blade-user/detail?id=${created.id}`)).json().data;
    expect(detail.roleId.split(',').sort()).toEqual([ids.userRoleB, ids.adminRoleB].sort());
    const missing = await as(app, adminB, 'en-US').post('/api/blade-user/grant', {
      query: { userIds: created.id, roleIds: ids.userRoleA },
    });
    expect(missing.json().data.errors.roleId).toBe('a chosen role does not exist');
  });

  it('removal ends the sessions and frees the account', async () => {
    const created = await add(adminB, { account: 'leaver' });
    const token = (await login(app, B, 'leaver', PASSWORD)).access_token;
    const removed = await as(app, adminB, 'en-US').post(`/api/blade-user/remove?ids=${created.id}`);
    expect(removed.json()).toMatchObject({ code: 200, msg: 'deleted successfully', data: 1 });
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    expect((await as(app, adminB).get(`/api/blade-user/detail?id=${created.id}`)).statusCode).toBe(404);
    expect((await app.inject(passwordGrant(B, 'leaver', PASSWORD))).statusCode).toBe(400);
    await add(adminB, { account: 'leaver' });
  });

  it('cancellation: the owner deactivates their own account and is signed out', async () => {
    const created = await add(adminB, { account: 'quitter' });
    const token = (await login(app, B, 'quitter', PASSWORD)).access_token;
    const cancelled = await put(token, '/api/blade-user/cancellation', {}, 'en-US');
    expect(cancelled.json()).toMatchObject({ code: 200, msg: 'your account has been cancelled', data: true });
    expect((await as(app, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    expect((await app.inject(passwordGrant(B, 'quitter', PASSWORD))).statusCode).toBe(400);
    const detail = (await as(app, adminB).get(`/api/blade-user/detail?id=${created.id}`)).json().data;
    expect(detail.status).toBe(2);
    expect(detail.cancelTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // an administrator may enable it again
    await put(adminB, '/api/cloud-user/status', { ids: created.id, status: '1' });
    expect(
      (await as(app, adminB).get(`/api/blade-user/detail?id=${created.id}`)).json().data.cancelTime,
    ).toBeNull();
  });
});

describe('administrators', () => {
  let manager: string;
  beforeAll(async () => {
    const managerRole = await roleWith('manager', [
      'user',
      'user_add',
      'user_edit',
      'user_delete',
      'user_role',
      'user_freeze',
    ]);
    await add(adminB, { account: 'manager', roleId: managerRole });
    manager = (await login(app, B, 'manager', PASSWORD)).access_token;
  });

  it('nobody removes or freezes their own account', async () => {
    const [me] = await app.database.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, B), eq(user.account, 'admin')));
    const removed = await as(app, adminB, 'en-US').post(`/api/blade-user/remove?ids=${me!.id}`);
    expect(removed.json()).toMatchObject({ code: 400, msg: 'you cannot remove your own account' });
    const frozen = await put(adminB, '/api/cloud-user/status', { ids: me!.id, status: '2' }, 'en-US');
    expect(frozen.json()).toMatchObject({ code: 400, msg: 'you cannot freeze your own account' });
  });

  it("the tenant's last enabled administrator can be neither removed, frozen, demoted nor cancelled", async () => {
    const admins = await app.database.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, B), eq(user.isDeleted, 0)));
    const administrators = admins.filter(
      (row) => row.roleId.split(',').includes(ids.adminRoleB) && row.status === 1,
    );
    // 'promoted' holds the role too: take it away first (allowed: the seeded admin remains)
    for (const row of administrators.filter((r) => r.account !== 'admin')) {
      const demoted = await as(app, adminB).post('/api/blade-user/grant', {
        query: { userIds: row.id, roleIds: ids.userRoleB },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
    }
    const [admin] = administrators.filter((row) => row.account === 'admin');
    const caller = as(app, manager, 'en-US');
    const message = 'the tenant must keep at least one enabled administrator';
    expect((await caller.post(`/api/blade-user/remove?ids=${admin!.id}`)).json()).toMatchObject({
      code: 400,
      msg: message,
    });
    expect(
      (await put(manager, '/api/cloud-user/status', { ids: admin!.id, status: '2' }, 'en-US')).json(),
    ).toMatchObject({
      code: 400,
      msg: message,
    });
    const demote = await as(app, adminB, 'en-US').post('/api/blade-user/grant', {
      query: { userIds: admin!.id, roleIds: ids.userRoleB },
    });
    expect(demote.json()).toMatchObject({ code: 400, msg: message });
    expect((await put(adminB, '/api/blade-user/cancellation', {}, 'en-US')).json()).toMatchObject({
      code: 400,
      msg: message,
    });
    // nothing changed, and the administrator's session lives on
    const [after] = await app.database.db.select().from(user).where(eq(user.id, admin!.id));
    expect(after).toMatchObject({ status: 1, isDeleted: 0, roleId: admin!.roleId });
    expect((await as(app, adminB).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
  });

  it('only an administrator hands out the administrator role', async () => {
    const created = await add(adminB, { account: 'hopeful' });
    const grant = await as(app, manager, 'en-US').post('/api/blade-user/grant', {
      query: { userIds: created.id, roleIds: ids.adminRoleB },
    });
    expect(grant.json()).toMatchObject({
      code: 403,
      msg: 'only an administrator may give the administrator role',
    });
    const add403 = await as(app, manager).post('/api/blade-user/submit', {
      payload: newUser({ roleId: ids.adminRoleB }),
    });
    expect(add403.statusCode).toBe(403);
    expect((await as(app, manager).post('/api/blade-user/submit', { payload: newUser() })).statusCode).toBe(
      200,
    );
  });
});

describe('tenancy and permissions', () => {
  it("another tenant can neither read, change, grant, reset, freeze nor remove a tenant's user", async () => {
    const victim = await add(adminB, { account: 'victim' });
    const stolen = {
      ...newUser({ account: 'stolen', roleId: ids.userRoleA, deptId: ids.rootA }),
      id: victim.id,
    };
    const post = (url: string, query: Record<string, string>) => ({
      method: 'POST' as const,
      url: `${url}?${new URLSearchParams(query)}`,
    });
    const ofA = (overrides: Record<string, unknown>) =>
      newUser({ roleId: ids.userRoleA, deptId: ids.rootA, ...overrides });
    await expectIsolated(tenantB, tenantA, {
      read: `/api/blade-user/detail?id=${victim.id}`,
      names: [victim.id, 'victim'],
      hidden: ['/api/blade-user/page?size=200', '/api/blade-user/user-list'],
      refused: [
        `/api/blade-user/detail?id=${victim.id}`,
        `/api/blade-user/platform-detail?id=${victim.id}`,
        { method: 'POST', url: '/api/blade-user/update', payload: stolen },
        { method: 'POST', url: '/api/blade-user/submit', payload: stolen },
        post('/api/blade-user/remove', { ids: victim.id }),
        post('/api/blade-user/grant', { userIds: victim.id, roleIds: ids.userRoleA }),
        post('/api/blade-user/reset-password', { userIds: victim.id }),
        post('/api/blade-user/update-platform', { userId: victim.id, userType: '2' }),
        post('/api/blade-user/modNoFlyAuthority', { userIds: victim.id, noFlyAuthority: '1' }),
        {
          method: 'PUT',
          url: `/api/cloud-user/status?${new URLSearchParams({ ids: victim.id, status: '2' })}`,
        },
        // B's role and dept, named by a user of A
        {
          method: 'POST',
          url: '/api/blade-user/submit',
          payload: ofA({ roleId: ids.userRoleB }),
          status: 400,
          errors: { roleId: 'a chosen role does not exist' },
        },
        {
          method: 'POST',
          url: '/api/blade-user/submit',
          payload: ofA({ deptId: ids.subB }),
          status: 400,
          errors: { deptId: 'a chosen department does not exist' },
        },
      ],
    });
    const [row] = await app.database.db.select().from(user).where(eq(user.id, victim.id));
    expect(row).toMatchObject({
      account: 'victim',
      tenantId: B,
      status: 1,
      isDeleted: 0,
      userType: 1,
      noFlyAuthority: 0,
    });
    expect((await app.inject(passwordGrant(B, 'victim', PASSWORD))).statusCode).toBe(200);
  });

  it('a role without a button code gets 403 for that action', async () => {
    const viewerRole = await roleWith('user-viewer', ['user']);
    const target = await add(adminB, { account: 'target' });
    await add(adminB, { account: 'viewer', roleId: viewerRole });
    const viewer = (await login(app, B, 'viewer', PASSWORD)).access_token;
    const caller = as(app, viewer);
    expect((await caller.get('/api/blade-user/page')).statusCode).toBe(200);
    expect((await caller.get(`/api/blade-user/detail?id=${target.id}`)).statusCode).toBe(200);
    const refusals: Array<[string, () => Promise<{ statusCode: number }>]> = [
      ['user_add', () => caller.post('/api/blade-user/submit', { payload: newUser() })],
      [
        'user_edit',
        () => caller.post('/api/blade-user/submit', { payload: { ...newUser(), id: target.id } }),
      ],
      [
        'user_edit',
        () => caller.post('/api/blade-user/update', { payload: { ...newUser(), id: target.id } }),
      ],
      [
        'user_edit',
        () =>
          caller.post('/api/blade-user/modNoFlyAuthority', {
            query: { userIds: target.id, noFlyAuthority: '1' },
          }),
      ],
      ['user_delete', () => caller.post(`/api/blade-user/remove?ids=${target.id}`)],
      [
        'user_role',
        () => caller.post('/api/blade-user/grant', { query: { userIds: target.id, roleIds: ids.userRoleB } }),
      ],
      ['user_reset', () => caller.post('/api/blade-user/reset-password', { query: { userIds: target.id } })],
      [
        'user_platform',
        () => caller.post('/api/blade-user/update-platform', { query: { userId: target.id, userType: '2' } }),
      ],
      ['user_freeze', () => put(viewer, '/api/cloud-user/status', { ids: target.id, status: '2' })],
      ['user_import', () => caller.get('/api/blade-user/export-template')],
      ['user_import', () => caller.post('/api/blade-user/import-user')],
      ['user_export', () => caller.get('/api/blade-user/export-user')],
    ];
    for (const [code, call] of refusals) expect((await call()).statusCode, code).toBe(403);
    const [row] = await app.database.db.select().from(user).where(eq(user.id, target.id));
    expect(row).toMatchObject({ status: 1, isDeleted: 0, userType: 1 });
    // without the menu code even reading is refused
    await add(adminB, { account: 'nobody' });
    const nobody = (await login(app, B, 'nobody', PASSWORD)).access_token;
    expect((await as(app, nobody).get('/api/blade-user/page')).statusCode).toBe(403);
    expect((await as(app, nobody).get('/api/blade-user/loginLogList')).statusCode).toBe(403);
    // pickers are for every signed-in user
    expect((await as(app, nobody).get('/api/blade-user/user-list')).statusCode).toBe(200);
  });
});

describe('data scope', () => {
  it("a role scoped to its own dept sees, reads and changes only that dept's users", async () => {
    const scoped = await roleWith('team-lead', ['user', 'user_edit', 'user_export']);
    const scopeId = newId();
    await app.database.db.insert(scopeData).values({
      id: scopeId,
      resourceCode: 'user',
      scopeName: 'own dept',
      scopeType: 3,
    });
    await app.database.db
      .insert(roleScope)
      .values({ id: newId(), scopeCategory: 1, scopeId, roleId: scoped });
    await add(adminB, { account: 'lead', roleId: scoped, deptId: ids.otherB });
    const mate = await add(adminB, { account: 'mate', deptId: ids.otherB });
    const outsider = await add(adminB, { account: 'outsider', deptId: ids.subB });
    const lead = as(app, (await login(app, B, 'lead', PASSWORD)).access_token);
    const seen = (await lead.get('/api/blade-user/page', { query: { size: '100' } })).json().data.records;
    const accounts = seen.map((row: { account: string }) => row.account);
    expect(accounts).toEqual(expect.arrayContaining(['lead', 'mate']));
    expect(accounts).not.toContain('outsider');
    expect(accounts).not.toContain('admin');
    expect((await lead.get(`/api/blade-user/detail?id=${mate.id}`)).statusCode).toBe(200);
    expect((await lead.get(`/api/blade-user/detail?id=${outsider.id}`)).statusCode).toBe(404);
    const edit = await lead.post('/api/blade-user/update', {
      payload: {
        ...newUser({ account: 'outsider', realName: 'Changed', deptId: ids.subB }),
        id: outsider.id,
      },
    });
    expect(edit.statusCode).toBe(404);
  });
});

describe('login log', () => {
  it('records good and refused sign-ins with time, account, address and browser, per tenant', async () => {
    await add(adminB, { account: 'logged' });
    const agent = { 'user-agent': 'Mozilla/5.0 (TestBrowser)' };
    expect((await app.inject(passwordGrant(B, 'logged', 'Wrong999', agent))).statusCode).toBe(400);
    expect((await app.inject(passwordGrant(B, 'logged', PASSWORD, agent))).statusCode).toBe(200);
    await logsWritten();
    const page = await as(app, adminB, 'en-US').get('/api/blade-user/loginLogList', {
      query: { account: 'logged' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const records = page.json().data.records;
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      account: 'logged',
      result: 1,
      message: 'signed in',
      userAgent: 'Mozilla/5.0 (TestBrowser)',
    });
    expect(records[0].ip).toBeTruthy();
    expect(records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(records[1]).toMatchObject({
      account: 'logged',
      result: 0,
      userId: null,
      message: 'the user name or password is not correct',
    });
    const failures = await as(app, adminB).get('/api/blade-user/loginLogList', {
      query: { account: 'logged', result: '0' },
    });
    expect(failures.json().data.total).toBe(1);
    // the user page shows the last good sign-in
    const listed = (
      await as(app, adminB).get('/api/blade-user/page', { query: { account: 'logged' } })
    ).json().data;
    expect(listed.records[0].lastLoginTime).toBe(records[0].createTime);
    // tenant A sees none of B's sign-ins
    await expectIsolated(tenantB, tenantA, {
      read: '/api/blade-user/loginLogList?account=logged',
      names: ['logged'],
      hidden: ['/api/blade-user/loginLogList?account=logged', '/api/blade-user/loginLogList?size=100'],
      refused: [],
    });
    const rows = await app.database.db.select().from(loginLog).where(eq(loginLog.account, 'logged'));
    expect(rows.every((row) => row.tenantId === B)).toBe(true);
  });
});
