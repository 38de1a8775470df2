import { PROJECT_ROLE_KEYS, type ProjectMember } from '@aos/contract';
import { App, Button, Empty, Flex, Select, Table, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { modifyMember, unbindMember, userOptions } from './api';

/**
 * A project's members with their roles: added, their role changed and removed by those who manage the
 * project (`canManage`); `onChanged` reads the project again after each change.
 */
export function ProjectMembersTab({
  projectId,
  members,
  loading,
  canManage,
  onChanged,
}: {
  projectId: string;
  members: ProjectMember[];
  loading: boolean;
  canManage: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { run, busy } = useAction();
  const [users, setUsers] = useState<TreeOption[]>([]);
  const [newUser, setNewUser] = useState<string>();
  const [newRole, setNewRole] = useState<number>(3);
  const roleOptions = PROJECT_ROLE_KEYS.map((key) => ({ value: key, label: t(`project.roles.${key}`) }));

  useEffect(() => {
    void userOptions()
      .then(setUsers)
      .catch(() => undefined);
  }, [projectId]);

  const columns = [
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
                onDone: onChanged,
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
              void run(() => modifyMember(projectId, newUser, newRole), {
                success: t('project.saved'),
                onDone: async () => {
                  setNewUser(undefined);
                  await onChanged();
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
        columns={columns}
        dataSource={members}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('project.noMembers')} /> }}
      />
    </>
  );
}
