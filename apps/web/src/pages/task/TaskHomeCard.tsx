import { RightOutlined } from '@ant-design/icons';
import { type MenuNode, TASK_STATUS, TASK_STATUSES } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { servedPath } from '../../navigation/menu-routes';
import { useSession } from '../../store/session';
import { taskHomeSummary } from './api';
import { statusColor } from './calendar';
import { useTaskText } from './text';
import { progressOf } from './views';
import './locale';
import './task.css';

/** The statuses counted on the card (the tenant's tasks by their own status). */
const SHOWN = [
  TASK_STATUS.PENDING,
  TASK_STATUS.EXECUTING,
  TASK_STATUS.COMPLETED,
  TASK_STATUS.FAILED,
] as const;

/** The screen of the task manager the user may open (mission_task first, else project_task), if any. */
export function taskManagerPath(nodes: readonly MenuNode[]): string | null {
  const found: Record<string, MenuNode> = {};
  const walk = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.code === 'mission_task' || node.code === 'project_task') found[node.code] = node;
      if (node.children?.length) walk(node.children);
    }
  };
  walk(nodes);
  const node = found.mission_task ?? found.project_task;
  return node ? servedPath(node.path, false) : null;
}

/**
 * The home page's task card (`project-task/getTaskToHomePage`): the tenant's tasks by status, today's flights by
 * status, and what is flying now with its progress. "Open" goes to the task manager the user may use.
 */
export function TaskHomeCard() {
  const { t } = useTranslation();
  const text = useTaskText();
  const navigate = useNavigate();
  const menu = useSession((state) => state.menu);
  const summary = useQuery({ queryKey: ['task', 'home'], queryFn: taskHomeSummary, refetchInterval: 15_000 });
  const data = summary.data;
  const manager = taskManagerPath(menu);
  const today = TASK_STATUSES.filter((status) => (data?.today[String(status)] ?? 0) > 0);
  const todayTotal = today.reduce<number>((sum, status) => sum + (data?.today[String(status)] ?? 0), 0);

  return (
    <Card
      title={t('taskManager.home.title')}
      loading={summary.isLoading}
      data-testid="task-home-card"
      extra={
        manager && (
          <Button type="link" size="small" onClick={() => navigate(manager)} data-testid="task-home-more">
            {t('taskManager.home.more')} <RightOutlined />
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]} className="task-home-stats">
        <Col xs={12} sm={8} lg={4}>
          <Statistic
            title={t('taskManager.home.total')}
            value={data?.total ?? 0}
            data-testid="task-home-total"
          />
        </Col>
        {SHOWN.map((status) => (
          <Col xs={12} sm={8} lg={5} key={status}>
            <Statistic
              title={text.status(status)}
              value={data?.byStatus[String(status)] ?? 0}
              styles={{ content: { color: statusColor(status).hex } }}
              data-testid="task-home-status"
              data-status={status}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={10}>
          <Typography.Text strong>{t('taskManager.home.today')}</Typography.Text>
          <div className="task-home-today" data-testid="task-home-today">
            {todayTotal === 0 ? (
              <Typography.Text type="secondary">{t('taskManager.home.none')}</Typography.Text>
            ) : (
              <>
                <div className="task-home-today-count">
                  {t('taskManager.home.todayCount', { count: todayTotal })}
                </div>
                {today.map((status) => (
                  <Tag
                    key={status}
                    color={statusColor(status).tag}
                    data-testid="task-home-today-status"
                    data-status={status}
                  >
                    {text.status(status)} {data?.today[String(status)]}
                  </Tag>
                ))}
              </>
            )}
          </div>
        </Col>
        <Col xs={24} md={14}>
          <List
            size="small"
            header={<Typography.Text strong>{t('taskManager.home.running')}</Typography.Text>}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('taskManager.home.runningNone')} />
              ),
            }}
            dataSource={(data?.running ?? []).slice(0, 5)}
            data-testid="task-home-running"
            renderItem={(execution) => {
              const progress = progressOf(execution);
              return (
                <List.Item
                  key={execution.id}
                  data-testid="task-home-running-item"
                  data-task={execution.taskId}
                >
                  <div className="task-home-running">
                    <div className="task-home-running-name">
                      <strong>{execution.taskName}</strong>
                      <span className="task-sub">{execution.hangarName ?? execution.hangarSn ?? ''}</span>
                    </div>
                    <Progress
                      percent={progress.percent ?? 0}
                      size="small"
                      status={execution.paused ? 'exception' : 'active'}
                      strokeColor={execution.paused ? '#fa8c16' : undefined}
                    />
                  </div>
                </List.Item>
              );
            }}
          />
        </Col>
      </Row>
    </Card>
  );
}
