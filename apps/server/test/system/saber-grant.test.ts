import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIds, screenMenuIds } from '../authority-helper.js';
import { as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { addUser } from '../org-helper.js';
import { saber } from '../saber-helper.js';

/**
 * The grant dialogs of the Saber console (`views/system/role.vue`, `topmenu.vue`): they read BladeX's
 * GrantTreeVO `{menu, dataScope, apiScope}` and CheckedTreeVO `{menu, dataScope, apiScope}` and send the keys
 * their el-tree reports ticked (`getCheckedKeys()`: no half-ticked parents, and a menu node whose scopes are
 * all ticked in the scope tabs).
 */
const TENANT = '100011';
const MENU = '/api/blade-system/menu';
let app: FastifyInstance;
let admin: ReturnType<typeof saber>;
let other: ReturnType<typeof saber>;
let clerkRole: string;
let scopes: string[];

interface Node {
  id: string;
  title: string;
  key: string;
  children: Node[];
}
const find = (nodes: Node[], id: string): Node | undefined =>
  nodes.find((node) => node.id === id) ?? nodes.map((node) => find(node.children, id)).find(Boolean);

/** TENANT owns the roles and top menus, tenant 100012 tries to reach them. */
let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { mine: TENANT, theirs: '100012' });
  const platform = as(app, (await login(app)).access_token, 'en-US');
  const [postMenu] = await menuIds(app, ['post']);
  scopes = [];
  for (const scopeName of ['own posts', 'all posts']) {
    const response = await platform.post('/api/blade-system/data-scope/submit', {
      payload: { menuId: postMenu, resourceCode: 'post', scopeName, scopeType: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    scopes.push(response.json().data.id);
  }
  admin = saber(app, tenants.mine.token);
  other = saber(app, tenants.theirs.token);
  const added = await admin.post('/api/blade-system/role/submit', {
    roleName: 'Clerk',
    roleAlias: 'clerk',
    sort: 1,
  });
  clerkRole = added.json().data.id;
});
afterAll(async () => {
  await app?.close();
});

describe('the Saber role grant dialog', () => {
  it('reads the three trees and the ticked keys in BladeX shapes', async () => {
    const trees = (await admin.get(`${MENU}/grant-tree`)).json().data;
    expect(Object.keys(trees).sort()).toEqual(['apiScope', 'dataScope', 'menu']);
    const [system, post] = await menuIds(app, ['system', 'post']);
    expect(find(trees.menu, post!)).toMatchObject({ key: post, title: '岗位管理' });
    const postScopes = find(trees.dataScope, post!)!;
    expect(postScopes.children.map((node) => node.id)).toEqual(scopes);
    expect(find(trees.dataScope, system!)).toBeDefined();
    const keys = (await admin.get(`${MENU}/role-tree-keys?roleIds=${clerkRole}`)).json().data;
    expect(keys).toEqual({ menu: [], dataScope: [], apiScope: [] });
  });

  it('saves what its trees tick: parents of ticked menus added, scope groups dropped', async () => {
    const [system, post] = await menuIds(app, ['system', 'post']);
    const postScreen = await screenMenuIds(app, 'post');
    // el-tree: the post screen ticked whole ("system" only half-ticked, so not sent); in the data-scope tab
    // both scopes of the post menu ticked, so the post and system group nodes come along
    const saved = await admin.post('/api/blade-system/role/grant', {
      roleIds: [clerkRole],
      menuIds: postScreen,
      dataScopeIds: [system, post, ...scopes],
      apiScopeIds: [],
    });
    expect(saved.json(), saved.body).toMatchObject({ code: 200, success: true });
    const keys = (await admin.get(`${MENU}/role-tree-keys?roleIds=${clerkRole}`)).json().data;
    // ticking these in el-tree shows the post screen ticked and "system" half-ticked, as saved
    expect([...keys.menu].sort()).toEqual([...postScreen].sort());
    expect([...keys.dataScope].sort()).toEqual([...scopes].sort());
    expect(keys.apiScope).toEqual([]);
    await addUser(app, TENANT, 'clerk', { roleId: clerkRole });
    const clerk = saber(app, (await login(app, TENANT, 'clerk')).access_token);
    const routes = (await clerk.get(`${MENU}/routes`)).json().data as Array<{
      code: string;
      children: Node[];
    }>;
    expect(routes.map((node) => node.code)).toEqual(['system']);
    expect(
      (await clerk.get('/api/blade-system/post/list?postCode=&postName=&current=1&size=10')).statusCode,
    ).toBe(200);
  });

  it('refuses a scope whose menu is not granted, and another tenant’s roles do nothing', async () => {
    const [home] = await menuIds(app, ['home']);
    const orphan = await admin.post('/api/blade-system/role/grant', {
      roleIds: [clerkRole],
      menuIds: [home],
      dataScopeIds: scopes,
      apiScopeIds: [],
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().data.errors).toHaveProperty('dataScopeIds');
    expect((await other.get(`${MENU}/role-tree-keys?roleIds=${clerkRole}`)).json().data).toEqual({
      menu: [],
      dataScope: [],
      apiScope: [],
    });
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: async () => (await admin.get(`${MENU}/role-tree-keys?roleIds=${clerkRole}`)).json().data,
      names: [clerkRole],
      refused: [
        {
          method: 'POST',
          url: '/api/blade-system/role/grant',
          payload: { roleIds: [clerkRole], menuIds: [home] },
        },
      ],
    });
    const keys = (await admin.get(`${MENU}/role-tree-keys?roleIds=${clerkRole}`)).json().data;
    expect(keys.menu).not.toEqual([home]);
  });
});

describe('the Saber top-menu dialog', () => {
  it('reads {menu} tree and keys, saves the ticked menus, and never shows another tenant’s', async () => {
    const tops = (await admin.get('/api/blade-system/topmenu/list?name=&code=&current=1&size=10')).json()
      .data;
    const top = tops.records[0].id as string;
    const tree = (await admin.get(`${MENU}/grant-top-tree`)).json().data;
    expect(Object.keys(tree)).toEqual(['menu']);
    const [post, role, tenantMenu] = await menuIds(app, ['post', 'role', 'tenant']);
    expect(find(tree.menu, post!)).toBeDefined();
    expect(find(tree.menu, tenantMenu!)).toBeUndefined();
    const saved = await admin.post('/api/blade-system/topmenu/grant', {
      topMenuIds: [top],
      menuIds: [post, role],
    });
    expect(saved.json()).toMatchObject({ code: 200 });
    const keys = (await admin.get(`${MENU}/top-tree-keys?topMenuIds=${top}`)).json().data;
    expect(Object.keys(keys)).toEqual(['menu']);
    expect([...keys.menu].sort()).toEqual([post, role].sort());
    expect((await other.get(`${MENU}/top-tree-keys?topMenuIds=${top}`)).json().data).toEqual({ menu: [] });
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: async () => (await admin.get(`${MENU}/top-tree-keys?topMenuIds=${top}`)).json().data,
      names: [top],
      hidden: ['/api/blade-system/topmenu/list?name=&code=&current=1&size=10'],
      refused: [
        `/api/blade-system/topmenu/detail?id=${top}`,
        {
          method: 'POST',
          url: '/api/blade-system/topmenu/grant',
          payload: { topMenuIds: [top], menuIds: [] },
        },
      ],
    });
  });
});
