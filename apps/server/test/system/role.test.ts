import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, menuIds, roleIdOf, screenMenuIds } from '../authority-helper.js';
import { as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let platform: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
const ROLE = '/api/blade-system/role';

interface RoleNode {
  id: string;
  roleName: string;
  roleAlias: string;
  parentId: string;
  parentName: string;
  isPreset: number;
  children: RoleNode[];
}

async function addRole(client: ReturnType<typeof as>, body: Record<string, unknown>): Promise<string> {
  const response = await client.post(`${ROLE}/submit`, { payload: { sort: 1, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: '100001' });
  platform = as(app, tenants.mine.token);
  other = as(app, tenants.theirs.token, 'en-US');
});
afterAll(async () => {
  await app?.close();
});

describe('roles', () => {
  it('lists the tenant roles as a tree with the parent name, and finds them by name', async () => {
    const parent = await addRole(platform, { roleName: '运维', roleAlias: 'ops', sort: 5 });
    const child = await addRole(platform, {
      roleName: '运维助理',
      roleAlias: 'ops_assistant',
      parentId: parent,
    });
    const tree = (await platform.get(`${ROLE}/list`)).json().data as RoleNode[];
    expect(tree.map((node) => node.roleAlias)).toEqual(['administrator', 'user', 'ops']);
    const ops = tree.find((node) => node.id === parent)!;
    expect(ops.children.map((node) => node.id)).toEqual([child]);
    expect(ops.children[0]).toMatchObject({ parentName: '运维', parentId: parent });
    expect(tree[0]).toMatchObject({ isPreset: 1 });
    const found = (await platform.get(`${ROLE}/list?roleName=助理`)).json().data as RoleNode[];
    expect(found.map((node) => node.id)).toEqual([child]);
    const detail = (await platform.get(`${ROLE}/detail?id=${child}`)).json().data;
    expect(detail).toMatchObject({ roleName: '运维助理', parentName: '运维', tenantId: '000000' });
  });

  it('requires the name and the sort (spec §5) and refuses blank or malformed values, naming the field', async () => {
    const noName = await other.post(`${ROLE}/submit`, { payload: { roleAlias: 'x', sort: 1 } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().data.errors).toHaveProperty('roleName');
    const noSort = await other.post(`${ROLE}/submit`, { payload: { roleName: 'x', roleAlias: 'x' } });
    expect(noSort.statusCode).toBe(400);
    expect(noSort.json().data.errors).toHaveProperty('sort');
    const blank = await other.post(`${ROLE}/submit`, {
      payload: { roleName: '   ', roleAlias: 'x', sort: 1 },
    });
    expect(blank.json().data.errors.roleName).toMatch(/spaces/);
    const alias = await other.post(`${ROLE}/submit`, {
      payload: { roleName: 'x', roleAlias: '1 a', sort: 1 },
    });
    expect(alias.json().data.errors.roleAlias).toMatch(/start with a letter/);
    const sort = await other.post(`${ROLE}/submit`, {
      payload: { roleName: 'x', roleAlias: 'x', sort: 'abc' },
    });
    expect(sort.statusCode).toBe(400);
  });

  it('keeps the alias unique within a tenant only', async () => {
    await addRole(other, { roleName: 'Pilot', roleAlias: 'pilot' });
    const again = await other.post(`${ROLE}/submit`, {
      payload: { roleName: 'Pilot 2', roleAlias: 'pilot', sort: 2 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('roleAlias: the role alias already exists');
    await addRole(platform, { roleName: 'Pilot', roleAlias: 'pilot' });
  });

  it('refuses a parent that is missing, the role itself or one of its descendants', async () => {
    const top = await addRole(other, { roleName: 'Top', roleAlias: 'top' });
    const middle = await addRole(other, { roleName: 'Middle', roleAlias: 'middle', parentId: top });
    const bottom = await addRole(other, { roleName: 'Bottom', roleAlias: 'bottom', parentId: middle });
    const update = (parentId: string) =>
      other.post(`${ROLE}/submit`, {
        payload: { id: top, roleName: 'Top', roleAlias: 'top', sort: 1, parentId },
      });
    for (const parentId of [top, bottom]) {
      const response = await update(parentId);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errors.parentId).toMatch(/itself or one of its child roles/);
    }
    expect((await update('123456')).json().data.errors.parentId).toMatch(/does not exist/);
    // a role of another tenant is not a parent either: see the tenancy test below
  });

  it('keeps preset roles: no removal, no alias change', async () => {
    const admin = await roleIdOf(app, '100001', 'administrator');
    const removed = await other.post(`${ROLE}/remove?ids=${admin}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe('a system-preset role cannot be removed');
    const renamed = await other.post(`${ROLE}/submit`, {
      payload: { id: admin, roleName: 'Boss', roleAlias: 'boss', sort: 1 },
    });
    expect(renamed.json().data.errors.roleAlias).toMatch(/preset/);
    const named = await other.post(`${ROLE}/submit`, {
      payload: { id: admin, roleName: 'Boss', roleAlias: 'administrator', sort: 1 },
    });
    expect(named.statusCode).toBe(200);
  });

  it('refuses to remove a role that users hold or that has child roles, then removes it', async () => {
    const parent = await addRole(other, { roleName: 'Held', roleAlias: 'held' });
    const child = await addRole(other, { roleName: 'Child', roleAlias: 'child', parentId: parent });
    const someone = await roleIdOf(app, '100001', 'user');
    await addUser(app, '100001', 'holder', [someone, parent]);
    const withChild = await other.post(`${ROLE}/remove?ids=${parent}`);
    expect(withChild.json().msg).toBe('the role "Held" has child roles: remove them first');
    const held = await other.post(`${ROLE}/remove?ids=${parent},${child}`);
    expect(held.statusCode).toBe(400);
    expect(held.json().msg).toBe('the role "Held" is assigned to 1 user(s): unassign it first');
    const gone = await other.post(`${ROLE}/remove?ids=${child}`);
    expect(gone.json()).toMatchObject({ code: 200, data: 1, msg: 'deleted successfully' });
    expect((await other.get(`${ROLE}/detail?id=${child}`)).statusCode).toBe(404);
  });

  it('never lets another tenant read, change, remove or grant a role', async () => {
    const mine = await addRole(platform, { roleName: 'Mine', roleAlias: 'mine' });
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${ROLE}/detail?id=${mine}`,
      names: [mine],
      hidden: [`${ROLE}/list`, `${ROLE}/tree`],
      refused: [
        `${ROLE}/detail?id=${mine}`,
        {
          method: 'POST',
          url: `${ROLE}/submit`,
          payload: { id: mine, roleName: 'Stolen', roleAlias: 'stolen', sort: 1 },
        },
        { method: 'POST', url: `${ROLE}/remove?ids=${mine}` },
        { method: 'POST', url: `${ROLE}/grant`, payload: { roleIds: [mine], menuIds: [] } },
        {
          method: 'POST',
          url: `${ROLE}/submit`,
          payload: { roleName: 'Below', roleAlias: 'below', sort: 1, parentId: mine },
          status: 400,
          errors: { parentId: 'the parent role does not exist' },
        },
      ],
    });
    expect(
      (await other.get(`/api/blade-system/menu/role-tree-keys?roleIds=${mine}`)).json().data.menu,
    ).toEqual([]);
  });

  it('gives per-tenant role trees: only the platform tenant may name another tenant', async () => {
    const titles = (nodes: Array<{ title: string }>) => nodes.map((node) => node.title);
    const own = (await other.get(`${ROLE}/tree`)).json().data;
    expect(titles(own)).toContain('Pilot');
    const asked = (await other.get(`${ROLE}/tree?tenantId=000000`)).json().data;
    expect(asked).toEqual(own);
    const forOther = (await platform.get(`${ROLE}/tree?tenantId=100001`)).json().data;
    expect(forOther).toEqual(own);
    expect(own[0]).toMatchObject({ key: own[0].id, value: own[0].id, hasChildren: false });
  });
});

describe('role grant', () => {
  let clerkRole: string;
  let clerk: ReturnType<typeof as>;

  beforeAll(async () => {
    clerkRole = await addRole(other, { roleName: 'Clerk', roleAlias: 'clerk' });
    await addUser(app, '100001', 'clerk', [clerkRole]);
    clerk = as(app, (await login(app, '100001', 'clerk')).access_token, 'en-US');
  });

  it('replaces the menus of the roles, shows them as tree keys, and the holders see the change at once', async () => {
    expect((await clerk.get('/api/blade-system/post/list')).statusCode).toBe(403);
    const post = await screenMenuIds(app, 'post');
    const [system] = await menuIds(app, ['system']);
    const granted = await other.post(`${ROLE}/grant`, {
      payload: { roleIds: [clerkRole], menuIds: [system, ...post], dataScopeIds: [], apiScopeIds: [] },
    });
    expect(granted.json()).toMatchObject({ code: 200, success: true });
    const keys = (await other.get(`/api/blade-system/menu/role-tree-keys?roleIds=${clerkRole}`)).json().data;
    // the ticked nodes: the post screen whole; "system" is held but only in part (shows half-ticked)
    expect([...keys.menu].sort()).toEqual([...post].sort());
    expect((await clerk.get('/api/blade-system/post/list')).statusCode).toBe(200);
    const routes = (await clerk.get('/api/blade-system/menu/routes')).json().data;
    expect(routes.map((node: { code: string }) => node.code)).toEqual(['system']);
    expect(routes[0].children.map((node: { code: string }) => node.code)).toEqual(['post']);

    // a second grant replaces the first
    const [home] = await menuIds(app, ['home']);
    await other.post(`${ROLE}/grant`, { payload: { roleIds: clerkRole, menuIds: home } });
    expect((await clerk.get('/api/blade-system/post/list')).statusCode).toBe(403);
    const after = (await other.get(`/api/blade-system/menu/role-tree-keys?roleIds=${clerkRole}`)).json().data;
    expect(after.menu).toEqual([home]);
  });

  it('offers and accepts only the menus the tenant may have: never platform-only menus outside 000000', async () => {
    const tree = (await other.get('/api/blade-system/menu/grant-tree')).json().data.menu;
    const codes = JSON.stringify(tree);
    expect(codes).toContain('"title":"Posts"');
    expect(codes).not.toContain('"title":"Tenants"');
    const [tenantMenu] = await menuIds(app, ['tenant']);
    const refused = await other.post(`${ROLE}/grant`, {
      payload: { roleIds: [clerkRole], menuIds: [tenantMenu] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toHaveProperty('menuIds');
    const unknown = await other.post(`${ROLE}/grant`, { payload: { roleIds: [clerkRole], menuIds: ['77'] } });
    expect(unknown.statusCode).toBe(400);
    const platformTree = JSON.stringify(
      (await platform.get('/api/blade-system/menu/grant-tree')).json().data,
    );
    expect(platformTree).toContain('"title":"租户管理"');
  });

  it('lets a delegate grant only the menus they hold, and needs role_grant', async () => {
    const delegateRole = await addRole(other, { roleName: 'Delegate', roleAlias: 'delegate' });
    const roleScreen = await screenMenuIds(app, 'role');
    const [post] = await menuIds(app, ['post']);
    const [dept] = await menuIds(app, ['dept']);
    const withoutGrant = roleScreen.slice(0, -1);
    await other.post(`${ROLE}/grant`, {
      payload: { roleIds: [delegateRole], menuIds: [...withoutGrant, post] },
    });
    await addUser(app, '100001', 'delegate', [delegateRole]);
    const delegate = as(app, (await login(app, '100001', 'delegate')).access_token, 'en-US');
    expect(
      (await delegate.post(`${ROLE}/grant`, { payload: { roleIds: [clerkRole], menuIds: [post] } }))
        .statusCode,
    ).toBe(403);
    expect((await delegate.get('/api/blade-system/menu/grant-tree')).statusCode).toBe(403);
    await other.post(`${ROLE}/grant`, {
      payload: { roleIds: [delegateRole], menuIds: [...roleScreen, post] },
    });
    const tree = JSON.stringify((await delegate.get('/api/blade-system/menu/grant-tree')).json().data);
    expect(tree).toContain(post);
    expect(tree).not.toContain(dept);
    const refused = await delegate.post(`${ROLE}/grant`, {
      payload: { roleIds: [clerkRole], menuIds: [dept] },
    });
    expect(refused.statusCode).toBe(400);
    const allowed = await delegate.post(`${ROLE}/grant`, {
      payload: { roleIds: [clerkRole], menuIds: [post] },
    });
    expect(allowed.statusCode).toBe(200);
    // without role_add the submit is refused
    const [roleAdd] = await menuIds(app, ['role_add']);
    await other.post(`${ROLE}/grant`, {
      payload: { roleIds: [delegateRole], menuIds: roleScreen.filter((id) => id !== roleAdd) },
    });
    const add = await delegate.post(`${ROLE}/submit`, {
      payload: { roleName: 'X', roleAlias: 'x', sort: 1 },
    });
    expect(add.statusCode).toBe(403);
  });

  it('validates the grant body', async () => {
    const noRoles = await other.post(`${ROLE}/grant`, { payload: { roleIds: [], menuIds: [] } });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().data.errors).toHaveProperty('roleIds');
    const badIds = await other.post(`${ROLE}/grant`, { payload: { roleIds: [clerkRole], menuIds: ['x'] } });
    expect(badIds.statusCode).toBe(400);
  });
});
