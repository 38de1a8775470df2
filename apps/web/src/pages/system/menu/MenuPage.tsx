import { ApiOutlined, DownOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT, type MenuAdminNode, MenuSubmit, PLATFORM_TENANT_ID } from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { MenuIcon } from '../../../navigation/icons';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { menuName, ScopeDrawer, type ScopeKind } from '../../authority/data-scope/ScopeDrawer';
import { useSession } from '../../../store/session';
import { lazyMenus, menuCrud, parentMenuOptions } from './api';
import './locale';

const ACTION_KEYS: Record<number, string> = { 1: 'menu.toolbar', 2: 'menu.row', 3: 'menu.both' };

/** Whether the user holds any button of a screen (the console's permission set holds button codes). */
const holdsScreen = (can: (code: string) => boolean, code: string) =>
  ['add', 'edit', 'delete', 'view'].some((action) => can(`${code}_${action}`));

const YES_NO = [
  { value: 1, label: 'crud.no' },
  { value: 2, label: 'crud.yes' },
];

/**
 * Menus and buttons (MENUS.md) as a lazily loaded tree table: category, button action, icon, path, sort,
 * keep-alive; "add child" on each menu; the menu's data scopes and API scopes in a drawer. Menus are shared
 * by every tenant: only the platform tenant edits them.
 */
export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const platform = useSession((state) => state.tenantId) === PLATFORM_TENANT_ID;
  const [scopes, setScopes] = useState<{ kind: ScopeKind; menu: MenuAdminNode }>();

  const api = useMemo<CrudApi<MenuAdminNode>>(() => {
    const fresh = async <R,>(work: Promise<R>) => {
      const result = await work;
      await queryClient.invalidateQueries({ queryKey: ['crud-tree'] });
      return result;
    };
    return {
      ...menuCrud,
      page: undefined,
      lazy: (parentId, query) => lazyMenus(parentId, query),
      submit: (values) => fresh(menuCrud.submit(values)),
      remove: (ids) => fresh(menuCrud.remove(ids)),
    };
  }, [queryClient]);

  const columns = useMemo<CrudColumn<MenuAdminNode>[]>(
    () => [
      {
        field: 'name',
        label: 'menu.name',
        schema: MenuSubmit.shape.name,
        required: true,
        search: true,
        width: 200,
        render: (_, record) => menuName(record, i18n.language),
      },
      { field: 'nameEn', label: 'menu.nameEn', schema: MenuSubmit.shape.nameEn, table: false },
      {
        field: 'code',
        label: 'menu.code',
        schema: MenuSubmit.shape.code,
        required: true,
        search: true,
        width: 150,
      },
      { field: 'alias', label: 'menu.alias', schema: MenuSubmit.shape.alias, search: true, table: false },
      {
        field: 'parentId',
        label: 'menu.parent',
        type: 'tree-select',
        treeData: () => parentMenuOptions(t('menu.topLevel')),
        schema: MenuSubmit.shape.parentId,
        initialValue: '0',
        table: false,
      },
      { field: 'parentName', label: 'menu.parent', form: false, table: false },
      {
        field: 'category',
        label: 'menu.category',
        type: 'radio',
        dict: { code: DICT.menu_category },
        schema: MenuSubmit.shape.category,
        required: true,
        initialValue: 1,
        width: 90,
        render: (value) =>
          Number(value) === 2 ? (
            <Tag color="orange">{t('menu.button')}</Tag>
          ) : (
            <Tag color="blue">{t('menu.menu')}</Tag>
          ),
      },
      {
        field: 'action',
        label: 'menu.action',
        type: 'select',
        dict: { code: DICT.button_func },
        schema: MenuSubmit.shape.action,
        tooltip: 'menu.actionHint',
        width: 110,
        render: (value, record) =>
          record.category === 2 ? (ACTION_KEYS[Number(value)] ? t(ACTION_KEYS[Number(value)]!) : '') : '',
      },
      {
        field: 'source',
        label: 'menu.source',
        schema: MenuSubmit.shape.source,
        tooltip: 'menu.sourceHint',
        width: 70,
        render: (value, record) => (record.category === 1 ? <MenuIcon name={value as string} /> : null),
      },
      {
        field: 'path',
        label: 'menu.path',
        schema: MenuSubmit.shape.path,
        tooltip: 'menu.pathHint',
        width: 190,
        ellipsis: true,
      },
      {
        field: 'sort',
        label: 'menu.sort',
        type: 'number',
        schema: MenuSubmit.shape.sort,
        required: true,
        initialValue: 1,
        width: 70,
      },
      {
        field: 'isOpen',
        label: 'menu.isOpen',
        type: 'radio',
        options: YES_NO,
        schema: MenuSubmit.shape.isOpen,
        initialValue: 1,
        width: 90,
      },
      { field: 'component', label: 'menu.component', schema: MenuSubmit.shape.component, table: false },
      {
        field: 'platformOnly',
        label: 'menu.platformOnly',
        type: 'switch',
        schema: MenuSubmit.shape.platformOnly,
        tooltip: 'menu.platformOnlyHint',
        initialValue: 0,
        table: false,
      },
      {
        field: 'remark',
        label: 'menu.remark',
        type: 'textarea',
        schema: MenuSubmit.shape.remark,
        table: false,
      },
    ],
    [t, i18n.language],
  );

  const scopeItems = (can: (code: string) => boolean) => [
    ...(holdsScreen(can, 'data_scope')
      ? [{ key: 'data', icon: <LockOutlined />, label: t('menu.dataScope'), 'data-testid': 'row-data-scope' }]
      : []),
    ...(holdsScreen(can, 'api_scope')
      ? [{ key: 'api', icon: <ApiOutlined />, label: t('menu.apiScope'), 'data-testid': 'row-api-scope' }]
      : []),
  ];

  const editable = platform ? {} : { add: false as const, edit: false as const, delete: false as const };
  return (
    <>
      <CrudPage<MenuAdminNode>
        code="menu"
        title="menu.title"
        tree
        dateRange={false}
        columns={columns}
        api={api}
        permissions={editable}
        actionWidth={330}
        rowActions={(record, actions) =>
          record.category === 1 ? (
            <>
              {platform && actions.can('menu_add') && (
                <Button
                  type="link"
                  size="small"
                  icon={<PlusOutlined />}
                  data-testid="row-add-child"
                  onClick={() =>
                    actions.openAdd({ parentId: record.id, category: 1 } as Partial<MenuAdminNode>)
                  }
                >
                  {t('crud.addChild')}
                </Button>
              )}
              {scopeItems(actions.can).length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: scopeItems(actions.can),
                    onClick: ({ key }) => setScopes({ kind: key as ScopeKind, menu: record }),
                  }}
                >
                  <Button type="link" size="small" data-testid="row-scopes">
                    {t('menu.scopes')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </>
          ) : null
        }
      />
      {scopes && <ScopeDrawer kind={scopes.kind} menu={scopes.menu} onClose={() => setScopes(undefined)} />}
    </>
  );
}
