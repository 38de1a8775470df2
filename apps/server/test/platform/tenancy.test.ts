import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, post, role, roleMenu, user } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { hashPassword, md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTestApp, login, passwordGrant } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenantA: TenantSide;
let tenantB: TenantSide;
let adminA: string;
let adminB: string;
let postOfB: string;
const A = '000000';
const B = '300001';

async function addUser(tenantId: string, account: string, roleId: string) {
  await app.database.db.insert(user).values({
    id: newId(),
    tenantId,
    account,
    password: await hashPassword(md5Hex(ADMIN_PASSWORD), 10),
    name: account,
    roleId,
  });
}

beforeAll(async () => {
  app = await createTestApp();
  ({ mine: tenantA, theirs: tenantB } = await twoTenants(app, { mine: A, theirs: B }));
  adminA = tenantA.token;
  adminB = tenantB.token;
  const created = await as(app, adminB).post('/api/blade-system/post/submit', {
    payload: { category: 1, postCode: 'pilot', postName: 'Pilot of B', sort: 1 },
  });
  expect(created.statusCode).toBe(200);
  postOfB = created.json().data.id;
});
afterAll(async () => {
  await app?.close();
});

describe('cross-tenant isolation', () => {
  it('a user of tenant A cannot sign in to tenant B', async () => {
    const [adminRole] = await app.database.db.select().from(role).where(eq(role.tenantId, A));
    await addUser(A, 'alice', adminRole!.id);
    expect((await app.inject(passwordGrant(A, 'alice', ADMIN_PASSWORD))).statusCode).toBe(200);
    const elsewhere = await app.inject(passwordGrant(B, 'alice', ADMIN_PASSWORD));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe('invalid_grant');
  });

  it("A cannot list, read, change or remove B's rows with its own token", async () => {
    await expectIsolated(tenantB, tenantA, {
      read: `/api/blade-system/post/detail?id=${postOfB}`,
      names: [postOfB, 'Pilot of B'],
      hidden: ['/api/blade-system/post/list', '/api/blade-system/post/select'],
      refused: [
        `/api/blade-system/post/detail?id=${postOfB}`,
        {
          method: 'POST',
          url: '/api/blade-system/post/submit',
          payload: { id: postOfB, category: 1, postCode: 'stolen', postName: 'Stolen', sort: 1 },
        },
        { method: 'POST', url: `/api/blade-system/post/remove?ids=${postOfB}` },
      ],
    });
    const [row] = await app.database.db.select().from(post).where(eq(post.id, postOfB));
    expect(row).toMatchObject({ tenantId: B, postCode: 'pilot', postName: 'Pilot of B', isDeleted: 0 });
  });

  it('refuses a forged Tenant-Id header that disagrees with the token', async () => {
    const forged = { headers: { 'tenant-id': B } };
    const caller = as(app, adminA, 'en-US');
    for (const response of [
      await caller.get('/api/blade-system/post/list', forged),
      await caller.get(`/api/blade-system/post/detail?id=${postOfB}`, forged),
      await caller.post(`/api/blade-system/post/remove?ids=${postOfB}`, forged),
      await caller.get('/api/blade-auth/oauth/user-info', forged),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 403,
        success: false,
        msg: 'the requested tenant does not match the signed-in tenant',
      });
    }
    expect(
      (await caller.get('/api/blade-system/post/list', { headers: { 'tenant-id': A } })).statusCode,
    ).toBe(200);
  });

  it('an inserted row belongs to the caller tenant whatever the body says', async () => {
    const created = await as(app, adminA).post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'a-post', postName: 'Post of A', sort: 2, tenantId: B },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.tenantId).toBe(A);
    const seenByB = await as(app, adminB).get('/api/blade-system/post/list');
    expect(seenByB.json().data.records.map((row: { postCode: string }) => row.postCode)).toEqual(['pilot']);
  });

  it('the same post code may exist once per tenant', async () => {
    const created = await as(app, adminA).post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'pilot', postName: 'Pilot of A', sort: 3 },
    });
    expect(created.statusCode).toBe(200);
  });

  it("dictionaries of tenant B are B's own", async () => {
    const response = await as(app, adminB).get('/api/blade-system/dict-biz/dictionary?code=industry_type');
    expect(response.json().data.length).toBeGreaterThan(0);
  });
});

