import type { Dict, DictNode, DictTreeNode } from '@aos/contract';
import { type CrudApi, crudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

/** The two dictionary tables: system (`dict`, platform-wide) and business (`dict-biz`, the tenant's own). */
export type DictKind = 'dict' | 'dict-biz';

export const dictBase = (kind: DictKind) => `/api/blade-system/${kind}`;

/** Query keys whose data a dictionary change makes stale: every screen's dictionary options. */
export const DICTIONARY_QUERY = ['dictionary'] as const;
export const entryTreeQuery = (kind: DictKind, code: string) => ['dict-entry-tree', kind, code] as const;

/** Parents: the page of dictionaries; submit always sends a parent (parentId 0). */
export function parentApi(kind: DictKind, changed: () => void): CrudApi<Dict> {
  const base = crudApi<Dict>(dictBase(kind), { page: `${dictBase(kind)}/parent-list` });
  return {
    ...base,
    submit: async (values) => {
      const saved = await base.submit({ ...values, parentId: '0' });
      changed();
      return saved;
    },
    remove: async (ids) => {
      const removed = await base.remove(ids);
      changed();
      return removed;
    },
  };
}

/** antd shows an expander for an empty children array: leave it out on leaves. */
function trimLeaves<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.map(({ children, ...rest }) =>
    children?.length ? ({ ...rest, children: trimLeaves(children) } as T) : (rest as T),
  );
}

/** The entries under one dictionary, as a whole tree. */
export function childApi(kind: DictKind, changed: () => void): CrudApi<DictNode> {
  const base = crudApi<DictNode>(dictBase(kind));
  return {
    detail: base.detail,
    list: async (query) =>
      trimLeaves(
        await requestData<DictNode[]>({
          url: `${dictBase(kind)}/child-list`,
          params: { parentId: query.parentId },
        }),
      ),
    submit: async (values) => {
      const saved = await base.submit(values);
      changed();
      return saved;
    },
    remove: async (ids) => {
      const removed = await base.remove(ids);
      changed();
      return removed;
    },
  };
}

/** One dictionary and its entries as tree-select options (value = id), for the parent field. */
export async function entryTree(kind: DictKind, code: string): Promise<TreeOption[]> {
  const nodes = await requestData<DictTreeNode[]>({ url: `${dictBase(kind)}/tree`, params: { code } });
  const toOption = (node: DictTreeNode): TreeOption => ({
    value: node.id,
    title: node.title,
    children: node.children.length ? node.children.map(toOption) : undefined,
  });
  return nodes.map(toOption);
}
