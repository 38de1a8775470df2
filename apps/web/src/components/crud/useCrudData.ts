import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Key, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { CrudApi } from '../../api/crud';

/** A table row as the table sees it: lazy trees mark rows with children and fill them in when opened. */
export type CrudRow = { id: string; hasChildren?: boolean; children?: CrudRow[] };

/** Id prefix of the stand-in child that makes a lazily loaded row expandable before its children come. */
export const PLACEHOLDER = '__loading__';

interface CrudDataOptions<T> {
  code: string;
  api: CrudApi<T>;
  tree: boolean;
  query: Record<string, unknown>;
  paging: { current: number; size: number };
}

/** The rows of a CRUD table: one page, a whole tree, or a lazy tree whose open rows load their children. */
export function useCrudData<T>({ code, api, tree, query, paging }: CrudDataOptions<T>) {
  const [children, setChildren] = useState<Map<string, CrudRow[]>>(new Map());
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const lazy = tree && Boolean(api.lazy);
  const data = useQuery({
    queryKey: ['crud', code, tree ? 'tree' : 'page', query, tree ? null : paging],
    queryFn: async () => {
      if (lazy) return { records: (await api.lazy!('0', query)) as unknown as CrudRow[], total: 0 };
      if (tree || !api.page)
        return { records: ((await api.list?.(query)) ?? []) as unknown as CrudRow[], total: 0 };
      const page = await api.page({ ...query, current: paging.current, size: paging.size });
      return { records: page.records as unknown as CrudRow[], total: page.total };
    },
    placeholderData: keepPreviousData,
  });

  // Lazy trees load the children of every open row, again after a refresh, so rows stay open.
  const loading = useRef(new Set<string>());
  // `query` is rebuilt on every render: read as it is now; the data and the open rows decide when.
  const loadOpenRows = useEffectEvent(() => {
    if (!lazy || !data.data) return;
    for (const key of expanded.map(String)) {
      if (children.has(key) || loading.current.has(key)) continue;
      loading.current.add(key);
      api.lazy!(key, query)
        .then((loaded) => setChildren((map) => new Map(map).set(key, loaded as unknown as CrudRow[])))
        .catch(() => setExpanded((keys) => keys.filter((open) => String(open) !== key)))
        .finally(() => loading.current.delete(key));
    }
  });
  useEffect(() => loadOpenRows(), [lazy, data.data, expanded, children]);

  const records = useMemo(() => {
    const rows = data.data?.records ?? [];
    if (!lazy) return rows;
    const attach = (list: CrudRow[]): CrudRow[] =>
      list.map((row) => {
        const loaded = children.get(row.id);
        if (loaded) return { ...row, children: attach(loaded) };
        if (row.hasChildren) return { ...row, children: [{ id: `${PLACEHOLDER}${row.id}` }] };
        const { children: _none, ...rest } = row;
        return rest;
      });
    return attach(rows);
  }, [data.data, children, lazy]);

  const forgetChildren = () => setChildren(new Map());

  return { data, records, expanded, setExpanded, forgetChildren };
}
