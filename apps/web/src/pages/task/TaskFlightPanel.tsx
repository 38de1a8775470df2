import { TASK_STATUS, type LiveDevice, type LiveJob, type Task, type TaskExecution } from '@aos/contract';
import { Alert, Card, Col, Empty, Progress, Row, Space, Statistic, Switch, Typography } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../components/map/LazyMapView';
import { loadMapChunk } from '../../components/map/load';
import { useMapSettings } from '../../components/map/settings';
import { headingOf, positionOf } from '../live/monitor/status';
import type { routeDetail } from './api';
import { useTaskText } from './text';

const TaskMap = lazy(() => loadMapChunk(() => import('./TaskMap')));

/**
 * The flight of a task's detail: the planned route on the map with the dock and the aircraft (followed by the
 * map while `follow` is on), then its progress — percent (the execution's, else the dock's live flight job),
 * waypoint n of N, photos, flown duration and mileage, paused, and the cause and remedy of a failure.
 */
export function TaskFlightPanel({
  task,
  route,
  execution,
  dock,
  drone,
  liveJob,
}: {
  task: Task;
  route: Awaited<ReturnType<typeof routeDetail>> | undefined;
  execution: TaskExecution | undefined;
  dock: LiveDevice | undefined;
  drone: LiveDevice | null | undefined;
  liveJob: LiveJob | undefined;
}) {
  const { t } = useTranslation();
  const text = useTaskText();
  const settings = useMapSettings();
  const [follow, setFollow] = useState(true);
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
  const total = route?.waypointCount ?? null;
  const waypoint = execution?.waypointIndex ?? null;
  const percent = execution?.percent ?? liveJob?.percent ?? null;

  return (
    <>
      {route ? (
        <Suspense fallback={<MapLoading height={380} />}>
          <TaskMap
            key={route.id}
            settings={settings}
            waylines={route.waylines}
            bbox={route.bbox}
            drone={droneOnMap}
            dock={dockPosition}
            follow={follow}
            testId="task-detail-map"
          />
        </Suspense>
      ) : task.routeId ? (
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
              percent={Math.round(percent ?? (execution?.taskStatus === TASK_STATUS.COMPLETED ? 100 : 0))}
              status={
                execution?.taskStatus === TASK_STATUS.FAILED ? 'exception' : flying ? 'active' : undefined
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
                    value={text.duration(execution?.flightDuration ?? task.flightDuration)}
                    styles={{ content: { fontSize: 18 } }}
                  />
                </div>
              </Col>
              <Col span={12}>
                <div data-testid="task-mileage">
                  <Statistic
                    title={t('taskManager.mileage')}
                    value={text.distance(execution?.mileage ?? task.mileage)}
                    styles={{ content: { fontSize: 18 } }}
                  />
                </div>
              </Col>
            </Row>
          </Col>
        </Row>
        {execution?.paused && (
          <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('taskManager.detail.paused')} />
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
    </>
  );
}
