import { isFinalStatus, type TaskStatus } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Drawer, Row, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';
import { useLiveEvent, useLiveStore, useLiveConnection } from '../../live/store';
import { useSession } from '../../store/session';
import { DockStatePanel } from '../live/shared/DockStatePanel';
import { droneOfDock } from '../live/monitor/fleet';
import { droneSnOf } from '../live/remote/context';
import { executionsOf, routeDetail, taskDetail, taskTimeline } from './api';
import { statusColor } from './calendar';
import { currentExecution, taskControls } from './controls';
import type { TaskCodes } from './codes';
import { TaskFlightPanel } from './TaskFlightPanel';
import { TaskTimeline } from './TaskTimeline';
import { useTaskText } from './text';
import { useTaskCommands } from './useTaskCommands';
import './locale';
import './task.css';

/**
 * A task's detail (row "detail", a calendar entry): the planned route on the map with the dock and the
 * aircraft followed live over the socket the live map uses, the flight's progress (waypoint n of N, percent,
 * photos), flown duration and mileage, the dock's state (hatch, aircraft), the timeline of status moves with
 * their causes and remedies and who made them, and the operator's commands by permission.
 */
export function TaskDetailDrawer(props: {
  taskId: string | undefined;
  codes: TaskCodes;
  onClose: () => void;
}) {
  // mounted only while open: the live socket is held (and the task polled) only while a task is shown
  return props.taskId ? <OpenTaskDetail {...props} taskId={props.taskId} /> : null;
}