describe('the two-tenant helper (test/tenants.ts)', () => {
  const detail = () => `/api/blade-system/post/detail?id=${postOfB}`;
  const isolation = () => ({ read: detail(), names: [postOfB] });

  it('fails when a call it should see refused answers, or when a 404 is an unknown path', async () => {
    await expect(
      expectIsolated(tenantB, tenantA, { ...isolation(), refused: ['/api/blade-system/post/list'] }),
    ).rejects.toThrow(/GET \/api\/blade-system\/post\/list/);
    await expect(
      expectIsolated(tenantB, tenantA, {
        ...isolation(),
        refused: [`/api/blade-system/no-such/detail?id=${postOfB}`],
      }),
    ).rejects.toThrow(/no such API/);
    await expect(
      expectIsolated(tenantB, tenantA, {
        ...isolation(),
        refused: [
          {
            method: 'POST',
            url: '/api/blade-system/post/submit',
            payload: { id: postOfB, category: 1, postCode: 'x', sort: 1 },
            status: 400,
            field: 'postCode',
          },
        ],
      }),
    ).rejects.toThrow(/expected \[ 'postName' \] to include 'postCode'/);
  });

  it('fails when a list shows the row to the other tenant, or would not show it to its owner either', async () => {
    await expect(
      expectIsolated(tenantB, tenantB, {
        ...isolation(),
        hidden: ['/api/blade-system/post/list'],
        refused: [],
      }),
    ).rejects.toThrow(/names/);
    await expect(
      expectIsolated(tenantB, tenantA, {
        ...isolation(),
        hidden: ['/api/blade-system/post/list?postCode=none'],
        refused: [],
      }),
    ).rejects.toThrow(/names the row/);
  });

  it("fails when the owner's row is not the same afterwards", async () => {
    let reads = 0;
    await expect(
      expectIsolated(tenantB, tenantA, { read: async () => (reads += 1), names: [postOfB], refused: [] }),
    ).rejects.toThrow(/after the other tenant's calls/);
    await expect(
      expectIsolated(tenantB, tenantA, {
        read: `/api/blade-system/post/detail?id=1`,
        names: [postOfB],
        refused: [],
      }),
    ).rejects.toThrow(/owner reads/);
  });
});

describe('permissions', () => {
  let viewer: string;
  beforeAll(async () => {
    const db = app.database.db;
    const roleId = newId();
    await db.insert(role).values({ id: roleId, tenantId: B, roleName: 'Viewer', roleAlias: 'viewer' });
    const granted = await db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'post'));
    await db.insert(roleMenu).values(granted.map((row) => ({ id: newId(), roleId, menuId: row.id })));
    await addUser(B, 'viewer', roleId);
    viewer = (await login(app, B, 'viewer')).access_token;
  });

  it('a role with the menu but without the button code may read but not add, edit or delete', async () => {
    const caller = as(app, viewer, 'en-US');
    expect((await caller.get('/api/blade-system/post/list')).statusCode).toBe(200);
    expect((await caller.get(`/api/blade-system/post/detail?id=${postOfB}`)).statusCode).toBe(200);
    const add = await caller.post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'x', postName: 'X', sort: 1 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({
      code: 403,
      success: false,
      data: null,
      msg: 'you do not have permission for this action',
    });
    const edit = await caller.post('/api/blade-system/post/submit', {
      payload: { id: postOfB, category: 1, postCode: 'pilot', postName: 'Renamed', sort: 1 },
    });
    expect(edit.statusCode).toBe(403);
    expect((await caller.post(`/api/blade-system/post/remove?ids=${postOfB}`)).statusCode).toBe(403);
    const [row] = await app.database.db
      .select()
      .from(post)
      .where(and(eq(post.id, postOfB)));
    expect(row?.postName).toBe('Pilot of B');
  });

  it('the console sees the same grants: no post_add in permissions or buttons', async () => {
    const info = (await as(app, viewer).get('/api/blade-auth/oauth/user-info')).json().data;
    expect(info.permissions).toEqual(['post']);
    const buttons = (await as(app, viewer).get('/api/blade-system/menu/buttons')).json().data;
    expect(JSON.stringify(buttons)).not.toContain('post_add');
    const routes = (await as(app, viewer).get('/api/blade-system/menu/routes')).json().data;
    expect(routes.map((node: { code: string }) => node.code)).toEqual(['post']);
  });

  it('a Role-Id header at sign-in narrows the session to that one of the user roles', async () => {
    const db = app.database.db;
    const roles = await db.select().from(role).where(eq(role.tenantId, B));
    const administrator = roles.find((row) => row.roleAlias === 'administrator')!;
    const viewerRole = roles.find((row) => row.roleAlias === 'viewer')!;
    await addUser(B, 'both', `${administrator.id},${viewerRole.id}`);
    const full = (await login(app, B, 'both')).access_token;
    expect((await as(app, full).get('/api/blade-auth/oauth/user-info')).json().data.permissions).toContain(
      'post_add',
    );
    const narrowed = await app.inject(passwordGrant(B, 'both', ADMIN_PASSWORD, { 'role-id': viewerRole.id }));
    expect(narrowed.json()).toMatchObject({ role_id: viewerRole.id, role_name: 'viewer' });
    const caller = as(app, narrowed.json().access_token);
    expect((await caller.get('/api/blade-auth/oauth/user-info')).json().data.permissions).toEqual(['post']);
    const add = await caller.post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'y', postName: 'Y', sort: 1 },
    });
    expect(add.statusCode).toBe(403);
    // A role the user does not hold is ignored.
    const foreign = await app.inject(
      passwordGrant(B, 'viewer', ADMIN_PASSWORD, { 'role-id': administrator.id }),
    );
    expect(foreign.json().role_id).toBe(viewerRole.id);
  });

  it('a tenant administrator does not get platform-only menus', async () => {
    const info = (await as(app, adminB).get('/api/blade-auth/oauth/user-info')).json().data;
    expect(info.permissions).toContain('post_add');
    expect(info.permissions).not.toContain('tenant');
    expect(info.permissions).not.toContain('client');
  });
});
