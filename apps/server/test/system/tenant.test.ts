import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, dictBiz, param, role, tenant, topMenu, user } from '../../src/db/schema/index.js';
import type { Ctx } from '../../src/lib/context.js';
import { AppError } from '../../src/lib/errors.js';
import { md5Hex } from '../../src/lib/password.js';
import { as, createTestApp, login, passwordGrant } from '../helper.js';
import { addUser, signInWithGrants } from '../org-helper.js';
import { expectIsolated, sideOf, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let platform: string;
const base = '/api/blade-system/tenant';

interface Saved {
  id: string;
  tenantId: string;
  tenantName: string;
  adminAccount?: string;
  adminPassword?: string;
  [key: string]: unknown;
}

async function addTenant(body: Record<string, unknown>): Promise<Saved> {
  const response = await as(app, platform).post(`${base}/submit`, { payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function ctxOf(tenantId: string): Ctx {
  return {
    tenantId,
    user: null,
    roles: [],
    depts: [],
    dataScopes: [],
    language: 'en-US',
    db: app.database.db,
  };
}

beforeAll(async () => {
  app = await createTestApp();
  platform = (await login(app)).access_token;
});
afterAll(async () => {
  await app?.close();
});

describe('creating a tenant', () => {
  it('generates the id, provisions everything and tells the operator a working admin account', async () => {
    const response = await as(app, platform, 'en-US').post(`${base}/submit`, {
      payload: { tenantName: 'Sky Patrol Ltd', linkman: 'Wang', contactNumber: '13800138000', domain: '' },
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'added successfully' });
    const saved: Saved = response.json().data;
    expect(saved.tenantId).toMatch(/^\d{6}$/);
    expect(saved).toMatchObject({
      tenantName: 'Sky Patrol Ltd',
      linkman: 'Wang',
      accountNumber: -1,
      expireTime: null,
      adminAccount: 'admin',
      adminPassword: '123456',
    });
    const db = app.database.db;
    const roles = await db.select().from(role).where(eq(role.tenantId, saved.tenantId));
    expect(roles.map((row) => row.roleAlias).sort()).toEqual(['administrator', 'user']);
    const depts = await db.select().from(dept).where(eq(dept.tenantId, saved.tenantId));
    expect(depts).toMatchObject([{ parentId: '0', deptName: 'Sky Patrol Ltd' }]);
    expect((await db.select().from(topMenu).where(eq(topMenu.tenantId, saved.tenantId))).length).toBe(4);
    expect(
      (await db.select().from(dictBiz).where(eq(dictBiz.tenantId, saved.tenantId))).length,
    ).toBeGreaterThan(10);

    // The init password works once, to change it (issue 14); then the admin has the tenant's menus.
    const first = await login(app, saved.tenantId, 'admin', '123456');
    expect(first.password_change_required).toBe(true);
    const change = await as(app, first.access_token).post('/api/blade-user/update-password', {
      query: {
        oldPassword: md5Hex('123456'),
        newPassword: md5Hex('Admin@987'),
        newPassword1: md5Hex('Admin@987'),
      },
    });
    expect(change.statusCode).toBe(200);
    const tokens = await login(app, saved.tenantId, 'admin', 'Admin@987');
    const menus = await as(app, tokens.access_token).get('/api/blade-system/menu/routes');
    expect(menus.statusCode).toBe(200);
    const codes = JSON.stringify(menus.json().data);
    expect(codes).toContain('"code":"dept"');
    expect(codes).not.toContain('"code":"tenant"');
  });

  it("gives the new admin the account.initPassword parameter's value when it is set", async () => {
    const db = app.database.db;
    await db.update(param).set({ paramValue: 'Init@2468' }).where(eq(param.paramKey, 'account.initPassword'));
    try {
      const saved = await addTenant({ tenantId: 'fleet9', tenantName: 'Fleet Nine' });
      expect(saved).toMatchObject({ tenantId: 'fleet9', adminPassword: 'Init@2468' });
      expect((await app.inject(passwordGrant('fleet9', 'admin', 'Init@2468'))).statusCode).toBe(200);
    } finally {
      await db.update(param).set({ paramValue: '123456' }).where(eq(param.paramKey, 'account.initPassword'));
    }
  });

  it('writes nothing when provisioning fails half-way', async () => {
    const db = app.database.db;
    await db.execute(sql`create function refuse_role() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.execute(sql`create trigger refuse_role before insert on blade_role for each row
      when (new.tenant_id = '777777') execute function refuse_role()`);
    try {
      const response = await as(app, platform).post(`${base}/submit`, {
        payload: { tenantId: '777777', tenantName: 'Doomed' },
      });
      expect(response.statusCode).toBe(500);
      for (const table of [tenant, dept, role, user, topMenu, dictBiz]) {
        const rows = await db.select().from(table).where(eq(table.tenantId, '777777'));
        expect(rows).toEqual([]);
      }
    } finally {
      await db.execute(sql`drop trigger refuse_role on blade_role`);
      await db.execute(sql`drop function refuse_role`);
    }
    expect((await addTenant({ tenantId: '777777', tenantName: 'Doomed no more' })).tenantId).toBe('777777');
  });

  it('refuses a tenant id in use, even by a removed tenant', async () => {
    const caller = as(app, platform, 'en-US');
    const clash = await caller.post(`${base}/submit`, {
      payload: { tenantId: '000000', tenantName: 'Again' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().data.errors).toEqual({ tenantId: 'the tenant id already exists' });
    const gone = await addTenant({ tenantId: '400400', tenantName: 'Gone soon' });
    expect((await caller.post(`${base}/remove?ids=${gone.id}`)).statusCode).toBe(200);
    const reuse = await caller.post(`${base}/submit`, {
      payload: { tenantId: '400400', tenantName: 'Reuse' },
    });
    expect(reuse.json().data.errors).toEqual({ tenantId: 'the tenant id already exists' });
  });

  it('names the field of bad input', async () => {
    const caller = as(app, platform, 'en-US');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'tenantName'],
      [{ tenantName: '   ' }, 'tenantName'],
      [{ tenantName: 'x'.repeat(51) }, 'tenantName'],
      [{ tenantName: 'T', tenantId: 'a b' }, 'tenantId'],
      [{ tenantName: 'T', contactNumber: '12345' }, 'contactNumber'],
      [{ tenantName: 'T', backgroundUrl: 'ftp://x/y.png' }, 'backgroundUrl'],
      [{ tenantName: 'T', accountNumber: -2 }, 'accountNumber'],
      [{ tenantName: 'T', accountNumber: 'many' }, 'accountNumber'],
      [{ tenantName: 'T', expireTime: '2030-01-01' }, 'expireTime'],
      [{ tenantName: 'T', linkman: 'x'.repeat(21) }, 'linkman'],
    ];
    for (const [payload, field] of cases) {
      const response = await caller.post(`${base}/submit`, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors)).toEqual([field]);
    }
    const phone = await caller.post(`${base}/submit`, {
      payload: { tenantName: 'T', contactNumber: '12345' },
    });
    expect(phone.json().data.errors.contactNumber).toBe('the phone number is not valid');
  });
});

describe('managing tenants', () => {
  it('pages, reads and updates tenants, keeping the tenant id', async () => {
    const saved = await addTenant({ tenantName: 'Editable Co', address: 'Dock 1' });
    const caller = as(app, platform, 'en-US');
    const page = (await caller.get(`${base}/list?size=100`)).json().data;
    expect(page.records[0].tenantId).toBe('000000');
    expect(page.records.map((row: Saved) => row.id)).toContain(saved.id);
    const found = (await caller.get(`${base}/list?tenantName=editable`)).json().data.records;
    expect(found.map((row: Saved) => row.id)).toEqual([saved.id]);
    const detail = (await caller.get(`${base}/detail?id=${saved.id}`)).json().data;
    expect(detail).toMatchObject({ address: 'Dock 1' });
    expect(detail.adminPassword).toBeUndefined();
    const updated = await caller.post(`${base}/submit`, {
      payload: {
        id: saved.id,
        tenantName: 'Edited Co',
        accountNumber: 10,
        expireTime: '2099-12-31 23:59:59',
      },
    });
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: {
        tenantName: 'Edited Co',
        accountNumber: 10,
        expireTime: '2099-12-31 23:59:59',
        tenantId: saved.tenantId,
      },
    });
    expect(updated.json().data.adminPassword).toBeUndefined();
    const renamed = await caller.post(`${base}/submit`, {
      payload: { id: saved.id, tenantId: 'other1', tenantName: 'Edited Co' },
    });
    expect(renamed.json().data.errors).toEqual({ tenantId: 'the tenant id cannot be changed once created' });
  });

  it('removing a tenant stops its users signing in and ends their sessions; the platform stays', async () => {
    const saved = await addTenant({ tenantName: 'Short lived' });
    const session = (await login(app, saved.tenantId, 'admin', '123456')).access_token;
    expect((await as(app, session).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
    const caller = as(app, platform, 'en-US');
    expect((await caller.post(`${base}/remove?ids=${saved.id}`)).json()).toMatchObject({
      code: 200,
      data: 1,
    });
    const signIn = await app.inject(passwordGrant(saved.tenantId, 'admin', '123456'));
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error).toBe('invalid_grant');
    expect((await as(app, session).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    expect((await caller.get(`${base}/detail?id=${saved.id}`)).statusCode).toBe(404);

    const [platformRow] = await app.database.db.select().from(tenant).where(eq(tenant.tenantId, '000000'));
    const refused = await caller.post(`${base}/remove?ids=${platformRow!.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('the platform tenant cannot be removed');
  });

  it('setting an expiry in the past refuses sign-in and ends sessions; clearing it lets them back', async () => {
    const saved = await addTenant({ tenantName: 'Expiring' });
    const session = (await login(app, saved.tenantId, 'admin', '123456')).access_token;
    const caller = as(app, platform, 'en-US');
    const past = await caller.post(
      `${base}/setting?ids=${saved.id}&accountNumber=5&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`,
    );
    expect(past.json()).toMatchObject({ code: 200, msg: 'updated successfully', data: 1 });
    expect((await caller.get(`${base}/detail?id=${saved.id}`)).json().data).toMatchObject({
      accountNumber: 5,
      expireTime: '2020-01-01 00:00:00',
    });
    const refused = await app.inject(
      passwordGrant(saved.tenantId, 'admin', '123456', { 'accept-language': 'en-US' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(
      'the tenant licence has expired, please contact the administrator',
    );
    expect((await as(app, session).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);

    await caller.post(`${base}/setting?ids=${saved.id}&accountNumber=5&expireTime=`);
    expect((await app.inject(passwordGrant(saved.tenantId, 'admin', '123456'))).statusCode).toBe(200);

    const [platformRow] = await app.database.db.select().from(tenant).where(eq(tenant.tenantId, '000000'));
    const selfLock = await caller.post(
      `${base}/setting?ids=${platformRow!.id}&accountNumber=-1&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`,
    );
    expect(selfLock.statusCode).toBe(400);
    expect(selfLock.json().data.errors).toEqual({
      expireTime: 'the platform tenant cannot be given an expiry time',
    });
    const bad = await caller.post(`${base}/setting?ids=${saved.id}&accountNumber=-5`);
    expect(Object.keys(bad.json().data.errors)).toEqual(['accountNumber']);
  });

  it('enforces the account limit through assertAccountQuota', async () => {
    const saved = await addTenant({ tenantName: 'Small team', accountNumber: 2 });
    const quota = app.services.tenants;
    await quota.assertAccountQuota(ctxOf(saved.tenantId)); // admin + 1 = 2: allowed
    await expect(quota.assertAccountQuota(ctxOf(saved.tenantId), 2)).rejects.toMatchObject({
      status: 400,
      messageKey: 'tenant.accountQuota',
      params: { limit: 2 },
    });
    await addUser(app, saved.tenantId, 'second');
    const refused = await quota.assertAccountQuota(ctxOf(saved.tenantId)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    await as(app, platform).post(`${base}/setting?ids=${saved.id}&accountNumber=-1`);
    await quota.assertAccountQuota(ctxOf(saved.tenantId), 100); // unlimited
  });

  it('sets the datasource of a tenant', async () => {
    const saved = await addTenant({ tenantName: 'Own database' });
    const caller = as(app, platform);
    const set = await caller.post(`${base}/datasource?tenantId=${saved.tenantId}&datasourceId=123456789`);
    expect(set.json()).toMatchObject({ code: 200, data: { datasourceId: '123456789' } });
    const cleared = await caller.post(`${base}/datasource?tenantId=${saved.tenantId}&datasourceId=`);
    expect(cleared.json().data.datasourceId).toBeNull();
    expect((await caller.post(`${base}/datasource?tenantId=nosuch&datasourceId=1`)).statusCode).toBe(404);
    expect(
      (await caller.post(`${base}/datasource?tenantId=${saved.tenantId}&datasourceId=x`)).statusCode,
    ).toBe(400);
  });

  it('tells the sign-in page which tenant owns its domain, without a token', async () => {
    const saved = await addTenant({
      tenantName: 'Harbour Drones',
      domain: 'https://harbour.example.com',
      backgroundUrl: 'https://cdn.example.com/bg.jpg',
    });
    const info = await app.inject({
      method: 'GET',
      url: `${base}/info?domain=${encodeURIComponent('http://HARBOUR.example.com/login')}`,
    });
    expect(info.json()).toMatchObject({
      code: 200,
      data: {
        tenantId: saved.tenantId,
        tenantName: 'Harbour Drones',
        backgroundUrl: 'https://cdn.example.com/bg.jpg',
      },
    });
    const none = await app.inject({ method: 'GET', url: `${base}/info?domain=nobody.example.com` });
    expect(none.json()).toEqual(expect.objectContaining({ code: 200, data: {} }));
    const clash = await as(app, platform, 'en-US').post(`${base}/submit`, {
      payload: { tenantName: 'Copycat', domain: 'harbour.example.com' },
    });
    expect(clash.json().data.errors).toEqual({ domain: 'another tenant already uses this domain' });
  });
});

describe('tenant permissions', () => {
  it('every other tenant gets 403, even an administrator with a forged grant', async () => {
    const other = '300301';
    const { mine, theirs } = await twoTenants(app, { theirs: other });
    const [row] = await app.database.db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, other)));
    const codes = [
      'tenant',
      'tenant_add',
      'tenant_edit',
      'tenant_delete',
      'tenant_setting',
      'tenant_datasource',
    ];
    const forbidden = { status: 403, method: 'POST' as const };
    for (const caller of [theirs, sideOf(app, other, await signInWithGrants(app, other, 'forger', codes))]) {
      // its own tenant row, as the platform tenant manages it
      await expectIsolated(mine, caller, {
        read: `${base}/detail?id=${row!.id}`,
        names: [],
        refused: [
          { url: `${base}/list`, status: 403 },
          { url: `${base}/detail?id=${row!.id}`, status: 403 },
          { ...forbidden, url: `${base}/submit`, payload: { tenantName: 'Mine now' } },
          { ...forbidden, url: `${base}/submit`, payload: { id: row!.id, tenantName: 'Mine now' } },
          { ...forbidden, url: `${base}/remove?ids=${row!.id}` },
          { ...forbidden, url: `${base}/setting?ids=${row!.id}&accountNumber=1` },
          { ...forbidden, url: `${base}/datasource?tenantId=${other}&datasourceId=1` },
        ],
      });
    }
    // and the service refuses on its own, whatever reaches it
    await expect(app.services.tenants.page(ctxOf(other), { current: 1, size: 10 })).rejects.toMatchObject({
      status: 403,
      messageKey: 'tenant.platformOnly',
    });
  });

  it('a platform role without the button codes reads but cannot change', async () => {
    const reader = as(app, await signInWithGrants(app, '000000', 'tenant-reader', ['tenant']));
    const [row] = await app.database.db.select().from(tenant).where(eq(tenant.tenantId, '000000'));
    expect((await reader.get(`${base}/list`)).statusCode).toBe(200);
    for (const response of [
      await reader.post(`${base}/submit`, { payload: { tenantName: 'Nope' } }),
      await reader.post(`${base}/submit`, { payload: { id: row!.id, tenantName: 'Nope' } }),
      await reader.post(`${base}/remove?ids=${row!.id}`),
      await reader.post(`${base}/setting?ids=${row!.id}&accountNumber=1`),
      await reader.post(`${base}/datasource?tenantId=000000&datasourceId=1`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });
});
