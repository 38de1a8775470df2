import { PauseCircleOutlined } from '@ant-design/icons';
import type { TaskExecution } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';
import { runningExecutions } from './api';
import { statusColor } from './calendar';
import { useTaskText } from './text';
import { progressOf } from './views';
import './locale';

/**
 * What is flying now (`getRunningTaskList`): each flight a dock has received or is flying, with its task, dock,
 * start and progress (percent, waypoint, paused); polled every 5 s; a row opens its task's detail, where the
 * live map follows the aircraft.
 */
export function TaskRunning({ onOpen, canOpen }: { onOpen: (taskId: string) => void; canOpen: boolean }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const running = useQuery({
    queryKey: ['task', 'running'],
    queryFn: runningExecutions,
    refetchInterval: 5000,
  });

  const columns: ColumnsType<TaskExecution> = [
    {
      title: t('taskManager.running.task'),
      key: 'task',
      render: (_, execution) => (
        <>
          <div className="task-name" data-testid="running-name">
            {execution.taskName}
          </div>
          <div className="task-sub">
            {[execution.taskCode, text.type(execution.taskType)].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      title: t('taskManager.running.dock'),
      key: 'dock',
      width: 200,
      render: (_, execution) => (
        <span data-testid="running-dock">{execution.hangarName ?? execution.hangarSn ?? '—'}</span>
      ),
    },
    {
      title: t('taskManager.status'),
      key: 'status',
      width: 150,
      render: (_, execution) => (
        <>
          <Tag
            color={statusColor(execution.taskStatus).tag}
            data-testid="running-status"
            data-status={execution.taskStatus}
          >
            {text.status(execution.taskStatus)}
          </Tag>
          {execution.paused && (
            <Tag color="orange" icon={<PauseCircleOutlined />} data-testid="running-paused">
              {t('taskManager.running.paused')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('taskManager.running.started'),
      key: 'started',
      width: 170,
      render: (_, execution) => formatDateTime(execution.startTime ?? execution.planTime),
    },
    {
      title: t('taskManager.running.progress'),
      key: 'progress',
      width: 260,
      render: (_, execution) => {
        const progress = progressOf(execution);
        return (
          <div data-testid="running-progress" data-percent={progress.percent ?? ''}>
            <Progress
              percent={progress.percent ?? 0}
              size="small"
              status={execution.paused ? 'exception' : 'active'}
              strokeColor={execution.paused ? '#fa8c16' : undefined}
            />
            <Typography.Text type="secondary" className="task-sub">
              {progress.waiting
                ? t('taskManager.running.waiting')
                : progress.waypoint !== null
                  ? t('taskManager.running.waypoint', { index: progress.waypoint })
                  : '—'}
            </Typography.Text>
          </div>
        );
      },
    },
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
      extra={<Typography.Text type="secondary">{t('taskManager.running.refreshed')}</Typography.Text>}
      data-testid="task-running"
    >
      <Table<TaskExecution>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={running.data ?? []}
        loading={running.isLoading}
        pagination={false}
        onRow={(execution) => ({ 'data-task': execution.taskId }) as never}
        locale={{ emptyText: <Empty description={t('taskManager.running.empty')} /> }}
        data-testid="running-table"
      />
    </Card>
  );
}
