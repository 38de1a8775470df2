import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@aos/contract/rules';
import { App, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../store/session';
import { useAction } from '../useAction';
import { CrudDialog, type DialogMode, type DialogState } from './CrudDialog';
import { CrudSearchForm } from './CrudSearchForm';
import { CrudToolbar } from './CrudToolbar';
import { useColumnOptions } from './options';
import type { CrudActions, CrudColumn, CrudPageProps } from './types';
import { type CrudRow, PLACEHOLDER, useCrudData } from './useCrudData';
import { useTableColumns } from './useTableColumns';
import './locale';

/**
 * The CRUD screen of spec §2, driven by a columns array: search form with a creation-time range, refresh,
 * row selection, view, batch delete and row add / edit / delete, page sizes of spec §9, confirmations and
 * toasts of spec §5 and §8, buttons by permission code, and tree tables (whole or lazily loaded).
 */
export function CrudPage<T extends { id: string }>(props: CrudPageProps<T>) {
  const { code, api, tree = false, dateRange = true, dialogWidth = 880 } = props;
  const columns = props.columns as unknown as CrudColumn<never>[];
  const testId = props.testId ?? code;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const permission = useSession((state) => state.permission);
  const options = useColumnOptions(columns);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [selected, setSelected] = useState<T[]>([]);
  const [dialog, setDialog] = useState<DialogState<T>>();
  const deleting = useAction({ success: t('common.deleted'), failure: t('common.deleteFailed') });

  const can = (action: 'add' | 'edit' | 'delete' | 'view'): boolean => {
    const override = props.permissions?.[action];
    if (override === false) return false;
    return Boolean(permission[override ?? `${code}_${action}`]);
  };
  const query = { ...props.query, ...search };
  const { data, records, expanded, setExpanded, forgetChildren } = useCrudData({
    code,
    api,
    tree,
    query,
    paging,
  });

  const refresh = () => {
    forgetChildren();
    setSelected([]);
    void data.refetch();
  };

  const openAdd = (initial?: Partial<T>) => setDialog({ mode: 'add', initial });
  const openWith = async (mode: DialogMode, record: T) => {
    let full = record;
    if (api.detail) {
      try {
        full = await api.detail(record.id);
      } catch {
        return;
      }
    }
    setDialog({ mode, record: full });
  };
  const actions: CrudActions<T> = {
    refresh,
    selected,
    query,
    openAdd,
    openEdit: (record) => void openWith('edit', record),
    openView: (record) => void openWith('view', record),
    can: (permissionCode) => Boolean(permission[permissionCode]),
  };

  const remove = (ids: string[]) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmDelete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as { danger: boolean },
      onOk: () => deleting.run(() => api.remove!(ids), { onDone: refresh }),
    });

  const batchDelete = () => {
    if (selected.length === 0) {
      message.warning(t('crud.selectOne'));
      return;
    }
    remove(selected.map((row) => row.id));
  };

  const tableColumns = useTableColumns({ props, columns, options, can, actions, remove });
  const searchColumns = columns.filter((column) => column.search);
  const firstPage = () => setPaging((paging) => ({ ...paging, current: 1 }));

  return (
    <div className="crud-page" data-testid={`${testId}-page`}>
      {(searchColumns.length > 0 || dateRange) && (
        <CrudSearchForm
          columns={searchColumns}
          options={options}
          dateRange={dateRange}
          testId={testId}
          onSearch={(values) => {
            setSearch(values);
            firstPage();
          }}
        />
      )}

      <CrudToolbar
        testId={testId}
        canAdd={Boolean(api.submit) && can('add')}
        canDelete={Boolean(api.remove) && can('delete')}
        onAdd={() => openAdd()}
        onBatchDelete={batchDelete}
        onRefresh={refresh}
        extra={props.toolbar?.(actions)}
        selectedCount={selected.length}
      />

      <Table<CrudRow>
        rowKey="id"
        size="middle"
        bordered
        data-testid={`${testId}-table`}
        loading={data.isFetching}
        columns={tableColumns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(props.emptyText ?? 'crud.empty') }}
        rowSelection={
          api.remove
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean) as unknown as T[]),
                getCheckboxProps: (record) => ({ disabled: record.id.startsWith(PLACEHOLDER) }),
                checkStrictly: true,
              }
            : undefined
        }
        expandable={
          tree
            ? {
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpanded(keys),
              }
            : undefined
        }
        pagination={
          tree
            ? false
            : {
                current: paging.current,
                pageSize: paging.size,
                total: data.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
                showTotal: (total) => t('crud.total', { total }),
                onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
              }
        }
      />

      <CrudDialog
        dialog={dialog}
        columns={columns}
        options={options}
        api={api}
        beforeSubmit={props.beforeSubmit}
        testId={testId}
        width={dialogWidth}
        title={props.title}
        onClose={() => setDialog(undefined)}
        onSaved={refresh}
      />
    </div>
  );
}
