import { Button, Space, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayValue } from './fields';
import type { ColumnOptions } from './options';
import type { CrudActions, CrudColumn, CrudPageProps } from './types';
import { type CrudRow, PLACEHOLDER } from './useCrudData';

interface TableColumnsInput<T extends { id: string }> {
  props: CrudPageProps<T>;
  columns: CrudColumn<never>[];
  options: ColumnOptions;
  can: (action: 'add' | 'edit' | 'delete' | 'view') => boolean;
  actions: CrudActions<T>;
  remove: (ids: string[]) => void;
}

/** The table's columns: one per shown field, then the row buttons (view, edit, delete and the page's own). */
export function useTableColumns<T extends { id: string }>(input: TableColumnsInput<T>) {
  const { props, columns, options, can, actions, remove } = input;
  const { api, rowEditable, rowDeletable, rowActions, actionWidth } = props;
  const { submit, remove: removable } = api;
  const { t } = useTranslation();
  // Built on every render: the page's `can`, `actions` and `remove` are new each time and must not go stale.
  const shown: TableColumnsType<CrudRow> = columns
    .filter((column) => column.table !== false)
    .map((column) => ({
      key: column.field,
      dataIndex: column.field,
      title: t(column.label),
      width: column.width,
      ellipsis: column.ellipsis ? { showTitle: true } : undefined,
      render: (_: unknown, record: CrudRow) =>
        record.id.startsWith(PLACEHOLDER) ? null : displayValue(column, record as never, options, t),
    }));
  // view, edit and delete share one look: a small link with the action's name, test id and text
  const rowButton = (action: 'view' | 'edit' | 'delete', onClick: () => void) => (
    <Button
      key={action}
      type="link"
      size="small"
      danger={action === 'delete'}
      data-testid={`row-${action}`}
      onClick={onClick}
    >
      {t(`crud.${action}`)}
    </Button>
  );
  const rowButtons = (record: T): ReactNode[] => {
    const buttons: ReactNode[] = [];
    if (can('view')) buttons.push(rowButton('view', () => actions.openView(record)));
    if (submit && can('edit') && (rowEditable?.(record) ?? true))
      buttons.push(rowButton('edit', () => actions.openEdit(record)));
    if (removable && can('delete') && (rowDeletable?.(record) ?? true))
      buttons.push(rowButton('delete', () => remove([record.id])));
    const extra = rowActions?.(record, actions);
    if (extra) buttons.push(<span key="extra">{extra}</span>);
    return buttons;
  };
  shown.push({
    key: '__actions',
    title: t('crud.actions'),
    fixed: 'right',
    width: actionWidth ?? 200,
    render: (_: unknown, record: CrudRow) =>
      record.id.startsWith(PLACEHOLDER) ? null : (
        <Space size={0} wrap>
          {rowButtons(record as unknown as T)}
        </Space>
      ),
  });
  return shown;
}
