import { ArrowRightOutlined } from '@ant-design/icons';
import { isFinalStatus, TASK_STATUS, type Task, type TaskStatus, type TaskTimelineItem } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Progress,
  Row,
  Space,
  Spin,
  Statistic,
  Switch,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../components/map/LazyMapView';
import { loadMapChunk } from '../../components/map/load';
import { useMapSettings } from '../../components/map/settings';
import { formatDateTime } from '../../components/time';
import { useAction } from '../../components/useAction';
import { useLiveEvent, useLiveStore, useLiveConnection } from '../../live/store';
import { useSession } from '../../store/session';
import { DockStatePanel } from '../live/shared/DockStatePanel';
import { droneOfDock } from '../live/monitor/fleet';
import { droneSnOf } from '../live/remote/context';
import { headingOf, positionOf } from '../live/monitor/status';
import {
  cancelHangarTask,
  closeTask,
  executeNow,
  pauseTask,
  resumeTask,
  executionsOf,
  routeDetail,
  taskDetail,
  taskTimeline,
} from './api';
import { statusColor } from './calendar';
import { currentExecution, taskControls } from './controls';
import type { TaskCodes } from './codes';
import { useTaskText } from './text';
import './locale';
import './task.css';

const TaskMap = lazy(() => loadMapChunk(() => import('./TaskMap')));

/** The operator's commands on a task, confirmed, with the task's lists refreshed after. */
export function useTaskCommands() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const action = useAction();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['crud', 'project_task'] });
    void queryClient.invalidateQueries({ queryKey: ['crud', 'mission_task'] });
    void queryClient.invalidateQueries({ queryKey: ['task'] });
    void queryClient.invalidateQueries({ queryKey: ['task-calendar'] });
  };
  const confirm = (kind: 'close' | 'cancel' | 'execute', task: Pick<Task, 'id' | 'name'>) => {
    const call = { close: closeTask, cancel: cancelHangarTask, execute: executeNow }[kind];
    modal.confirm({
      title: t(`taskManager.commands.${kind}`),
      content: t(`taskManager.commands.${kind}Confirm`, { name: task.name }),
      okButtonProps: { danger: kind !== 'execute', 'data-testid': 'confirm-task-command' } as never,
      onOk: () =>
        action.run(() => call(task.id), {
          success: t(`taskManager.commands.${kind}Done`, { name: task.name }),
          onDone: refresh,
        }),
    });
  };
  /** pause or resume at once: nothing is lost either way */
  const steer = (kind: 'pause' | 'resume', task: Pick<Task, 'id' | 'name'>) =>
    void action.run(() => (kind === 'pause' ? pauseTask : resumeTask)(task.id), {
      success: t(`taskManager.commands.${kind}Done`, { name: task.name }),
      onDone: refresh,
    });
  return { busy: action.busy, confirm, steer };
}

