import { TASK_STATUS } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskHomeSummary } from './api';
import { shownTime, statusColor } from './calendar';
import { useTaskText } from './text';
import './locale';

const SHOWN = [TASK_STATUS.PENDING, TASK_STATUS.EXECUTING, TASK_STATUS.COMPLETED, TASK_STATUS.FAILED];

/**
 * The home page's task card (`project-task/getTaskToHomePage`): the tenant's tasks by status, today's flights
 * and the running ones. The home page (pages/home) has no card slot yet: this is ready for it.
 */
export function TaskHomeCard() {
  const { t } = useTranslation();
  const text = useTaskText();
  const summary = useQuery({ queryKey: ['task', 'home'], queryFn: taskHomeSummary, refetchInterval: 30_000 });
  const data = summary.data;
  return (
    <Card title={t('taskManager.home.title')} loading={summary.isLoading} data-testid="task-home-card">
      <Row gutter={16}>
        <Col span={4}>
          <Statistic title={t('taskManager.home.total')} value={data?.total ?? 0} />
        </Col>
        {SHOWN.map((status) => (
          <Col span={5} key={status}>
            <Statistic
              title={text.status(status)}
              value={data?.byStatus[String(status)] ?? 0}
              styles={{ content: { color: statusColor(status).hex } }}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={12}>
          <List
            size="small"
            header={t('taskManager.home.today')}
            locale={{ emptyText: <Empty description={t('taskManager.home.none')} /> }}
            dataSource={(data?.today ?? []).slice(0, 6)}
            renderItem={(execution) => (
              <List.Item key={execution.id}>
                {shownTime(execution).slice(11, 16)} {execution.taskName}
                <Tag color={statusColor(execution.taskStatus).tag}>{text.status(execution.taskStatus)}</Tag>
              </List.Item>
            )}
          />
        </Col>
        <Col span={12}>
          <List
            size="small"
            header={t('taskManager.home.running')}
            dataSource={(data?.running ?? []).slice(0, 6)}
            renderItem={(task) => (
              <List.Item key={task.id}>
                {task.name} · {task.hangarName ?? '—'}
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}
