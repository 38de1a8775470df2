import type { TaskExecution } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../components/map/LazyMapView';
import { loadMapChunk } from '../../components/map/load';
import { useMapSettings } from '../../components/map/settings';
import { formatDateTime } from '../../components/time';
import { DockSelect } from '../route/route/inputs';
import { historyPage, taskTrack } from './api';
import { executionColumns } from './columns';
import { useTaskText } from './text';
import { HISTORY_RESULTS, trackBox } from './views';
import './locale';

const TaskMap = lazy(() => loadMapChunk(() => import('./TaskMap')));

/** One flight's planned route and flown track side by side on a map (`uver/task/track/list`). */
function TrackDialog({ execution, onClose }: { execution?: TaskExecution; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const settings = useMapSettings();
  const track = useQuery({
    queryKey: ['task', 'track', execution?.taskId, execution?.id],
    queryFn: () => taskTrack(execution!.taskId, execution!.id),
    enabled: Boolean(execution),
  });
  const data = track.data?.executionId === execution?.id ? track.data : undefined;
  const flown = useMemo(
    () => (data?.flown ?? []).map(([lon, lat]) => [lon, lat] as [number, number]),
    [data],
  );
  const box = data ? trackBox(data.planned, data.flown) : null;
  return (
    <Modal
      open={Boolean(execution)}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
      title={execution ? t('taskManager.history.trackTitle', { name: execution.taskName }) : ''}
      modalRender={(node) => <div data-testid="history-track">{node}</div>}
    >
      {!data || !box ? (
        data ? (
          <Empty description={t('taskManager.history.noTrack')} />
        ) : (
          <MapLoading height={420} />
        )
      ) : (
        <>
          <Suspense fallback={<MapLoading height={420} />}>
            <TaskMap
              settings={settings}
              waylines={data.planned}
              bbox={box}
              drone={null}
              dock={null}
              follow={false}
              track={flown}
              height={420}
              testId="history-track-map"
            />
          </Suspense>
          <Space size="large" style={{ marginTop: 8 }} wrap>
            <Typography.Text type="secondary">{t('taskManager.history.trackLegend')}</Typography.Text>
            <span data-testid="history-track-duration">
              {t('taskManager.history.duration')}: {text.duration(data.flightDuration)}
            </span>
            <span data-testid="history-track-mileage">
              {t('taskManager.history.mileage')}: {text.distance(data.mileage)}
            </span>
            {!flown.length && <Tag>{t('taskManager.history.noTrack')}</Tag>}
          </Space>
        </>
      )}
    </Modal>
  );
}

/**
 * Flights that ended (`historicalRoutePage`, newest first): task, dock, planned and flown times, flight time and
 * distance from the track, the result and, when it did not complete, the cause and what to do, in the active
 * language. Filtered by result and dock; a row opens its task's detail or its flown track on the map.
 */
export function TaskHistory({ onOpen, canOpen }: { onOpen: (taskId: string) => void; canOpen: boolean }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [result, setResult] = useState<number>();
  const [hangarId, setHangarId] = useState<string>();
  const [tracking, setTracking] = useState<TaskExecution>();
  const history = useQuery({
    queryKey: ['task', 'history', current, size, result, hangarId],
    queryFn: () => historyPage({ current, size, taskStatus: result, hangarId }),
    refetchInterval: 30_000,
  });

  const build = executionColumns(t, text, 'history');
  const columns: ColumnsType<TaskExecution> = [
    build.task(200),
    {
      title: t('taskManager.dock'),
      key: 'dock',
      width: 150,
      render: (_, execution) => execution.hangarName ?? execution.hangarSn ?? '—',
    },
    {
      title: t('taskManager.history.flownAt'),
      key: 'time',
      width: 170,
      render: (_, execution) => (
        <>
          <div>{formatDateTime(execution.startTime ?? execution.planTime)}</div>
          <div className="task-sub">
            {execution.startTime && execution.endTime
              ? `→ ${formatDateTime(execution.endTime).slice(11)}`
              : `${t('taskManager.history.planned')} ${formatDateTime(execution.planTime).slice(11, 16)}`}
          </div>
        </>
      ),
    },
    {
      title: t('taskManager.history.duration'),
      key: 'duration',
      width: 100,
      render: (_, execution) => (
        <span data-testid="history-duration">{text.duration(execution.flightDuration)}</span>
      ),
    },
    {
      title: t('taskManager.history.mileage'),
      key: 'mileage',
      width: 100,
      render: (_, execution) => <span data-testid="history-mileage">{text.distance(execution.mileage)}</span>,
    },
    build.status(t('taskManager.history.result'), 'result', 110),
    build.progress(150),
    {
      title: t('taskManager.history.cause'),
      key: 'cause',
      render: (_, execution) =>
        execution.causeKey ? (
          <div data-testid="history-cause">
            <span>{text.message(execution.causeKey)}</span>
            {execution.errorCode !== null && (
              <Typography.Text type="secondary">
                {' '}
                ({t('taskManager.timeline.code', { code: execution.errorCode })})
              </Typography.Text>
            )}
            {execution.remedyKey && (
              <Tooltip title={text.message(execution.remedyKey)}>
                <Typography.Link className="task-history-remedy" data-testid="history-remedy">
                  <QuestionCircleOutlined /> {t('taskManager.history.remedy')}
                </Typography.Link>
              </Tooltip>
            )}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 120,
      render: (_, execution) => (
        <>
          {canOpen && (
            <Button
              type="link"
              size="small"
              data-testid="history-open"
              onClick={() => onOpen(execution.taskId)}
            >
              {t('taskManager.detail.open')}
            </Button>
          )}
          {/* a flight that left the dock: something flown to show beside its route */}
          {execution.routeId && (execution.mileage ?? 0) > 0 && (
            <Button
              type="link"
              size="small"
              data-testid="history-track-open"
              onClick={() => setTracking(execution)}
            >
              {t('taskManager.history.track')}
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('taskManager.history.title')}
      data-testid="task-history"
      extra={
        <Space>
          <Select
            allowClear
            value={result}
            onChange={(value: number | undefined) => {
              setResult(value);
              setCurrent(1);
            }}
            placeholder={t('taskManager.history.allResults')}
            options={HISTORY_RESULTS.map((status) => ({ value: status, label: text.status(status) }))}
            style={{ width: 150 }}
            data-testid="history-filter-result"
          />
          <DockSelect
            value={hangarId}
            onChange={(value) => {
              setHangarId(value);
              setCurrent(1);
            }}
            placeholder={t('crud.requiredSelect', { field: t('taskManager.dock') })}
            testId="history-filter-dock"
          />
        </Space>
      }
    >
      <Table<TaskExecution>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={history.data?.records ?? []}
        loading={history.isLoading}
        onRow={(execution) => ({ 'data-task': execution.taskId }) as never}
        pagination={{
          current,
          pageSize: size,
          total: history.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, pageSize) => {
            setCurrent(page);
            setSize(pageSize);
          },
        }}
        locale={{ emptyText: <Empty description={t('taskManager.history.empty')} /> }}
        data-testid="history-table"
      />
      <TrackDialog execution={tracking} onClose={() => setTracking(undefined)} />
    </Card>
  );
}
