import type { Dept, DeptNode, UserOption } from '@aos/contract';
import { crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const base = '/api/blade-system/dept';
export const deptCrud = crudApi<Dept>(base);

/** The fields of the search form: while one is set the table lists matches flat instead of as a tree. */
const SEARCH_FIELDS = ['deptName', 'deptCategory', 'createTimeBegin', 'createTimeEnd'];

export function isSearching(query: Record<string, unknown>): boolean {
  return SEARCH_FIELDS.some(
    (field) => query[field] !== undefined && query[field] !== null && query[field] !== '',
  );
}

/** One level of the tree (children of `parentId`, `0` = top), or the flat matches of a search. */
export async function lazyDepts(parentId: string, query: Record<string, unknown>): Promise<Dept[]> {
  if (isSearching(query)) return (await deptCrud.page({ ...query, current: 1, size: 500 })).records;
  return requestData<DeptNode[]>({ url: `${base}/lazy-tree`, params: { parentId } });
}

function toOptions(nodes: DeptNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.deptName,
    children: node.children?.length ? toOptions(node.children) : undefined,
  }));
}

/** The parent picker: the tenant's whole tree under a "top level" node. */
export async function parentOptions(topLevel: string): Promise<TreeOption[]> {
  const tree = await requestData<DeptNode[]>({ url: `${base}/tree` });
  return [{ value: '0', title: topLevel, children: toOptions(tree) }];
}

/** The manager picker: the users of the tenant. */
export async function managerOptions(): Promise<TreeOption[]> {
  const users = await requestData<UserOption[]>({ url: '/api/blade-user/user-list' });
  return users.map((user) => ({
    value: user.id,
    title: `${user.realName || user.name || user.account} (${user.account})`,
    isLeaf: true,
  }));
}
