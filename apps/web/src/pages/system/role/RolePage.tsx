import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { type Role, RoleSubmit } from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { parentRoleOptions, roleCrud, roleList } from './api';
import { GrantDialog } from './GrantDialog';
import './locale';

/**
 * Roles of the tenant (spec §3, §5, §6): a tree table by parent role with "add child", the grant dialog
 * (menus, data scopes, API scopes; button role_grant) on each row and for the selection, and no delete for
 * the system-preset roles.
 */
export default function RolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [granting, setGranting] = useState<string[]>();

  const api = useMemo<CrudApi<Role>>(() => {
    // the parent picker must show a role added or renamed a moment ago
    const fresh = async <R,>(work: Promise<R>) => {
      const result = await work;
      await queryClient.invalidateQueries({ queryKey: ['crud-tree'] });
      return result;
    };
    return {
      ...roleCrud,
      page: undefined,
      list: roleList as CrudApi<Role>['list'],
      submit: (values) => fresh(roleCrud.submit(values)),
      remove: (ids) => fresh(roleCrud.remove(ids)),
    };
  }, [queryClient]);

  const columns = useMemo<CrudColumn<Role>[]>(
    () => [
      {
        field: 'roleName',
        label: 'role.roleName',
        schema: RoleSubmit.shape.roleName,
        required: true,
        search: true,
        width: 240,
      },
      {
        field: 'roleAlias',
        label: 'role.roleAlias',
        schema: RoleSubmit.shape.roleAlias,
        required: true,
        search: true,
        tooltip: 'role.aliasHint',
      },
      {
        field: 'parentId',
        label: 'role.parent',
        type: 'tree-select',
        treeData: () => parentRoleOptions(t('role.topLevel')),
        schema: RoleSubmit.shape.parentId,
        initialValue: '0',
        table: false,
      },
      { field: 'parentName', label: 'role.parent', form: false, table: false },
      {
        field: 'sort',
        label: 'role.sort',
        type: 'number',
        schema: RoleSubmit.shape.sort,
        required: true,
        initialValue: 1,
        width: 90,
      },
      {
        field: 'isPreset',
        label: 'role.isPreset',
        form: false,
        width: 110,
        render: (value) =>
          value === 1 ? <Tag color="blue">{t('role.preset')}</Tag> : <Tag>{t('role.custom')}</Tag>,
      },
      { field: 'createTime', label: 'crud.createTime', form: false, width: 180 },
    ],
    [t],
  );

  return (
    <>
      <CrudPage<Role>
        code="role"
        title="role.title"
        tree
        dateRange={false}
        columns={columns}
        api={api}
        actionWidth={320}
        rowDeletable={(record) => record.isPreset !== 1}
        toolbar={(actions) =>
          actions.can('role_grant') ? (
            <Button
              icon={<SafetyOutlined />}
              data-testid="role-grant-selected"
              onClick={() => {
                if (actions.selected.length === 0) message.warning(t('crud.selectOne'));
                else setGranting(actions.selected.map((row) => row.id));
              }}
            >
              {t('role.grant')}
            </Button>
          ) : null
        }
        rowActions={(record, actions) => (
          <>
            {actions.can('role_add') && (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                data-testid="row-add-child"
                onClick={() => actions.openAdd({ parentId: record.id })}
              >
                {t('crud.addChild')}
              </Button>
            )}
            {actions.can('role_grant') && (
              <Button
                type="link"
                size="small"
                icon={<SafetyOutlined />}
                data-testid="row-grant"
                onClick={() => setGranting([record.id])}
              >
                {t('role.grant')}
              </Button>
            )}
          </>
        )}
      />
      {granting && <GrantDialog roleIds={granting} onClose={() => setGranting(undefined)} />}
    </>
  );
}
