import type { MenuNode } from '@aos/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../store/session';
import { MenuIcon } from '../../navigation/icons';
import { normalizeMenu } from '../../navigation/menu-routes';

type Item = Required<MenuProps>['items'][number];

/** A label is shown whole: a long one wraps onto a second line (styles.css) instead of being cut. */
const label = (name: string) => <span className="side-menu__label">{name}</span>;

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((node) =>
    node.children.length
      ? {
          key: node.path || node.id,
          icon: <MenuIcon name={node.source} />,
          label: label(node.name),
          children: toItems(node.children),
        }
      : { key: node.path, icon: <MenuIcon name={node.source} />, label: label(node.name) },
  );
}

function ancestorsOf(nodes: MenuNode[], path: string, trail: string[] = []): string[] | undefined {
  for (const node of nodes) {
    if (node.path === path) return trail;
    const found = ancestorsOf(node.children, path, [...trail, node.path || node.id]);
    if (found) return found;
  }
  return undefined;
}

/** The side menu from the server's tree (spec §2, §6): the chosen top menu's, else the whole menu. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const menu = useSession((state) => state.sideMenu ?? state.menu);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useMemo(() => normalizeMenu(menu), [menu]);
  const items = useMemo(() => toItems(tree), [tree]);
  const open = useMemo(() => ancestorsOf(tree, pathname) ?? [], [tree, pathname]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : open}
      key={collapsed ? 'collapsed' : open.join('|')}
      onClick={({ key }) => navigate(key)}
      className="side-menu"
    />
  );
}
