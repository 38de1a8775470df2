import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, menuIds, roleIdOf, screenMenuIds } from '../authority-helper.js';
import { as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let platform: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
const MENU = '/api/blade-system/menu';
const TOP = '/api/blade-system/topmenu';

interface Node {
  id: string;
  code: string;
  category: number;
  hasChildren: boolean;
  parentName: string;
  children?: Node[];
}
const codes = (nodes: Node[]): string[] =>
  nodes.flatMap((node) => [node.code, ...codes(node.children ?? [])]);

async function addMenu(body: Record<string, unknown>): Promise<string> {
  const response = await platform.post(`${MENU}/submit`, { payload: { sort: 1, category: 1, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: '100002' });
  platform = as(app, tenants.mine.token, 'en-US');
  other = as(app, tenants.theirs.token, 'en-US');
});
afterAll(async () => {
  await app?.close();
});

describe('menu administration', () => {
  it('lists every menu and button as a tree, and the menus alone for menu-list', async () => {
    const tree = (await platform.get(`${MENU}/list`)).json().data as Node[];
    expect(codes(tree)).toEqual(expect.arrayContaining(['system', 'post', 'post_add', 'role_grant']));
    const system = tree.find((node) => node.code === 'system')!;
    const post = system.children!.find((node) => node.code === 'post')!;
    expect(post).toMatchObject({ parentName: 'System', hasChildren: true });
    const onlyMenus = codes((await platform.get(`${MENU}/menu-list`)).json().data);
    expect(onlyMenus).toContain('post');
    expect(onlyMenus).not.toContain('post_add');
    const found = (await platform.get(`${MENU}/list?code=role_gr`)).json().data as Node[];
    expect(found.map((node) => node.code)).toEqual(['role_grant']);
  });

  it('loads the tree lazily, level by level, with hasChildren', async () => {
    const top = (await platform.get(`${MENU}/lazy-list`)).json().data as Node[];
    expect(top[0]).toMatchObject({ code: 'home', hasChildren: false });
    const system = top.find((node) => node.code === 'system')!;
    expect(system.hasChildren).toBe(true);
    expect(system.children).toBeUndefined();
    const below = (await platform.get(`${MENU}/lazy-list?parentId=${system.id}`)).json().data as Node[];
    expect(below.find((node) => node.code === 'post')).toMatchObject({ hasChildren: true });
    const [post] = await menuIds(app, ['post']);
    const buttons = (await platform.get(`${MENU}/lazy-list?parentId=${post}`)).json().data as Node[];
    expect(buttons.map((node) => node.code)).toEqual(['post_add', 'post_edit', 'post_delete', 'post_view']);
    const menusOnly = (await platform.get(`${MENU}/lazy-menu-list?parentId=${system.id}`)).json()
      .data as Node[];
    expect(menusOnly.find((node) => node.code === 'post')).toMatchObject({ hasChildren: false });
    expect((await platform.get(`${MENU}/lazy-list?parentId=abc`)).statusCode).toBe(400);
  });

  it('gives a tree select of the menus a tenant may have', async () => {
    const titles = (nodes: Array<{ title: string; children: unknown[] }>): string[] =>
      nodes.flatMap((node) => [node.title, ...titles(node.children as never)]);
    const mine = titles((await platform.get(`${MENU}/tree`)).json().data);
    expect(mine).toEqual(expect.arrayContaining(['Tenants', 'Posts']));
    expect(mine).not.toContain('Add');
    const theirs = titles((await other.get(`${MENU}/tree`)).json().data);
    expect(theirs).toContain('Posts');
    expect(theirs).not.toContain('Tenants');
    expect(titles((await platform.get(`${MENU}/tree?tenantId=100002`)).json().data)).toEqual(theirs);
  });

  it('adds, shows and edits a menu and its button; admins see them at once', async () => {
    const [system] = await menuIds(app, ['system']);
    const id = await addMenu({
      parentId: system,
      code: 'weather',
      name: '气象',
      nameEn: 'Weather',
      path: '/system/weather',
      source: 'CloudOutlined',
      isOpen: 2,
    });
    const button = await addMenu({ parentId: id, code: 'weather_add', name: '新增', category: 2, action: 1 });
    const detail = (await platform.get(`${MENU}/detail?id=${button}`)).json().data;
    expect(detail).toMatchObject({ code: 'weather_add', parentName: 'Weather', category: 2, action: 1 });
    const routes = codes((await platform.get(`${MENU}/routes`)).json().data);
    expect(routes).toContain('weather');
    const buttons = codes((await platform.get(`${MENU}/buttons`)).json().data);
    expect(buttons).toContain('weather_add');
    const edited = await platform.post(`${MENU}/submit`, {
      payload: {
        id,
        parentId: system,
        code: 'weather',
        name: '天气',
        path: '/system/weather',
        sort: 3,
        category: 1,
      },
    });
    expect(edited.json()).toMatchObject({
      code: 200,
      msg: 'updated successfully',
      data: { name: '天气', sort: 3 },
    });
  });

  it('applies the menu rules: unique code, path for menus, action for buttons, a sound parent', async () => {
    const [system, post, postAdd] = await menuIds(app, ['system', 'post', 'post_add']);
    const field = async (payload: Record<string, unknown>) => {
      const response = await platform.post(`${MENU}/submit`, {
        payload: { sort: 1, category: 1, ...payload },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().data.errors as Record<string, string>;
    };
    expect((await field({ code: 'post', name: 'Copy', path: '/x' })).code).toBe(
      'the menu code already exists',
    );
    expect((await field({ code: 'nopath', name: 'No path' })).path).toBe('a menu needs a route path');
    expect((await field({ code: 'noaction', name: 'B', category: 2, parentId: post })).action).toMatch(
      /action/,
    );
    expect(
      (await field({ code: 'deep', name: 'B', category: 2, action: 1, parentId: postAdd })).parentId,
    ).toBe('a button cannot have children');
    expect((await field({ code: 'lost', name: 'L', path: '/l', parentId: '42' })).parentId).toMatch(
      /not exist/,
    );
    expect(
      (await field({ id: system, code: 'system', name: 'S', path: '/system', parentId: post })).parentId,
    ).toMatch(/itself or one below it/);
    expect((await field({ code: 'bad code', name: 'B', path: '/b' })).code).toMatch(/start with a letter/);
    expect((await field({ code: 'blank', name: '  ', path: '/b' })).name).toMatch(/spaces/);
  });

  it('refuses to remove a menu with children, and removes it with them', async () => {
    const parent = await addMenu({ code: 'temp', name: 'Temp', path: '/temp' });
    const child = await addMenu({ parentId: parent, code: 'temp_add', name: 'Add', category: 2, action: 1 });
    const refused = await platform.post(`${MENU}/remove?ids=${parent}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('the menu "Temp" has children: remove them first');
    const removed = await platform.post(`${MENU}/remove?ids=${parent},${child}`);
    expect(removed.json()).toMatchObject({ code: 200, data: 2 });
    expect((await platform.get(`${MENU}/detail?id=${parent}`)).statusCode).toBe(404);
    const again = await platform.post(`${MENU}/submit`, {
      payload: { code: 'temp', name: 'Temp', path: '/temp', sort: 1, category: 1 },
    });
    expect(again.statusCode).toBe(200);
  });

  it('lets other tenants read the menus but never change them', async () => {
    const [post] = await menuIds(app, ['post']);
    expect((await other.get(`${MENU}/detail?id=${post}`)).statusCode).toBe(200);
    const edit = await other.post(`${MENU}/submit`, {
      payload: { id: post, code: 'post', name: 'Mine', path: '/system/post', sort: 1, category: 1 },
    });
    expect(edit.json().msg).toBe(
      'menus are shared by every tenant: only the platform tenant may change them',
    );
    // shared, so readable: only the changes are refused, and the menu stays as it was
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${MENU}/detail?id=${post}`,
      names: [],
      refused: [
        {
          method: 'POST',
          url: `${MENU}/submit`,
          payload: { id: post, code: 'post', name: 'Mine', path: '/system/post', sort: 1, category: 1 },
          status: 403,
        },
        { method: 'POST', url: `${MENU}/remove?ids=${post}`, status: 403 },
        {
          method: 'POST',
          url: `${MENU}/submit`,
          payload: { code: 'mine', name: 'Mine', path: '/mine', sort: 1, category: 1 },
          status: 403,
        },
      ],
    });
  });

  it('needs the menu codes: a user without them gets 403', async () => {
    const userRole = await roleIdOf(app, '100002', 'user');
    await addUser(app, '100002', 'plain', [userRole]);
    const plain = as(app, (await login(app, '100002', 'plain')).access_token);
    expect((await plain.get(`${MENU}/list`)).statusCode).toBe(403);
    expect((await plain.get(`${MENU}/lazy-menu-list`)).statusCode).toBe(403);
    expect((await plain.get(`${TOP}/list`)).statusCode).toBe(403);
    expect(
      (await plain.post(`${TOP}/grant`, { payload: { topMenuIds: ['1'], menuIds: [] } })).statusCode,
    ).toBe(403);
  });
});

describe('top menus', () => {
  it('pages the tenant top menus by sort and keeps their codes unique within the tenant', async () => {
    const page = (await other.get(`${TOP}/list`)).json().data;
    expect(page.total).toBe(4);
    expect(page.records.map((row: { code: string }) => row.code)).toEqual([
      'route_mission',
      'device_manager',
      'realtime_monitoring',
      'intelligent_screen',
    ]);
    const clash = await other.post(`${TOP}/submit`, {
      payload: { code: 'route_mission', name: 'Again', sort: 9 },
    });
    expect(clash.json().data.errors.code).toBe('the top menu code already exists');
    const added = await other.post(`${TOP}/submit`, {
      payload: { code: 'admin_area', name: '管理', nameEn: 'Administration', path: '/system', sort: 5 },
    });
    expect(added.json()).toMatchObject({ code: 200, msg: 'added successfully' });
    const noName = await other.post(`${TOP}/submit`, { payload: { code: 'x', sort: 1 } });
    expect(noName.json().data.errors).toHaveProperty('name');
  });

  it('grants menus to a top menu, which then shows them (children under their parent) in routes', async () => {
    const tops = (await other.get(`${TOP}/list?code=admin_area`)).json().data.records;
    const top = tops[0].id;
    const [system, post, role] = await menuIds(app, ['system', 'post', 'role']);
    const granted = await other.post(`${TOP}/grant`, {
      payload: { topMenuIds: [top], menuIds: [post, role] },
    });
    expect(granted.statusCode).toBe(200);
    const keys = (await other.get(`${MENU}/top-tree-keys?topMenuIds=${top}`)).json().data.menu;
    expect([...keys].sort()).toEqual([post, role].sort());
    const routes = (await other.get(`${MENU}/routes?topMenuId=${top}`)).json().data as Node[];
    expect(routes.map((node) => node.code)).toEqual(['post', 'role']);
    // the whole group and one of its children: the child stays in the group
    await other.post(`${TOP}/grant`, { payload: { topMenuIds: top, menuIds: `${system},${post}` } });
    const nested = (await other.get(`${MENU}/routes?topMenuId=${top}`)).json().data as Node[];
    expect(nested.map((node) => node.code)).toEqual(['system']);
    expect(codes(nested).filter((code) => code === 'post')).toHaveLength(1);
    const tree = JSON.stringify((await other.get(`${MENU}/grant-top-tree`)).json().data);
    expect(tree).toContain('"title":"Posts"');
    expect(tree).not.toContain('"title":"Tenants"');
    expect(tree).not.toContain('"title":"Add"');
  });

  it('refuses platform-only menus and buttons in a tenant top menu', async () => {
    const top = (await other.get(`${TOP}/list?code=admin_area`)).json().data.records[0].id;
    const [tenantMenu, postAdd] = await menuIds(app, ['tenant', 'post_add']);
    for (const menuId of [tenantMenu, postAdd]) {
      const refused = await other.post(`${TOP}/grant`, { payload: { topMenuIds: [top], menuIds: [menuId] } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.errors).toHaveProperty('menuIds');
    }
  });

  it('never lets another tenant read, change, grant or remove a top menu', async () => {
    const theirs = (await other.get(`${TOP}/list?code=admin_area`)).json().data.records[0].id;
    await expectIsolated(tenants.theirs, tenants.mine, {
      read: `${TOP}/detail?id=${theirs}`,
      names: [theirs],
      hidden: [`${TOP}/list`],
      refused: [
        `${TOP}/detail?id=${theirs}`,
        { method: 'POST', url: `${TOP}/submit`, payload: { id: theirs, code: 'x', name: 'X', sort: 1 } },
        { method: 'POST', url: `${TOP}/grant`, payload: { topMenuIds: [theirs], menuIds: [] } },
        `${MENU}/routes?topMenuId=${theirs}`,
        { method: 'POST', url: `${TOP}/remove?ids=${theirs}` },
      ],
    });
    expect((await platform.get(`${MENU}/top-tree-keys?topMenuIds=${theirs}`)).json().data.menu).toEqual([]);
    const removed = await other.post(`${TOP}/remove?ids=${theirs}`);
    expect(removed.json()).toMatchObject({ code: 200, data: 1 });
    expect((await other.get(`${TOP}/list`)).json().data.total).toBe(4);
  });

  it('needs topmenu_add to add a top menu', async () => {
    const userRole = await roleIdOf(app, '100002', 'user');
    const screen = await screenMenuIds(app, 'topmenu');
    const [topmenuAdd] = await menuIds(app, ['topmenu_add']);
    await other.post('/api/blade-system/role/grant', {
      payload: { roleIds: [userRole], menuIds: screen.filter((id) => id !== topmenuAdd) },
    });
    await addUser(app, '100002', 'viewer', [userRole]);
    const viewer = as(app, (await login(app, '100002', 'viewer')).access_token);
    expect((await viewer.get(`${TOP}/list`)).statusCode).toBe(200);
    expect(
      (await viewer.post(`${TOP}/submit`, { payload: { code: 'v', name: 'V', sort: 1 } })).statusCode,
    ).toBe(403);
  });
});
