import type { MenuNode } from '@aos/contract';

/** A screen reachable from the side menu, as the router and the tabs see it. */
export interface MenuRoute {
  /** the path the screen is served at (leaf menus: path + '/index') */
  path: string;
  /** the menu's own path */
  menuPath: string;
  code: string;
  name: string;
  icon: string;
  keepAlive: boolean;
  component: string;
}

export const DEFAULT_MENU_ICON = 'AppstoreOutlined';

/** Routes the console defines itself; a menu pointing at one keeps its path. */
export const STATIC_PATHS = new Set(['/home', '/remote-control', '/personal-center', '/lock']);

export function servedPath(path: string, hasChildren: boolean): string {
  if (hasChildren || STATIC_PATHS.has(path)) return path;
  return `${path.replace(/\/+$/, '')}/index`;
}

/**
 * Turn the server's menu tree into routes (spec §6): leaf menus (no children) are served at their path with
 * '/index' appended; a missing icon gets the default icon; isOpen = 2 keeps the screen alive.
 */
export function menuToRoutes(nodes: MenuNode[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const visit = (node: MenuNode) => {
    if (node.category !== 1) return;
    const children = node.children.filter((child) => child.category === 1);
    if (children.length) {
      children.forEach(visit);
      return;
    }
    if (!node.path) return;
    routes.push({
      path: servedPath(node.path, false),
      menuPath: node.path,
      code: node.code,
      name: node.name,
      icon: node.source || DEFAULT_MENU_ICON,
      keepAlive: node.isOpen === 2,
      component: node.component,
    });
  };
  nodes.forEach(visit);
  return routes;
}

/** The same tree with the served paths and default icons, for the side menu. */
export function normalizeMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => node.category === 1)
    .map((node) => {
      const children = normalizeMenu(node.children);
      return {
        ...node,
        source: node.source || DEFAULT_MENU_ICON,
        path: node.path ? servedPath(node.path, children.length > 0) : node.path,
        children,
      };
    });
}

/** The first screen under a menu (a top menu entry opens it). */
export function firstLeaf(nodes: MenuNode[]): MenuNode | undefined {
  for (const node of nodes) {
    const children = node.children.filter((child) => child.category === 1);
    if (!children.length && node.path) return node;
    const found = firstLeaf(children);
    if (found) return found;
  }
  return undefined;
}

/** The route a location shows, also when opened at the menu's own path. */
export function findRoute(routes: MenuRoute[], pathname: string): MenuRoute | undefined {
  return routes.find((route) => route.path === pathname || route.menuPath === pathname);
}
