import { PauseCircleOutlined } from '@ant-design/icons';
import { isFinalStatus, TASK_STATUS, type TaskExecution, type TaskStatus } from '@aos/contract';
import { Progress, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { statusColor } from './calendar';
import type { useTaskText } from './text';
import { progressOf } from './views';

const paused = (execution: TaskExecution) =>
  execution.paused && !isFinalStatus(execution.taskStatus as TaskStatus);

/** A flight under way is active (orange while paused); one that ended says how: done, failed, or stopped. */
function progressStatus(execution: TaskExecution) {
  if (paused(execution)) return 'exception';
  if (!isFinalStatus(execution.taskStatus as TaskStatus)) return 'active';
  if (execution.taskStatus === TASK_STATUS.COMPLETED) return 'success';
  return execution.taskStatus === TASK_STATUS.FAILED ? 'exception' : 'normal';
}

/**
 * The columns the running view and the history build alike (one builder, so a flight reads the same in
 * both): the task (name, code and type), its status (tagged paused while a flight holds) and its progress
 * (how far a flight got: percent and waypoint).
 * `prefix` names the test ids (`running-status`, `history-result`...).
 */
export function executionColumns(t: TFunction, text: ReturnType<typeof useTaskText>, prefix: string) {
  return {
    task: (width?: number): ColumnType<TaskExecution> => ({
      title: t('taskManager.running.task'),
      key: 'task',
      width,
      render: (_, execution) => (
        <>
          <div className="task-name" data-testid={`${prefix}-name`}>
            {execution.taskName}
          </div>
          <div className="task-sub">
            {[execution.taskCode, text.type(execution.taskType)].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    }),
    status: (title: string, testId: string, width: number): ColumnType<TaskExecution> => ({
      title,
      key: 'status',
      width,
      render: (_, execution) => (
        <>
          <Tag
            color={statusColor(execution.taskStatus).tag}
            data-testid={`${prefix}-${testId}`}
            data-status={execution.taskStatus}
          >
            {text.status(execution.taskStatus)}
          </Tag>
          {paused(execution) && (
            <Tag color="orange" icon={<PauseCircleOutlined />} data-testid={`${prefix}-paused`}>
              {t('taskManager.running.paused')}
            </Tag>
          )}
        </>
      ),
    }),
    /** percent and waypoint; `data-live` says the percent came from the dock's job on the live feed */
    progress: (width: number): ColumnType<TaskExecution & { live?: boolean }> => ({
      title: t('taskManager.running.progress'),
      key: 'progress',
      width,
      render: (_, execution) => {
        const progress = progressOf(execution);
        return (
          <div
            data-testid={`${prefix}-progress`}
            data-percent={progress.percent ?? ''}
            data-live={execution.live ? 'true' : 'false'}
          >
            <Progress
              percent={progress.percent ?? 0}
              size="small"
              status={progressStatus(execution)}
              strokeColor={paused(execution) ? '#fa8c16' : undefined}
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
    }),
  };
}
