import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DEVICE_TYPE_AIRCRAFT,
  RECORD_SPACING_RANGE,
  RECORD_TOLERANCE_RANGE,
  type RecordStatus,
  type RecordTask,
  type RecordTaskSubmit,
} from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/useAction';
import { DeviceSelect } from '../../fleet/device/inputs';
import { recordTaskPage, removeRecordTasks, submitRecordTask } from './api';
import { useFormDialog } from './formDialog';
import { useRouteText } from './text';

const STATUS_COLORS: Record<RecordStatus, string> = {
  recording: 'processing',
  finished: 'success',
  failed: 'error',
};
const PAGE_SIZE = 20;
/** How often the list is read again while a drone is being recorded (its figures grow), ms. */
const LIVE_MS = 3000;

type StartValues = Pick<RecordTaskSubmit, 'name' | 'droneId' | 'toleranceM' | 'minSpacingM'>;
const START_FIELDS: (keyof StartValues)[] = ['name', 'droneId', 'toleranceM', 'minSpacingM'];

/** The small dialog starting a recording: name, the aircraft, the simplification tolerance and spacing. */
function StartDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (task: RecordTask) => void;
}) {
  const { t } = useTranslation();
  const { form, busy, close, submit } = useFormDialog({
    fields: START_FIELDS,
    fallback: 'droneId',
    save: (values: StartValues) => submitRecordTask(values),
    onClose,
    onSaved: onStarted,
  });
  return (
    <Modal
      open={open}
      title={t('routeManager.record.start')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('routeManager.record.startOk')}
      okButtonProps={{ loading: busy, 'data-testid': 'record-start-submit' } as never}
      destroyOnHidden
      data-testid="record-start-dialog"
    >
      <Typography.Paragraph type="secondary">{t('routeManager.record.startHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          toleranceM: RECORD_TOLERANCE_RANGE.default,
          minSpacingM: RECORD_SPACING_RANGE.default,
        }}
      >
        <Form.Item
          name="name"
          label={t('routeManager.record.name')}
          rules={[{ required: true, whitespace: true, message: t('routeManager.record.nameRequired') }]}
        >
          <Input maxLength={100} data-testid="record-name" />
        </Form.Item>
        <Form.Item
          name="droneId"
          label={t('routeManager.record.drone')}
          rules={[{ required: true, message: t('routeManager.record.droneRequired') }]}
        >
          <DeviceSelect
            type={DEVICE_TYPE_AIRCRAFT}
            field="record-drone"
            placeholder={t('routeManager.record.droneRequired')}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="toleranceM"
            label={t('routeManager.record.tolerance')}
            extra={t('routeManager.record.toleranceHint')}
          >
            <InputNumber
              min={RECORD_TOLERANCE_RANGE.min}
              max={RECORD_TOLERANCE_RANGE.max}
              step={0.5}
              addonAfter="m"
              data-testid="record-tolerance"
            />
          </Form.Item>
          <Form.Item
            name="minSpacingM"
            label={t('routeManager.record.spacing')}
            extra={t('routeManager.record.spacingHint')}
          >
            <InputNumber
              min={RECORD_SPACING_RANGE.min}
              max={RECORD_SPACING_RANGE.max}
              addonAfter="m"
              data-testid="record-spacing"
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/**
 * Record tasks (spec §7 recordtask): a drawer over the route manager listing the tenant's recordings with their
 * status and figures (read again every few seconds while one records), a dialog to start one for an aircraft,
 * a finish button that makes the route, the made route opened in the editor, and removal (the route stays).
 */
export function RecordTasks({
  open,
  onClose,
  onOpenRoute,
  onRouteMade,
  can,
}: {
  open: boolean;
  onClose: () => void;
  onOpenRoute: (routeId: string) => void;
  onRouteMade: () => void;
  can: (code: string) => boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const text = useRouteText();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [starting, setStarting] = useState(false);
  const action = useAction();
  const list = useQuery({
    queryKey: ['record-tasks', current],
    queryFn: () => recordTaskPage({ current, size: PAGE_SIZE }),
    enabled: open,
    refetchInterval: (query) =>
      query.state.data?.records.some((task) => task.status === 'recording') ? LIVE_MS : false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['record-tasks'] });

  const finish = (task: RecordTask) =>
    modal.confirm({
      title: t('routeManager.record.finish'),
      content: t('routeManager.record.finishConfirm', { name: task.name }),
      okButtonProps: { 'data-testid': 'confirm-record-finish' } as never,
      onOk: () =>
        action.run(() => submitRecordTask({ id: task.id, finish: true }), {
          onDone: (ended) => {
            if (ended.status === 'finished') {
              message.success(t('routeManager.record.made', { name: ended.routeName ?? ended.name }));
              onRouteMade();
            } else message.warning(ended.reason ?? t('routeManager.record.statuses.failed'));
            refresh();
          },
        }),
    });

  const remove = (task: RecordTask) =>
    modal.confirm({
      title: t('routeManager.record.remove'),
      content: t('routeManager.record.removeConfirm', { name: task.name }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-record-remove' } as never,
      onOk: () =>
        action.run(() => removeRecordTasks([task.id]), {
          success: t('routeManager.record.removed', { name: task.name }),
          onDone: refresh,
        }),
    });

  const columns: ColumnsType<RecordTask> = [
    {
      title: t('routeManager.record.name'),
      dataIndex: 'name',
      render: (_, task) => (
        <>
          <div className="route-name" data-testid="record-name-cell">
            {task.name}
          </div>
          <div className="route-figures">{task.startTime}</div>
        </>
      ),
    },
    {
      title: t('routeManager.record.drone'),
      dataIndex: 'droneName',
      render: (_, task) => (
        <>
          <div>{task.droneName ?? task.droneSn}</div>
          <div className="route-figures">{text.aircraft(task)}</div>
        </>
      ),
    },
    {
      title: t('routeManager.record.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, task) => (
        <>
          <Tag color={STATUS_COLORS[task.status]} data-testid="record-status" data-status={task.status}>
            {t(`routeManager.record.statuses.${task.status}`)}
          </Tag>
          {task.reason && (
            <div className="route-figures" data-testid="record-reason">
              {task.reason}
            </div>
          )}
        </>
      ),
    },
    {
      title: t('routeManager.figures'),
      dataIndex: 'pointCount',
      width: 190,
      render: (_, task) => (
        <div className="route-figure-grid" data-testid="record-figures">
          <span>{t('routeManager.record.points')}</span>
          <span data-testid="record-points">{task.pointCount}</span>
          <span>{t('routeManager.distance')}</span>
          <span>{text.distance(task)}</span>
          <span>{t('routeManager.duration')}</span>
          <span>{text.duration(task)}</span>
          {task.status === 'finished' && (
            <>
              <span>{t('routeManager.waypoints')}</span>
              <span data-testid="record-waypoints">{task.waypointCount}</span>
            </>
          )}
        </div>
      ),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 170,
      render: (_, task) => (
        <Space size={0} wrap>
          {task.status === 'recording' && can('route_add') && (
            <Button type="link" size="small" data-testid="record-finish" onClick={() => finish(task)}>
              {t('routeManager.record.finish')}
            </Button>
          )}
          {task.routeId && task.routeName && can('route_edit') && (
            <Button
              type="link"
              size="small"
              data-testid="record-open-route"
              onClick={() => onOpenRoute(task.routeId!)}
            >
              {t('routeManager.record.openRoute')}
            </Button>
          )}
          {can('route_delete') && (
            <Button type="link" size="small" danger data-testid="record-remove" onClick={() => remove(task)}>
              {t('crud.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('routeManager.record.title')}
      width={960}
      destroyOnHidden
      data-testid="record-drawer"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('routeManager.record.reload')} />
          {can('route_add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="record-start"
              onClick={() => setStarting(true)}
            >
              {t('routeManager.record.start')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('routeManager.record.about')}</Typography.Paragraph>
      <Table<RecordTask>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isLoading}
        locale={{ emptyText: t('routeManager.record.empty') }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
        }}
        data-testid="record-table"
      />
      <StartDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(task) => {
          message.success(t('routeManager.record.started', { name: task.name }));
          refresh();
        }}
      />
    </Drawer>
  );
}
