import type { TopCheckedTree, TopGrantTree, TopMenuAdmin } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';

export const topMenuCrud = crudApi<TopMenuAdmin>('/api/blade-system/topmenu');

/** The side menus a top menu may show, and those it shows now (BladeX's `{menu}` tree and keys). */
export async function loadTopGrant(topMenuIds: string[]) {
  const [tree, keys] = await Promise.all([
    requestData<TopGrantTree>({ url: '/api/blade-system/menu/grant-top-tree' }),
    requestData<TopCheckedTree>({
      url: '/api/blade-system/menu/top-tree-keys',
      params: { topMenuIds: topMenuIds.join(',') },
    }),
  ]);
  return { tree: tree.menu, keys: keys.menu };
}

export const grantTopMenus = (topMenuIds: string[], menuIds: string[]) =>
  requestData<null>({
    url: '/api/blade-system/topmenu/grant',
    method: 'POST',
    data: { topMenuIds, menuIds },
  });
