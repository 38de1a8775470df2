import { TASK_STATUS, type ProjectFlyingTask } from '@aos/contract';
import { Card, Empty, Flex, List, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveFlights } from '../../task/useLiveFlights';
import { projectFlying } from './api';

/**
 * What of a project flies now (`getFlyingTask`), following the live feed as the task manager's running view
 * does: the docks of its flights and the project's own `docks` (where its next flight may start) are
 * followed, progress and status come pushed, the list is polled only as a slow net.
 */
export function useProjectFlights(projectId: string, docks: readonly string[]) {
  return useLiveFlights<ProjectFlyingTask>({
    queryKey: ['project', 'flying', projectId],
    queryFn: () => projectFlying(projectId),
    docks,
  });
}

/** The project's flight card: each flight with its task, dock, status (paused) and progress. */
export function ProjectFlights({ flying }: { flying: ReturnType<typeof useProjectFlights> }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('project.flyingNow')}
      style={{ marginBottom: 16 }}
      data-testid="project-flying"
      data-live={flying.live ? 'true' : 'false'}
    >
      <List
        size="small"
        loading={flying.isLoading}
        dataSource={flying.flights}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.noFlight')} />,
        }}
        renderItem={(flight) => {
          const inProgress = flight.taskStatus === TASK_STATUS.EXECUTING;
          const percent = inProgress && flight.percent !== null ? Math.round(flight.percent) : 0;
          return (
            <List.Item key={flight.id} data-testid="project-flying-item" data-task={flight.taskId}>
              <Flex style={{ width: '100%' }} align="center" gap={16}>
                <div style={{ flex: '0 0 40%', minWidth: 0 }}>
                  <strong data-testid="project-flying-name">{flight.taskName}</strong>
                  <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                    {[flight.taskCode, flight.hangarName ?? flight.hangarSn].filter(Boolean).join(' · ')}
                  </div>
                </div>
                <div style={{ flex: '0 0 auto' }}>
                  <Tag
                    color={inProgress ? 'processing' : 'cyan'}
                    data-testid="project-flying-status"
                    data-status={flight.taskStatus}
                  >
                    {t(`project.flightStatuses.${flight.taskStatus}`)}
                  </Tag>
                  {flight.paused && <Tag color="orange">{t('project.flightPaused')}</Tag>}
                </div>
                <div
                  style={{ flex: 1, minWidth: 120 }}
                  data-testid="project-flying-progress"
                  data-percent={percent}
                  data-live={flight.live ? 'true' : 'false'}
                >
                  <Progress
                    percent={percent}
                    size="small"
                    status={flight.paused ? 'exception' : 'active'}
                    strokeColor={flight.paused ? '#fa8c16' : undefined}
                  />
                  {flight.waypointIndex !== null && (
                    <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                      {t('project.flightWaypoint', { index: flight.waypointIndex + 1 })}
                    </span>
                  )}
                </div>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
