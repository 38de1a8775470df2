import type { CheckedTree, GrantTree, Role, RoleNode, TreeSelectNode } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const base = '/api/blade-system/role';
const menuBase = '/api/blade-system/menu';

export const roleCrud = crudApi<Role>(base);

/** The tenant's roles as a tree (the search fields narrow it). */
export const roleList = (query: Record<string, unknown>) =>
  requestData<RoleNode[]>({ url: `${base}/list`, params: query });

/** Tree-select nodes as the CRUD form's tree options. */
export function treeOptions(nodes: TreeSelectNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.title,
    children: node.children.length ? treeOptions(node.children) : undefined,
  }));
}

/** The parent-role picker: the tenant's role tree under a "top level" node. */
export async function parentRoleOptions(topLevel: string): Promise<TreeOption[]> {
  const nodes = await requestData<TreeSelectNode[]>({ url: `${base}/tree` });
  return [{ value: '0', title: topLevel }, ...treeOptions(nodes)];
}

export interface GrantState {
  menuTree: TreeSelectNode[];
  dataScopeTree: TreeSelectNode[];
  apiScopeTree: TreeSelectNode[];
  menuKeys: string[];
  dataScopeKeys: string[];
  apiScopeKeys: string[];
}

/**
 * What the grant dialog shows: the trees the caller may grant from and the nodes to tick for the roles, in
 * BladeX's shapes (`{menu, dataScope, apiScope}`), which the BladeX Saber console reads too.
 */
export async function loadGrant(roleIds: string[]): Promise<GrantState> {
  const [trees, keys] = await Promise.all([
    requestData<GrantTree>({ url: `${menuBase}/grant-tree` }),
    requestData<CheckedTree>({ url: `${menuBase}/role-tree-keys`, params: { roleIds: roleIds.join(',') } }),
  ]);
  return {
    menuTree: trees.menu,
    dataScopeTree: trees.dataScope,
    apiScopeTree: trees.apiScope,
    menuKeys: keys.menu,
    dataScopeKeys: keys.dataScope,
    apiScopeKeys: keys.apiScope,
  };
}

export const grantRoles = (body: {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}) => requestData<null>({ url: `${base}/grant`, method: 'POST', data: body });
