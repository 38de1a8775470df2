import type { DeptNode, Post, TreeSelectNode, User, UserImportResult, UserPlatform } from '@aos/contract';
import { md5 } from 'js-md5';
import { crudApi } from '../../../api/crud';
import { downloadFile } from '../../../api/download';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const base = '/api/blade-user';

/** The CRUD calls of the user screen (spec §7 /api/blade-user: page, detail, submit, remove). */
export const userCrud = crudApi<User>(base, { page: `${base}/page` });

/** Passwords travel as md5 hex, like the sign-in one; the form checked the strength rule before. */
export const hashPassword = (plain: string) => md5(plain);

export const grantRoles = (userIds: string[], roleIds: string[]) =>
  requestData<number>({
    url: `${base}/grant`,
    method: 'POST',
    params: { userIds: userIds.join(','), roleIds: roleIds.join(',') },
  });

export const resetPasswords = (userIds: string[]) =>
  requestData<number>({
    url: `${base}/reset-password`,
    method: 'POST',
    params: { userIds: userIds.join(',') },
  });

/** `PUT /api/cloud-user/status`: 2 freezes, 1 unfreezes. */
export const setStatus = (ids: string[], status: 1 | 2) =>
  requestData<number>({
    url: '/api/cloud-user/status',
    method: 'PUT',
    params: { ids: ids.join(','), status },
  });

export const platformDetail = (id: string) =>
  requestData<UserPlatform>({ url: `${base}/platform-detail`, params: { id } });

export const updatePlatform = (userId: string, userType: number, userExt: string) =>
  requestData<boolean>({
    url: `${base}/update-platform`,
    method: 'POST',
    params: { userId, userType, userExt },
  });

export function importUsers(file: File, isCovered: boolean) {
  const form = new FormData();
  form.append('file', file);
  return requestData<UserImportResult>({
    url: `${base}/import-user`,
    method: 'POST',
    params: { isCovered: isCovered ? 1 : 0 },
    data: form,
    timeout: 0,
  });
}

function treeOptions(nodes: Array<{ id: string; title: string; children?: unknown[] }>): TreeOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.title,
    children: node.children?.length ? treeOptions(node.children as typeof nodes) : undefined,
  }));
}

/** The tenant's roles, as a tree (role pickers). */
export async function roleOptions(): Promise<TreeOption[]> {
  return treeOptions(await requestData<TreeSelectNode[]>({ url: '/api/blade-system/role/tree' }));
}

/** The tenant's whole dept tree (dept pickers). */
export async function deptOptions(): Promise<TreeOption[]> {
  const nodes = await requestData<DeptNode[]>({ url: '/api/blade-system/dept/tree' });
  return treeOptions(
    nodes.map(function named(node): { id: string; title: string; children?: unknown[] } {
      return { id: node.id, title: node.deptName, children: node.children?.map(named) };
    }),
  );
}

/** One level of the dept tree (the side tree loads lazily). */
export const deptChildren = (parentId: string) =>
  requestData<DeptNode[]>({ url: '/api/blade-system/dept/lazy-tree', params: { parentId } });

export async function postOptions() {
  const posts = await requestData<Post[]>({ url: '/api/blade-system/post/select' });
  return posts.map((post) => ({ value: post.id, label: post.postName }));
}

/** Download a spreadsheet the API builds (template, export, error report). */
export const download = (path: string, params: Record<string, unknown>, fallback: string) =>
  downloadFile({ url: path, params }, fallback);
