import type { TaskExecution } from '@aos/contract';
import { Button, Card, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';
import { runningExecutions } from './api';
import { executionColumns } from './columns';
import { useTaskText } from './text';
import { useLiveFlights } from './useLiveFlights';
import './locale';

/**
 * What is flying now (`getRunningTaskList`): each flight a dock has received or is flying, with its task, dock,
 * start and progress (percent, waypoint, paused), following the live feed (`useLiveFlights`: pushed progress
 * and status, a slow poll only as a net); a row opens its task's detail, where the live map follows the
 * aircraft.
 */
export function TaskRunning({ onOpen, canOpen }: { onOpen: (taskId: string) => void; canOpen: boolean }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const running = useLiveFlights({
    queryKey: ['task', 'running'],
    queryFn: runningExecutions,
    // what flies now anywhere in the fleet: every dock followed, a flight shows as it starts
    docks: 'all',
  });
  const build = executionColumns(t, text, 'running');

  const columns: ColumnsType<TaskExecution> = [
    build.task(),
    {
      title: t('taskManager.running.dock'),
      key: 'dock',
      width: 200,
      render: (_, execution) => (
        <span data-testid="running-dock">{execution.hangarName ?? execution.hangarSn ?? '—'}</span>
      ),
    },
    build.status(t('taskManager.status'), 'status', 150),
    {
      title: t('taskManager.running.started'),
      key: 'started',
      width: 170,
      render: (_, execution) => formatDateTime(execution.startTime ?? execution.planTime),
    },
    build.progress(260),
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 110,
      render: (_, execution) =>
        canOpen && (
          <Button
            type="link"
            size="small"
            data-testid="running-open"
            onClick={() => onOpen(execution.taskId)}
          >
            {t('taskManager.detail.open')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('taskManager.running.title')}
      extra={
        <Tag
          color={running.live ? 'green' : 'default'}
          data-testid="running-feed"
          data-live={running.live ? 'true' : 'false'}
        >
          {t(running.live ? 'taskManager.running.live' : 'taskManager.running.polled')}
        </Tag>
      }
      data-testid="task-running"
    >
      <Table<TaskExecution>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={running.flights}
        loading={running.isLoading}
        pagination={false}
        onRow={(execution) => ({ 'data-task': execution.taskId }) as never}
        locale={{ emptyText: <Empty description={t('taskManager.running.empty')} /> }}
        data-testid="running-table"
      />
    </Card>
  );
}
