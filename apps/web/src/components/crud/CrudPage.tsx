import {
  DeleteOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@aos/contract/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Modal,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/http';
import { useSession } from '../../store/session';
import { useAction } from '../useAction';
import { displayValue, FieldInput, valueBinding } from './fields';
import { useColumnOptions } from './options';
import type { CrudActions, CrudColumn, CrudPageProps } from './types';
import { schemaProblem } from './validation';

type Row = { id: string; hasChildren?: boolean; children?: Row[] };
type Mode = 'add' | 'edit' | 'view';
interface Dialog<T> {
  mode: Mode;
  record?: T;
  initial?: Partial<T>;
}

const PLACEHOLDER = '__loading__';
const TIME = 'YYYY-MM-DD HH:mm:ss';

function shownIn(column: CrudColumn<never>, mode: Mode): boolean {
  if (mode === 'view') return column.view !== false;
  const form = column.form ?? true;
  return form === true || form === mode;
}

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
  const language = useSession((state) => state.language);
  const permission = useSession((state) => state.permission);
  const options = useColumnOptions(columns);
  const [searchForm] = Form.useForm();
  const [form] = Form.useForm();
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [selected, setSelected] = useState<T[]>([]);
  const [dialog, setDialog] = useState<Dialog<T>>();
  const saving = useAction({
    failure: t('common.saveFailed'),
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => columns.some((column) => column.field === name))
            .map(([name, text]) => ({ name, errors: [text] })),
        );
      }
    },
  });
  const deleting = useAction({ success: t('common.deleted'), failure: t('common.deleteFailed') });
  const [children, setChildren] = useState<Map<string, Row[]>>(new Map());
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const can = (action: 'add' | 'edit' | 'delete' | 'view'): boolean => {
    const override = props.permissions?.[action];
    if (override === false) return false;
    return Boolean(permission[override ?? `${code}_${action}`]);
  };
  const query = { ...props.query, ...search };
  const lazy = tree && Boolean(api.lazy);
  const data = useQuery({
    queryKey: ['crud', code, tree ? 'tree' : 'page', query, tree ? null : paging],
    queryFn: async () => {
      if (lazy) return { records: (await api.lazy!('0', query)) as unknown as Row[], total: 0 };
      if (tree || !api.page)
        return { records: ((await api.list?.(query)) ?? []) as unknown as Row[], total: 0 };
      const page = await api.page({ ...query, current: paging.current, size: paging.size });
      return { records: page.records as unknown as Row[], total: page.total };
    },
    placeholderData: keepPreviousData,
  });

  // Lazy trees load the children of every open row, again after a refresh, so rows stay open.
  const loading = useRef(new Set<string>());
  useEffect(() => {
    if (!lazy || !data.data) return;
    for (const key of expanded.map(String)) {
      if (children.has(key) || loading.current.has(key)) continue;
      loading.current.add(key);
      api.lazy!(key, query)
        .then((loaded) => setChildren((map) => new Map(map).set(key, loaded as unknown as Row[])))
        .catch(() => setExpanded((keys) => keys.filter((open) => String(open) !== key)))
        .finally(() => loading.current.delete(key));
    }
    // query is rebuilt each render; data and the open rows decide
  }, [lazy, data.data, expanded, children]);

  const refresh = () => {
    setChildren(new Map());
    setSelected([]);
    void data.refetch();
  };

  const openAdd = (initial?: Partial<T>) => setDialog({ mode: 'add', initial });
  const openWith = async (mode: Mode, record: T) => {
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

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const editing = dialog?.mode === 'edit' ? dialog.record : undefined;
    const body = props.beforeSubmit
      ? props.beforeSubmit(values, editing)
      : { ...values, ...(editing ? { id: editing.id } : {}) };
    await saving.run(() => api.submit!(body), {
      success: t(editing ? 'common.updated' : 'common.added'),
      onDone: () => {
        setDialog(undefined);
        refresh();
      },
    });
  };

  const tableColumns = useMemo(() => {
    const shown: TableColumnsType<Row> = columns
      .filter((column) => column.table !== false)
      .map((column) => ({
        key: column.field,
        dataIndex: column.field,
        title: t(column.label),
        width: column.width,
        ellipsis: column.ellipsis ? { showTitle: true } : undefined,
        render: (_: unknown, record: Row) =>
          record.id.startsWith(PLACEHOLDER) ? null : displayValue(column, record as never, options, t),
      }));
    const rowButtons = (record: T): ReactNode[] => {
      const buttons: ReactNode[] = [];
      if (can('view'))
        buttons.push(
          <Button
            key="view"
            type="link"
            size="small"
            data-testid="row-view"
            onClick={() => actions.openView(record)}
          >
            {t('crud.view')}
          </Button>,
        );
      if (api.submit && can('edit') && (props.rowEditable?.(record) ?? true))
        buttons.push(
          <Button
            key="edit"
            type="link"
            size="small"
            data-testid="row-edit"
            onClick={() => actions.openEdit(record)}
          >
            {t('crud.edit')}
          </Button>,
        );
      if (api.remove && can('delete') && (props.rowDeletable?.(record) ?? true))
        buttons.push(
          <Button
            key="delete"
            type="link"
            size="small"
            danger
            data-testid="row-delete"
            onClick={() => remove([record.id])}
          >
            {t('crud.delete')}
          </Button>,
        );
      const extra = props.rowActions?.(record, actions);
      if (extra) buttons.push(<span key="extra">{extra}</span>);
      return buttons;
    };
    shown.push({
      key: '__actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: props.actionWidth ?? 200,
      render: (_: unknown, record: Row) =>
        record.id.startsWith(PLACEHOLDER) ? null : (
          <Space size={0} wrap>
            {rowButtons(record as unknown as T)}
          </Space>
        ),
    });
    return shown;
  }, [columns, options, permission, language, selected, props.rowActions]);

  const records = useMemo(() => {
    const rows = data.data?.records ?? [];
    if (!lazy) return rows;
    const attach = (list: Row[]): Row[] =>
      list.map((row) => {
        const loaded = children.get(row.id);
        if (loaded) return { ...row, children: attach(loaded) };
        if (row.hasChildren) return { ...row, children: [{ id: `${PLACEHOLDER}${row.id}` }] };
        const { children: _none, ...rest } = row;
        return rest;
      });
    return attach(rows);
  }, [data.data, children, lazy]);

  // The form of each dialog starts from the record being edited, or the defaults plus what the caller gave.
  useEffect(() => {
    if (!dialog || dialog.mode === 'view') return;
    form.resetFields();
    form.setFieldsValue(
      dialog.mode === 'edit'
        ? (dialog.record as Record<string, unknown>)
        : {
            ...Object.fromEntries(
              columns
                .filter((column) => column.initialValue !== undefined)
                .map((column) => [column.field, column.initialValue]),
            ),
            ...dialog.initial,
          },
    );
    // only when a dialog opens: columns may be rebuilt on every render by the page
  }, [dialog]);

  const searchColumns = columns.filter((column) => column.search);
  const mode = dialog?.mode ?? 'add';
  const dialogColumns = columns.filter((column) => shownIn(column, mode));
  const nounKey = props.title;
  const noun = nounKey ? t(nounKey) : '';

  return (
    <div className="crud-page" data-testid={`${testId}-page`}>
      {(searchColumns.length > 0 || dateRange) && (
        <Form
          form={searchForm}
          layout="inline"
          className="crud-search"
          onFinish={(values: Record<string, unknown>) => {
            const { __createTime, ...rest } = values;
            const range = __createTime as [Dayjs, Dayjs] | undefined;
            setSearch({
              ...rest,
              createTimeBegin: range?.[0]?.format(TIME),
              createTimeEnd: range?.[1]?.format(TIME),
            });
            setPaging((paging) => ({ ...paging, current: 1 }));
          }}
        >
          {searchColumns.map((column) => (
            <Form.Item
              key={column.field}
              name={column.field}
              label={t(column.label)}
              {...valueBinding(column)}
            >
              <FieldInput
                column={{ ...column, type: column.type === 'textarea' ? 'text' : column.type }}
                options={options}
                editing={false}
              />
            </Form.Item>
          ))}
          {dateRange && (
            <Form.Item name="__createTime" label={t('crud.createTime')}>
              <DatePicker.RangePicker
                showTime
                placeholder={[t('crud.startTime'), t('crud.endTime')]}
                data-testid={`${testId}-create-time`}
              />
            </Form.Item>
          )}
          <Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined />}
                data-testid={`${testId}-search`}
              >
                {t('crud.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                data-testid={`${testId}-reset`}
                onClick={() => {
                  searchForm.resetFields();
                  setSearch({});
                  setPaging((paging) => ({ ...paging, current: 1 }));
                }}
              >
                {t('crud.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}

      <div className="crud-toolbar">
        <Space wrap>
          {api.submit && can('add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid={`${testId}-add`}
              onClick={() => openAdd()}
            >
              {t('crud.add')}
            </Button>
          )}
          {api.remove && can('delete') && (
            <Button
              danger
              icon={<DeleteOutlined />}
              data-testid={`${testId}-batch-delete`}
              onClick={batchDelete}
            >
              {t('crud.batchDelete')}
            </Button>
          )}
          {props.toolbar?.(actions)}
          {selected.length > 0 && (
            <span className="crud-selected">{t('crud.selected', { count: selected.length })}</span>
          )}
        </Space>
        <Tooltip title={t('crud.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('crud.refresh')}
            data-testid={`${testId}-refresh`}
            onClick={refresh}
          />
        </Tooltip>
      </div>

      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        data-testid={`${testId}-table`}
        loading={data.isFetching}
        columns={tableColumns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.empty') }}
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

      <Modal
        open={Boolean(dialog)}
        title={`${t(`crud.${mode}Title`)}${noun ? ` · ${noun}` : ''}`}
        width={dialogWidth}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setDialog(undefined)}
        footer={
          mode === 'view' ? (
            <Button onClick={() => setDialog(undefined)}>{t('common.cancel')}</Button>
          ) : (
            <Space>
              <Button onClick={() => setDialog(undefined)}>{t('common.cancel')}</Button>
              <Button
                type="primary"
                loading={saving.busy}
                onClick={() => void submit()}
                data-testid={`${testId}-submit`}
              >
                {t('common.submit')}
              </Button>
            </Space>
          )
        }
      >
        {dialog && mode === 'view' && dialog.record && (
          <Descriptions bordered column={2} size="small" data-testid={`${testId}-view`}>
            {dialogColumns.map((column) => (
              <Descriptions.Item
                key={column.field}
                label={t(column.label)}
                span={column.type === 'textarea' || column.span === 24 ? 2 : 1}
              >
                <span style={{ whiteSpace: 'pre-wrap' }}>
                  {displayValue(column, dialog.record as never, options, t)}
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {dialog && mode !== 'view' && (
          <Form form={form} data-testid={`${testId}-form`} layout="vertical" preserve={false}>
            <Row gutter={16}>
              {dialogColumns.map((column) => {
                const label = t(column.label);
                const schema = column.schema;
                return (
                  <Col key={column.field} span={column.span ?? (column.type === 'textarea' ? 24 : 12)}>
                    <Form.Item
                      name={column.field}
                      label={label}
                      tooltip={column.tooltip ? t(column.tooltip) : undefined}
                      required={column.required}
                      {...valueBinding(column)}
                      rules={[
                        ...(schema
                          ? [
                              {
                                validator: async (_: unknown, value: unknown) => {
                                  const problem = schemaProblem(schema, value, language, label);
                                  if (problem) throw new Error(problem);
                                },
                              },
                            ]
                          : []),
                        ...(column.rules ?? []),
                      ]}
                    >
                      <FieldInput column={column} options={options} editing={mode === 'edit'} />
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          </Form>
        )}
      </Modal>
    </div>
  );
}
