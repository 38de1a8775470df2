import { DownloadOutlined, DownOutlined, KeyOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { DICT, OptionalEmail, OptionalPhone, STATUS_FROZEN, type User, UserUpdate } from '@aos/contract';
import { isStrongPassword } from '@aos/contract/rules';
import { App, Button, Dropdown, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import {
  deptOptions,
  download,
  hashPassword,
  postOptions,
  resetPasswords,
  roleOptions,
  setStatus,
  userCrud,
} from './api';
import { DeptTree } from './DeptTree';
import { ImportDialog, PlatformDialog, RolesDialog } from './UserDialogs';
import './locale';

type Open =
  | { kind: 'roles'; userIds: string[]; current: string[] }
  | { kind: 'platform'; userIds: string[] }
  | { kind: 'import' };

const list = (value: unknown) => (typeof value === 'string' && value ? value.split(',') : []);

function columns(t: (key: string) => string, deptId: string | undefined): CrudColumn<User>[] {
  const shape = UserUpdate.shape;
  return [
    {
      field: 'account',
      label: 'user.account',
      schema: shape.account,
      required: true,
      search: true,
      width: 130,
    },
    { field: 'name', label: 'user.name', schema: shape.name, required: true, table: false },
    { field: 'realName', label: 'user.realName', schema: shape.realName, search: true, width: 110 },
    {
      field: 'password',
      label: 'user.password',
      type: 'password',
      form: 'add',
      table: false,
      view: false,
      required: true,
      rules: [
        { required: true, message: t('user.passwordRequired') },
        {
          validator: async (_, value: string | undefined) => {
            if (value && !isStrongPassword(value)) throw new Error(t('validation.passwordRule'));
          },
        },
      ],
    },
    {
      field: 'password2',
      label: 'user.password2',
      type: 'password',
      form: 'add',
      table: false,
      view: false,
      required: true,
      rules: [
        { required: true, message: t('user.password2Required') },
        ({ getFieldValue }) => ({
          validator: async (_, value: string | undefined) => {
            if (value && value !== getFieldValue('password'))
              throw new Error(t('validation.passwordMismatch'));
          },
        }),
      ],
    },
    { field: 'phone', label: 'user.phone', schema: OptionalPhone, search: true, width: 130 },
    { field: 'email', label: 'user.email', schema: OptionalEmail, table: false },
    {
      field: 'sex',
      label: 'user.sex',
      type: 'select',
      dict: { code: DICT.sex },
      schema: shape.sex,
      table: false,
    },
    { field: 'birthday', label: 'user.birthday', type: 'date', schema: shape.birthday, table: false },
    {
      field: 'roleId',
      label: 'user.roleId',
      type: 'tree-select',
      multiple: true,
      treeData: roleOptions,
      schema: shape.roleId,
      required: true,
      width: 150,
      render: (_, record) => list(record.roleName).map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      field: 'deptId',
      label: 'user.deptId',
      type: 'tree-select',
      multiple: true,
      treeData: deptOptions,
      schema: shape.deptId,
      required: true,
      initialValue: deptId,
      width: 160,
      ellipsis: true,
      render: (_, record) => list(record.deptName).join('、'),
    },
    {
      field: 'postId',
      label: 'user.postId',
      type: 'tree-select',
      multiple: true,
      treeData: async () =>
        (await postOptions()).map((post) => ({ value: post.value, title: post.label, isLeaf: true })),
      schema: shape.postId,
      table: false,
    },
    {
      field: 'userType',
      label: 'user.userType',
      type: 'select',
      dict: { code: DICT.user_type },
      schema: shape.userType,
      initialValue: '1',
      required: true,
      table: false,
    },
    { field: 'code', label: 'user.code', schema: shape.code, table: false },
    { field: 'education', label: 'user.education', schema: shape.education, table: false },
    {
      field: 'status',
      label: 'user.status',
      type: 'select',
      dict: { code: DICT.account_status },
      form: false,
      search: true,
      width: 90,
      render: (value) =>
        value === STATUS_FROZEN ? (
          <Tag color="error" data-testid="user-status-frozen">
            {t('user.frozen')}
          </Tag>
        ) : (
          <Tag color="success">{t('user.enabled')}</Tag>
        ),
    },
    { field: 'lastLoginTime', label: 'user.lastLoginTime', form: false, width: 170 },
  ];
}

/**
 * User management (spec §3 User, §4, §7 /api/blade-user): the dept tree on the left lists the users of a
 * dept and the depts below it; add / edit / view / delete through CrudPage; per row reset password, roles,
 * platform and freeze; import and export in the toolbar. Each button shows only with its permission code.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [deptId, setDeptId] = useState<string>();
  const [open, setOpen] = useState<Open>();
  const refreshRef = useRef<() => void>(() => undefined);

  const api: CrudApi<User> = userCrud;
  const { run } = useAction({ onDone: () => refreshRef.current() });
  const confirm = (content: string, action: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content,
      okButtonProps: { 'data-testid': 'user-confirm' },
      onOk: () => run(action, { success: done }),
    });
  const reset = (ids: string[]) =>
    confirm(t('user.resetConfirm'), () => resetPasswords(ids), t('user.resetDone'));
  const freeze = (ids: string[], frozen: boolean) =>
    confirm(
      t(frozen ? 'user.unfreezeConfirm' : 'user.freezeConfirm'),
      () => setStatus(ids, frozen ? 1 : 2),
      t(frozen ? 'user.unfrozenDone' : 'user.frozenDone'),
    );

  const selection = (actions: CrudActions<User>, run: (rows: User[]) => void) => () => {
    if (actions.selected.length === 0) message.warning(t('user.selectFirst'));
    else run(actions.selected);
  };

  const toolbar = (actions: CrudActions<User>) => {
    refreshRef.current = actions.refresh;
    return (
      <>
        {actions.can('user_reset') && (
          <Button
            icon={<KeyOutlined />}
            data-testid="user-batch-reset"
            onClick={selection(actions, (rows) => reset(rows.map((row) => row.id)))}
          >
            {t('user.resetPassword')}
          </Button>
        )}
        {actions.can('user_role') && (
          <Button
            icon={<TeamOutlined />}
            data-testid="user-batch-roles"
            onClick={selection(actions, (rows) =>
              setOpen({ kind: 'roles', userIds: rows.map((row) => row.id), current: [] }),
            )}
          >
            {t('user.assignRoles')}
          </Button>
        )}
        {actions.can('user_import') && (
          <Button
            icon={<UploadOutlined />}
            data-testid="user-import-open"
            onClick={() => setOpen({ kind: 'import' })}
          >
            {t('user.import')}
          </Button>
        )}
        {actions.can('user_export') && (
          <Button
            icon={<DownloadOutlined />}
            data-testid="user-export"
            onClick={() =>
              download('/api/blade-user/export-user', actions.query, 'users.xlsx').catch(() => undefined)
            }
          >
            {t('user.export')}
          </Button>
        )}
      </>
    );
  };

  const rowActions = (record: User, actions: CrudActions<User>) => {
    refreshRef.current = actions.refresh;
    const frozen = record.status === STATUS_FROZEN;
    const item = (key: string, text: string, onClick: () => void, danger = false) => ({
      key,
      danger,
      onClick,
      label: <span data-testid={`user-action-${key}`}>{text}</span>,
    });
    const items: NonNullable<MenuProps['items']> = [
      ...(actions.can('user_reset')
        ? [item('reset', t('user.resetPassword'), () => reset([record.id]))]
        : []),
      ...(actions.can('user_role')
        ? [
            item('roles', t('user.assignRoles'), () =>
              setOpen({ kind: 'roles', userIds: [record.id], current: list(record.roleId) }),
            ),
          ]
        : []),
      ...(actions.can('user_platform')
        ? [item('platform', t('user.platform'), () => setOpen({ kind: 'platform', userIds: [record.id] }))]
        : []),
      ...(actions.can('user_freeze')
        ? [
            item(
              'freeze',
              t(frozen ? 'user.unfreeze' : 'user.freeze'),
              () => freeze([record.id], frozen),
              !frozen,
            ),
          ]
        : []),
    ];
    if (items.length === 0) return null;
    return (
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" data-testid="user-more">
          {t('user.more')} <DownOutlined />
        </Button>
      </Dropdown>
    );
  };

  const close = (changed: boolean) => {
    setOpen(undefined);
    if (changed) refreshRef.current();
  };

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }} data-testid="user-screen">
      <div style={{ width: 220, flex: 'none' }}>
        <DeptTree value={deptId} onChange={setDeptId} />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <CrudPage<User>
          code="user"
          title="user.title"
          columns={columns(t, deptId)}
          api={api}
          query={{ deptId }}
          actionWidth={230}
          beforeSubmit={(values, editing) => {
            if (editing) {
              const { password: _p, password2: _p2, ...rest } = values;
              return { ...rest, id: editing.id };
            }
            return {
              ...values,
              password: hashPassword(String(values.password)),
              password2: hashPassword(String(values.password2)),
            };
          }}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      </div>
      {open?.kind === 'roles' && (
        <RolesDialog userIds={open.userIds} current={open.current} onClose={close} />
      )}
      {open?.kind === 'platform' && <PlatformDialog userIds={open.userIds} onClose={close} />}
      {open?.kind === 'import' && <ImportDialog onClose={close} />}
    </div>
  );
}
