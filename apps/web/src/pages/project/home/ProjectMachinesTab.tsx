import {
  PROJECT_MACHINE_KINDS,
  type ProjectMachine,
  type ProjectMachineKind,
  type UseEquipment,
} from '@aos/contract';
import { App, Button, Empty, Flex, Select, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/useAction';
import { bindMachines, unbindMachine, usableEquipment } from './api';

/**
 * A project's machines (docks, aircraft...) with their online state: bound (of the kind chosen, among those
 * usable) and unbound by those who manage the project; `onChanged` reads the project again after each change.
 */
export function ProjectMachinesTab({
  projectId,
  machines,
  loading,
  canManage,
  onChanged,
}: {
  projectId: string;
  machines: ProjectMachine[];
  loading: boolean;
  canManage: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { run, busy } = useAction();
  const [kind, setKind] = useState<ProjectMachineKind>('dock');
  const [choices, setChoices] = useState<UseEquipment[]>([]);
  const [picked, setPicked] = useState<string[]>([]);

  // the machines usable of the kind chosen, again after each change (a machine just bound is marked so)
  useEffect(() => {
    setPicked([]);
    void usableEquipment(projectId, kind)
      .then(setChoices)
      .catch(() => setChoices([]));
  }, [projectId, kind, machines]);

  const columns = [
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
                    onDone: onChanged,
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
              void run(() => bindMachines(projectId, kind, picked), {
                success: t('project.bound'),
                onDone: onChanged,
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
        columns={columns}
        dataSource={machines}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('project.noMachines')} /> }}
      />
    </>
  );
}