function TimelineList({ items }: { items: TaskTimelineItem[] }) {
  const { t } = useTranslation();
  const text = useTaskText();
  if (items.length === 0) return <Empty description={t('taskManager.timeline.empty')} />;
  return (
    <Timeline
      data-testid="task-timeline"
      items={items.map((item) => ({
        key: item.id,
        color: item.toStatus === null ? 'gray' : statusColor(item.toStatus).hex,
        content: (
          <div data-testid="task-timeline-item" data-kind={item.kind} data-to={item.toStatus ?? ''}>
            <div className="task-timeline-head">
              <Typography.Text type="secondary">{formatDateTime(item.time)}</Typography.Text>
              {item.fromStatus !== null && item.toStatus !== null && (
                <span>
                  <Tag color={statusColor(item.fromStatus).tag}>{text.status(item.fromStatus)}</Tag>
                  <ArrowRightOutlined />{' '}
                  <Tag color={statusColor(item.toStatus).tag}>{text.status(item.toStatus)}</Tag>
                </span>
              )}
              {item.toStatus === null && (
                <Tag>{t(`taskManager.timeline.kinds.${item.kind}`, { defaultValue: item.kind })}</Tag>
              )}
            </div>
            <div data-testid="task-timeline-cause">
              {text.message(item.cause, item.params)}
              {item.errorCode !== null && (
                <Typography.Text type="secondary">
                  {' '}
                  ({t('taskManager.timeline.code', { code: item.errorCode })})
                </Typography.Text>
              )}
            </div>
            {item.remedy && (
              <div className="task-timeline-remedy" data-testid="task-timeline-remedy">
                {t('taskManager.timeline.remedy')}: {text.message(item.remedy, item.params)}
              </div>
            )}
            <Typography.Text type="secondary" className="task-timeline-who">
              {item.userName ?? t('taskManager.timeline.platform')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}

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
  const settings = useMapSettings();
  const permission = useSession((state) => state.permission);
  const can = (code: string) => Boolean(permission[code]);
  const commands = useTaskCommands();
  const queryClient = useQueryClient();
  const [follow, setFollow] = useState(true);

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
  const flying = execution?.taskStatus === TASK_STATUS.EXECUTING;
  const dronePosition = positionOf(drone);
  const droneOnMap = useMemo(
    () =>
      dronePosition && (flying || drone?.online)
        ? { position: dronePosition, heading: headingOf(drone) }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dronePosition?.[0], dronePosition?.[1], flying, drone?.online, headingOf(drone)],
  );
  const dockPosition = positionOf(dock);
  const total = route.data?.waypointCount ?? null;
  const waypoint = execution?.waypointIndex ?? null;
  const percent = execution?.percent ?? liveJob?.percent ?? null;
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
            {route.data ? (
              <Suspense fallback={<MapLoading height={380} />}>
                <TaskMap
                  key={route.data.id}
                  settings={settings}
                  waylines={route.data.waylines}
                  bbox={route.data.bbox}
                  drone={droneOnMap}
                  dock={dockPosition}
                  follow={follow}
                  testId="task-detail-map"
                />
              </Suspense>
            ) : shown.routeId ? (
              <MapLoading height={380} />
            ) : (
              <Empty description={t('taskManager.detail.noRoute')} />
            )}
            <div className="task-map-bar">
              <Space>
                <Switch size="small" checked={follow} onChange={setFollow} data-testid="task-follow" />
                {t('taskManager.detail.follow')}
              </Space>
              {drone && (
                <Typography.Text type="secondary" data-testid="task-drone">
                  {t('taskManager.detail.aircraft', { sn: drone.sn })}
                </Typography.Text>
              )}
            </div>

            <Card
              size="small"
              title={t('taskManager.detail.progress')}
              style={{ marginTop: 12 }}
              data-testid="task-progress"
            >
              <Row gutter={16} align="middle">
                <Col span={9}>
                  <Progress
                    type="circle"
                    size={96}
                    percent={Math.round(
                      percent ?? (execution?.taskStatus === TASK_STATUS.COMPLETED ? 100 : 0),
                    )}
                    status={
                      execution?.taskStatus === TASK_STATUS.FAILED
                        ? 'exception'
                        : flying
                          ? 'active'
                          : undefined
                    }
                    data-testid="task-percent"
                  />
                </Col>
                <Col span={15}>
                  <Row gutter={[8, 8]}>
                    <Col span={12}>
                      <div data-testid="task-waypoint">
                        <Statistic
                          title={t('taskManager.detail.waypoint')}
                          value={waypoint === null ? '—' : `${waypoint + 1} / ${total ?? '—'}`}
                          styles={{ content: { fontSize: 18 } }}
                        />
                      </div>
                    </Col>
                    <Col span={12}>
                      <Statistic
                        title={t('taskManager.detail.photos')}
                        value={execution?.mediaCount ?? '—'}
                        styles={{ content: { fontSize: 18 } }}
                      />
                    </Col>
                    <Col span={12}>
                      <div data-testid="task-duration">
                        <Statistic
                          title={t('taskManager.flightDuration')}
                          value={text.duration(execution?.flightDuration ?? shown.flightDuration)}
                          styles={{ content: { fontSize: 18 } }}
                        />
                      </div>
                    </Col>
                    <Col span={12}>
                      <div data-testid="task-mileage">
                        <Statistic
                          title={t('taskManager.mileage')}
                          value={text.distance(execution?.mileage ?? shown.mileage)}
                          styles={{ content: { fontSize: 18 } }}
                        />
                      </div>
                    </Col>
                  </Row>
                </Col>
              </Row>
              {execution?.paused && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  title={t('taskManager.detail.paused')}
                />
              )}
              {execution?.causeKey && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginTop: 8 }}
                  data-testid="task-failure"
                  title={text.message(execution.causeKey)}
                  description={execution.remedyKey ? text.message(execution.remedyKey) : undefined}
                />
              )}
            </Card>

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
                {timeline.isLoading ? <Spin /> : <TimelineList items={timeline.data ?? []} />}
              </Card>
            )}
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
