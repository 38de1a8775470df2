import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDictionary } from '../../api/crud';
import { useSession } from '../../store/session';
import type { CrudColumn, Option, TreeOption } from './types';

export interface ColumnOptions {
  /** choices of select/radio columns, labels translated */
  options: Map<string, Option[]>;
  /** tree-select data */
  trees: Map<string, TreeOption[]>;
}

/**
 * Load what the columns choose from: dictionaries (system or business, localized by the server) and
 * tree-select data, once per screen (cached five minutes across screens for dictionaries).
 */
export function useColumnOptions<T>(columns: CrudColumn<T>[]): ColumnOptions {
  const { t, i18n } = useTranslation();
  const language = useSession((state) => state.language);
  const dictColumns = columns.filter((column) => column.dict);
  const treeColumns = columns.filter((column) => column.treeData);
  const dicts = useQueries({
    queries: dictColumns.map((column) => ({
      queryKey: ['dictionary', column.dict!.biz ? 'biz' : 'system', column.dict!.code, language],
      queryFn: () => getDictionary(column.dict!.code, column.dict!.biz),
      staleTime: 5 * 60_000,
    })),
  });
  const trees = useQueries({
    queries: treeColumns.map((column) => ({
      queryKey: ['crud-tree', column.field, column.label],
      queryFn: () => column.treeData!(),
      staleTime: 30_000,
    })),
  });

  const options = new Map<string, Option[]>();
  for (const column of columns) {
    if (column.options) {
      options.set(
        column.field,
        column.options.map((option) => ({
          value: option.value,
          label: i18n.exists(option.label) ? t(option.label) : option.label,
        })),
      );
    }
  }
  dictColumns.forEach((column, index) => {
    const items = dicts[index]?.data ?? [];
    options.set(
      column.field,
      items.map((item) => ({ value: item.dictKey, label: item.dictValue })),
    );
  });
  const treeMap = new Map<string, TreeOption[]>();
  treeColumns.forEach((column, index) => treeMap.set(column.field, trees[index]?.data ?? []));
  return { options, trees: treeMap };
}

/** The label of `value` among `options` (compared as text: dictionary keys are strings, fields may be numbers). */
export function optionLabel(options: Option[] | undefined, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options?.find((option) => String(option.value) === String(value))?.label;
}

/** Find a node's title in a tree. */
export function treeLabel(nodes: TreeOption[] | undefined, value: string): string | undefined {
  for (const node of nodes ?? []) {
    if (node.value === value) return node.title;
    const found = treeLabel(node.children, value);
    if (found) return found;
  }
  return undefined;
}
