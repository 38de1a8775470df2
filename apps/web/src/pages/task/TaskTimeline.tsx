import { ArrowRightOutlined } from '@ant-design/icons';
import type { TaskTimelineItem } from '@aos/contract';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';
import { statusColor } from './calendar';
import { useTaskText } from './text';

/**
 * A task's timeline (`getTaskTimeline`): each status move (from, to) or other entry (pause, resume, command,
 * condition, notice) with its time, cause and remedy in the active language, its device code and who.
 */
export function TaskTimeline({ items }: { items: TaskTimelineItem[] }) {
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
