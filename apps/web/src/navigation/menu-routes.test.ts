import type { MenuNode } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_ICON, findRoute, firstLeaf, menuToRoutes, normalizeMenu } from './menu-routes';

function node(
  code: string,
  path: string,
  children: MenuNode[] = [],
  extra: Partial<MenuNode> = {},
): MenuNode {
  return {
    id: code,
    parentId: '0',
    code,
    name: code.toUpperCase(),
    alias: code,
    path,
    source: 'UserOutlined',
    sort: 1,
    category: 1,
    action: 0,
    isOpen: 1,
    component: '',
    remark: '',
    hasChildren: children.length > 0,
    children,
    ...extra,
  };
}

const tree = [
  node('home', '/home', [], { isOpen: 2 }),
  node('system', '/system', [
    node('user', '/system/user', [node('user_add', '', [], { category: 2 })]),
    node('role', '/system/role', [], { source: '' }),
  ]),
  node('remote_control', '/remote-control'),
];

describe('menu to routes (spec §6)', () => {
  it('appends /index to leaf menus, keeps console routes and groups as they are', () => {
    expect(menuToRoutes(tree).map((route) => route.path)).toEqual([
      '/home',
      '/system/user/index',
      '/system/role/index',
      '/remote-control',
    ]);
  });

  it('gives a missing icon the default icon and keeps isOpen = 2 alive', () => {
    const routes = menuToRoutes(tree);
    expect(routes.find((route) => route.code === 'role')?.icon).toBe(DEFAULT_MENU_ICON);
    expect(routes.find((route) => route.code === 'home')?.keepAlive).toBe(true);
    expect(routes.find((route) => route.code === 'user')?.keepAlive).toBe(false);
  });

  it('leaves buttons out of the side menu and serves leaves at /index', () => {
    const menu = normalizeMenu(tree);
    const system = menu.find((item) => item.code === 'system')!;
    expect(system.path).toBe('/system');
    expect(system.children.map((child) => child.path)).toEqual(['/system/user/index', '/system/role/index']);
    expect(system.children[0]!.children).toEqual([]);
    expect(system.children[1]!.source).toBe(DEFAULT_MENU_ICON);
  });

  it('finds the first screen of a subtree and the route of a path', () => {
    expect(firstLeaf(normalizeMenu([tree[1]!]))?.path).toBe('/system/user/index');
    const routes = menuToRoutes(tree);
    expect(findRoute(routes, '/system/user')?.code).toBe('user');
    expect(findRoute(routes, '/system/user/index')?.code).toBe('user');
    expect(findRoute(routes, '/nope')).toBeUndefined();
  });
});
