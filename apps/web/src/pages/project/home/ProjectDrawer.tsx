import type { Project, ProjectCurrentUser, ProjectMachine, ProjectMember } from '@aos/contract';
import { Alert, Card, Col, Descriptions, Drawer, Flex, Row, Statistic, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUser, onlineAircraft, projectMachines, projectMembers } from './api';
import { ProjectFlights, useProjectFlights } from './ProjectFlights';
import { ProjectMachinesTab } from './ProjectMachinesTab';
import { ProjectMembersTab } from './ProjectMembersTab';

const NO_MACHINES: ProjectMachine[] = [];

interface Loaded {
  members: ProjectMember[];
  machines: ProjectMachine[];
  me: ProjectCurrentUser;
  aircraftOnline: number;
}

/**
 * A project's page: device data (docks and aircraft online, machines bound), flight data (with the task area:
 * `ProjectFlights`, on the live feed), and its members and machines (`ProjectMembersTab`,
 * `ProjectMachinesTab`) — changed by those who manage the project (current-user says who).
 */
export function ProjectDrawer({ project, onClose }: { project?: Project; onClose: () => void }) {
  // mounted only while open: the live socket is held (and the flights read) only while a project is shown
  return project ? <OpenProject project={project} onClose={onClose} /> : null;
}

function OpenProject({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>();
  const projectId = project.id;

  const load = useCallback(async () => {
    const [members, machines, me, online] = await Promise.all([
      projectMembers(projectId),
      projectMachines(projectId),
      currentUser(projectId),
      onlineAircraft(projectId),
    ]);
    setLoaded({ members: members.records, machines: machines.records, me, aircraftOnline: online.length });
  }, [projectId]);

  useEffect(() => {
    setLoaded(undefined);
    void load().catch(() => undefined);
  }, [projectId, load]);

  // what of the project flies now, followed over the live feed (its docks too) while the page is open
  const dockSns = useMemo(
    () =>
      (loaded?.machines ?? [])
        .filter((item) => item.kind === 'dock')
        .map((item) => item.serialNumber)
        .filter((sn): sn is string => Boolean(sn)),
    [loaded],
  );
  const flying = useProjectFlights(projectId, dockSns);
  const flights = flying.flights;

  const canManage = loaded?.me.canManage ?? false;
  const machines = loaded?.machines ?? NO_MACHINES;
  const docks = machines.filter((machine) => machine.kind === 'dock');

  return (
    <Drawer
      open
      onClose={onClose}
      width={880}
      title={t('project.detailTitle', { name: project.name })}
      data-testid="project-drawer"
      destroyOnHidden
    >
      <>
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('project.type')}>{project.typeName}</Descriptions.Item>
          <Descriptions.Item label={t('project.state')}>{project.stateName}</Descriptions.Item>
          <Descriptions.Item label={t('project.dept')}>{project.deptName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('project.leader')}>{project.leaderName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('project.period')} span={2}>
            {project.startTime} – {project.endTime}
          </Descriptions.Item>
        </Descriptions>
        <Row gutter={12} style={{ marginBottom: 16 }}>
          <Col span={12}>
            <Card size="small" title={t('project.deviceData')} data-testid="device-data">
              <Flex justify="space-between">
                <Statistic
                  title={t('project.docksOnline')}
                  value={docks.filter((dock) => dock.online).length}
                  suffix={`/ ${docks.length}`}
                />
                <Statistic title={t('project.aircraftOnline')} value={loaded?.aircraftOnline ?? 0} />
                <Statistic title={t('project.devicesBound')} value={machines.length} />
              </Flex>
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title={t('project.flightData')} data-testid="flight-data">
              <Flex justify="space-between">
                <Statistic
                  title={t('project.flyingNow')}
                  value={flights.length}
                  styles={{ content: { color: flights.length ? '#1677ff' : undefined } }}
                  data-testid="flight-count"
                />
                <Statistic title={t('project.membersCount')} value={loaded?.members.length ?? 0} />
              </Flex>
            </Card>
          </Col>
        </Row>
        <ProjectFlights flying={flying} />
        {loaded && !canManage && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('project.cannotManage')} />
        )}
        <Tabs
          items={[
            {
              key: 'members',
              label: t('project.memberTab'),
              children: (
                <ProjectMembersTab
                  projectId={project.id}
                  members={loaded?.members ?? []}
                  loading={!loaded}
                  canManage={canManage}
                  onChanged={load}
                />
              ),
            },
            {
              key: 'machines',
              label: t('project.machineTab'),
              children: (
                <ProjectMachinesTab
                  projectId={project.id}
                  machines={machines}
                  loading={!loaded}
                  canManage={canManage}
                  onChanged={load}
                />
              ),
            },
          ]}
        />
      </>
    </Drawer>
  );
}
