import {
  PROJECT_MACHINE_KINDS,
  PROJECT_ROLE_KEYS,
  type Project,
  type ProjectCurrentUser,
  type ProjectMachine,
  type ProjectMachineKind,
  type ProjectMember,
  type UseEquipment,
} from '@aos/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  List,
  Progress,
  Row,
  Select,
  Statistic,
  Table,
  Tabs,
  Tag,
  TreeSelect,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import {
  bindMachines,
  currentUser,
  modifyMember,
  onlineAircraft,
  projectFlying,
  projectMachines,
  projectMembers,
  unbindMachine,
  unbindMember,
  usableEquipment,
  userOptions,
} from './api';

interface Loaded {
  members: ProjectMember[];
  machines: ProjectMachine[];
  me: ProjectCurrentUser;
  aircraftOnline: number;
}

/**
 * A project's page: device data (docks and aircraft online, machines bound), flight data (with the task area),
 * and its members and machines — roles changed, members added and removed, machines bound and unbound by
 * those who manage the project (current-user says who).
 */
export function ProjectDrawer({ project, onClose }: { project?: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { run, busy } = useAction();
  const [loaded, setLoaded] = useState<Loaded>();
  const [users, setUsers] = useState<TreeOption[]>([]);
  const [newUser, setNewUser] = useState<string>();
  const [newRole, setNewRole] = useState<number>(3);
  const [kind, setKind] = useState<ProjectMachineKind>('dock');
  const [choices, setChoices] = useState<UseEquipment[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const projectId = project?.id;

  const load = useCallback(async () => {
    if (!projectId) return;
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
    if (!projectId) return;
    void load().catch(() => undefined);
    void userOptions()
      .then(setUsers)
      .catch(() => undefined);
  }, [projectId, load]);

  useEffect(() => {
    if (!projectId) return;
    setPicked([]);
    void usableEquipment(projectId, kind)
      .then(setChoices)
      .catch(() => setChoices([]));
  }, [projectId, kind, loaded]);

  // what of the project flies now, followed every 5 s while the page is open
  const flying = useQuery({
    queryKey: ['project', 'flying', projectId],
    queryFn: () => projectFlying(projectId!),
    enabled: Boolean(projectId),
    refetchInterval: 5000,
  });
  const flights = flying.data ?? [];

  const roleOptions = PROJECT_ROLE_KEYS.map((key) => ({ value: key, label: t(`project.roles.${key}`) }));
  const canManage = loaded?.me.canManage ?? false;
  const machines = loaded?.machines ?? [];
  const docks = machines.filter((machine) => machine.kind === 'dock');

  const memberColumns = [
    { title: t('project.user'), dataIndex: 'userName', key: 'userName' },
    { title: t('project.account'), dataIndex: 'account', key: 'account' },
    {
      title: t('project.role'),
      key: 'role',
      width: 200,
      render: (_: unknown, member: ProjectMember) =>
        canManage ? (
          <Select
            size="small"
            style={{ width: 170 }}
            value={member.role}
            options={roleOptions}
            data-testid={`member-role-${member.userId}`}
            onChange={(role: number) =>
              void run(() => modifyMember(member.projectId, member.userId, role), {
                success: t('project.saved'),
                onDone: load,
              })
            }
          />
        ) : (
          t(`project.roles.${member.role}`)
        ),
    },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_: unknown, member: ProjectMember) =>
        canManage && (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`member-unbind-${member.userId}`}
            onClick={() =>
              modal.confirm({
                title: t('crud.confirmTitle'),
                content: t('project.confirmUnbindMember', { name: member.userName ?? member.account }),
                onOk: () =>
                  run(() => unbindMember(member.projectId, member.userId), {
                    success: t('project.unbound'),
                    onDone: load,
                  }),
              })
            }
          >
            {t('project.unbind')}
          </Button>
        ),
    },
  ];

  const machineColumns = [
    {
      title: t('project.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (value: ProjectMachineKind) => t(`project.kinds.${value}`),
    },
    { title: t('project.machine'), dataIndex: 'name', key: 'name' },
    { title: t('project.serialNumber'), dataIndex: 'serialNumber', key: 'serialNumber' },
    {
      title: t('project.online'),
      dataIndex: 'online',
      key: 'online',
      width: 90,
      render: (online: boolean) =>
        online ? <Tag color="green">{t('project.onlineYes')}</Tag> : <Tag>{t('project.onlineNo')}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_: unknown, machine: ProjectMachine) =>
        canManage && (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`machine-unbind-${machine.machineId}`}
            onClick={() =>
              modal.confirm({
                title: t('crud.confirmTitle'),
                content: t('project.confirmUnbindMachine', { name: machine.name ?? machine.serialNumber }),
                onOk: () =>
                  run(() => unbindMachine(machine.projectId, machine.kind, machine.machineId), {
                    success: t('project.unbound'),
                    onDone: load,
                  }),
              })
            }
          >
            {t('project.unbind')}
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      open={Boolean(project)}
      onClose={onClose}
      width={880}
      title={project ? t('project.detailTitle', { name: project.name }) : ''}
      data-testid="project-drawer"
      destroyOnHidden
    >
      {project && (
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
          <Card
            size="small"
            title={t('project.flyingNow')}
            style={{ marginBottom: 16 }}
            data-testid="project-flying"
          >
            <List
              size="small"
              loading={flying.isLoading}
              dataSource={flights}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.noFlight')} />,
              }}
              renderItem={(flight) => {
                const percent =
                  flight.taskStatus === 2 && flight.percent !== null ? Math.round(flight.percent) : 0;
                return (
                  <List.Item key={flight.id} data-testid="project-flying-item" data-task={flight.taskId}>
                    <Flex style={{ width: '100%' }} align="center" gap={16}>
                      <div style={{ flex: '0 0 40%', minWidth: 0 }}>
                        <strong data-testid="project-flying-name">{flight.taskName}</strong>
                        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                          {[flight.taskCode, flight.hangarName ?? flight.hangarSn]
                            .filter(Boolean)
                            .join(' · ')}
                        </div>
                      </div>
                      <div style={{ flex: '0 0 auto' }}>
                        <Tag color={flight.taskStatus === 2 ? 'processing' : 'cyan'}>
                          {t(`project.flightStatuses.${flight.taskStatus}`)}
                        </Tag>
                        {flight.paused && <Tag color="orange">{t('project.flightPaused')}</Tag>}
                      </div>
                      <div style={{ flex: 1, minWidth: 120 }}>
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
          {loaded && !canManage && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('project.cannotManage')} />
          )}
          <Tabs
            items={[
              {
                key: 'members',
                label: t('project.memberTab'),
                children: (
                  <>
                    {canManage && (
                      <Flex gap={8} style={{ marginBottom: 12 }}>
                        <TreeSelect
                          style={{ flex: 1 }}
                          showSearch
                          treeNodeFilterProp="title"
                          treeData={users}
                          value={newUser}
                          onChange={setNewUser}
                          placeholder={t('project.user')}
                          data-testid="member-user"
                        />
                        <Select
                          style={{ width: 180 }}
                          value={newRole}
                          options={roleOptions}
                          onChange={setNewRole}
                          data-testid="member-role"
                        />
                        <Button
                          type="primary"
                          disabled={!newUser}
                          loading={busy}
                          data-testid="member-add"
                          onClick={() =>
                            newUser &&
                            void run(() => modifyMember(project.id, newUser, newRole), {
                              success: t('project.saved'),
                              onDone: async () => {
                                setNewUser(undefined);
                                await load();
                              },
                            })
                          }
                        >
                          {t('project.addMember')}
                        </Button>
                      </Flex>
                    )}
                    <Table<ProjectMember>
                      rowKey="id"
                      size="small"
                      data-testid="member-table"
                      columns={memberColumns}
                      dataSource={loaded?.members ?? []}
                      loading={!loaded}
                      pagination={false}
                      locale={{ emptyText: <Empty description={t('project.noMembers')} /> }}
                    />
                  </>
                ),
              },
              {
                key: 'machines',
                label: t('project.machineTab'),
                children: (
                  <>
                    {canManage && (
                      <Flex gap={8} style={{ marginBottom: 12 }}>
                        <Select
                          style={{ width: 140 }}
                          value={kind}
                          onChange={setKind}
                          data-testid="machine-kind"
                          options={PROJECT_MACHINE_KINDS.map((value) => ({
                            value,
                            label: t(`project.kinds.${value}`),
                          }))}
                        />
                        <Select
                          style={{ flex: 1 }}
                          mode="multiple"
                          value={picked}
                          onChange={setPicked}
                          placeholder={t('project.machine')}
                          data-testid="machine-pick"
                          optionFilterProp="label"
                          options={choices.map((machine) => ({
                            value: machine.id,
                            label: `${machine.name} (${machine.serialNumber})`,
                            disabled: machine.bound,
                          }))}
                        />
                        <Button
                          type="primary"
                          disabled={!picked.length}
                          loading={busy}
                          data-testid="machine-bind"
                          onClick={() =>
                            void run(() => bindMachines(project.id, kind, picked), {
                              success: t('project.bound'),
                              onDone: load,
                            })
                          }
                        >
                          {t('project.bind')}
                        </Button>
                      </Flex>
                    )}
                    <Table<ProjectMachine>
                      rowKey="id"
                      size="small"
                      data-testid="machine-table"
                      columns={machineColumns}
                      dataSource={machines}
                      loading={!loaded}
                      pagination={false}
                      locale={{ emptyText: <Empty description={t('project.noMachines')} /> }}
                    />
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