function OpenTaskDetail({
  taskId,
  codes,
  onClose,
}: {
  taskId: string;
  codes: TaskCodes;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useTaskText();
  const permission = useSession((state) => state.permission);
  const can = (code: string) => Boolean(permission[code]);
  const commands = useTaskCommands();
  const queryClient = useQueryClient();

  const task = useQuery({
    queryKey: ['task', 'detail', taskId],
    queryFn: () => taskDetail(taskId),
    enabled: Boolean(taskId),
    refetchInterval: (query) =>
      query.state.data && isFinalStatus(query.state.data.taskStatus as TaskStatus) ? false : 4000,
  });
  const shown = task.data?.id === taskId ? task.data : undefined;
  const active = shown ? !isFinalStatus(shown.taskStatus as TaskStatus) : false;
  const executions = useQuery({
    queryKey: ['task', 'executions', taskId],
    queryFn: () => executionsOf(taskId),
    enabled: Boolean(taskId),
    refetchInterval: active ? 4000 : false,
  });
  const timeline = useQuery({
    queryKey: ['task', 'timeline', taskId],
    queryFn: () => taskTimeline(taskId),
    enabled: Boolean(taskId) && can(codes.timeline),
    refetchInterval: active ? 4000 : false,
  });
  const route = useQuery({
    queryKey: ['task', 'route', shown?.routeId],
    queryFn: () => routeDetail(shown!.routeId!),
    enabled: Boolean(shown?.routeId),
    staleTime: 60_000,
  });

  // the dock and its aircraft, live: the socket follows the dock (its drone comes with it)
  const dockSn = shown?.hangarSn ?? null;
  const devices = useLiveStore((state) => state.devices);
  const dock = dockSn ? devices[dockSn] : undefined;
  // the aircraft the dock reports (its OSD's sub-device, else its topology), followed as well
  const droneSn = droneSnOf(dock);
  useLiveConnection(dockSn ? [dockSn, ...(droneSn ? [droneSn] : [])] : []);
  const drone = (droneSn ? devices[droneSn] : undefined) ?? (dock ? droneOfDock(dock, devices) : null);
  useLiveEvent('job', (data) => {
    if (!taskId || data.sn !== dockSn || data.job.method !== 'flighttask_progress') return;
    void queryClient.invalidateQueries({ queryKey: ['task', 'executions', taskId] });
    if (data.job.status !== 'in_progress') void queryClient.invalidateQueries({ queryKey: ['task'] });
  });
  const liveJob = dock?.jobs.find((job) => job.method === 'flighttask_progress');

  const execution = currentExecution(executions.data ?? []);
  const controls = shown ? taskControls(shown, execution?.paused ?? false) : null;

  return (
    <Drawer
      open
      onClose={onClose}
      width={1080}
      destroyOnHidden
      data-testid="task-detail"
      title={shown ? `${t('taskManager.detail.title')} · ${shown.name}` : t('taskManager.detail.title')}
      extra={
        shown &&
        controls && (
          <Space>
            {controls.pause && can(codes.close) && (
              <Button data-testid="task-pause" onClick={() => commands.steer('pause', shown)}>
                {t('taskManager.commands.pause')}
              </Button>
            )}
            {controls.resume && can(codes.close) && (
              <Button
                type="primary"
                data-testid="task-resume"
                onClick={() => commands.steer('resume', shown)}
              >
                {t('taskManager.commands.resume')}
              </Button>
            )}
            {controls.execute && can(codes.execute) && (
              <Button
                type="primary"
                data-testid="task-execute"
                onClick={() => commands.confirm('execute', shown)}
              >
                {t('taskManager.commands.execute')}
              </Button>
            )}
            {controls.cancel && can(codes.cancel) && (
              <Button danger data-testid="task-cancel" onClick={() => commands.confirm('cancel', shown)}>
                {t('taskManager.commands.cancel')}
              </Button>
            )}
            {controls.close && can(codes.close) && (
              <Button
                danger
                type="primary"
                data-testid="task-close"
                onClick={() => commands.confirm('close', shown)}
              >
                {t('taskManager.commands.close')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {!shown ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin description={t('taskManager.detail.loading')} />
        </div>
      ) : (
        <Row gutter={16}>
          <Col span={15}>
            <TaskFlightPanel
              task={shown}
              route={route.data}
              execution={execution}
              dock={dock}
              drone={drone}
              liveJob={liveJob}
            />
            <Descriptions
              style={{ marginTop: 12 }}
              size="small"
              bordered
              column={2}
              data-testid="task-detail-fields"
              items={[
                { key: 'code', label: t('taskManager.code'), children: shown.code },
                {
                  key: 'status',
                  label: t('taskManager.status'),
                  children: (
                    <Tag
                      color={statusColor(shown.taskStatus).tag}
                      data-testid="task-detail-status"
                      data-status={shown.taskStatus}
                    >
                      {text.status(shown.taskStatus)}
                    </Tag>
                  ),
                },
                { key: 'type', label: t('taskManager.type'), children: text.type(shown.type) },
                { key: 'route', label: t('taskManager.route'), children: shown.routeName ?? '—' },
                { key: 'dock', label: t('taskManager.dock'), children: shown.hangarName ?? '—' },
                { key: 'zone', label: t('taskManager.timeZone'), children: shown.timeZone },
                {
                  key: 'next',
                  label: t('taskManager.nextTime'),
                  children: formatDateTime(shown.nextTime) || '—',
                },
                {
                  key: 'plan',
                  label: t('taskManager.detail.planned'),
                  children: execution ? `${execution.planLocal} (${shown.timeZone})` : '—',
                },
                {
                  key: 'flown',
                  label: t('taskManager.detail.flown'),
                  children: execution?.startTime
                    ? `${formatDateTime(execution.startTime)} – ${formatDateTime(execution.endTime) || '…'}`
                    : '—',
                },
                { key: 'count', label: t('taskManager.detail.executions'), children: shown.executionCount },
                {
                  key: 'rth',
                  label: t('taskManager.rthAltitude'),
                  children: t('routeManager.unit.m', { value: shown.rthAltitude }),
                },
                {
                  key: 'operator',
                  label: t('taskManager.assign.operator'),
                  children: <span data-testid="task-detail-operator">{shown.operatorName ?? '—'}</span>,
                },
                { key: 'creator', label: t('taskManager.creator'), children: shown.createUserName ?? '—' },
              ]}
            />
          </Col>
          <Col span={9}>
            {dock ? (
              <DockStatePanel dock={dock} drone={drone} name={shown.hangarName ?? undefined} />
            ) : (
              shown.hangarSn && (
                <Card size="small">
                  <Typography.Text type="secondary">{t('taskManager.detail.dockWaiting')}</Typography.Text>
                </Card>
              )
            )}
            {can(codes.timeline) && (
              <Card size="small" title={t('taskManager.timeline.title')} style={{ marginTop: 12 }}>
                {timeline.isLoading ? <Spin /> : <TaskTimeline items={timeline.data ?? []} />}
              </Card>
            )}
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
