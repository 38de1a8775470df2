import type { MenuAdminNode, TreeSelectNode } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const base = '/api/blade-system/menu';

export const menuCrud = crudApi<MenuAdminNode>(base);

/** One level of the menu tree (`parentId`, `0` = top), or every match of the search fields. */
export const lazyMenus = (parentId: string, query: Record<string, unknown>, menusOnly = false) =>
  requestData<MenuAdminNode[]>({
    url: `${base}/${menusOnly ? 'lazy-menu-list' : 'lazy-list'}`,
    params: { ...query, parentId },
  });

function toOptions(nodes: TreeSelectNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.title,
    children: node.children.length ? toOptions(node.children) : undefined,
  }));
}

/** The parent picker: the menus (buttons cannot be parents) under a "top level" node. */
export async function parentMenuOptions(topLevel: string): Promise<TreeOption[]> {
  const nodes = await requestData<TreeSelectNode[]>({ url: `${base}/tree` });
  return [{ value: '0', title: topLevel }, ...toOptions(nodes)];
}
