import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MenuAdminNode } from '@aos/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { MenuIcon } from '../../../navigation/icons';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { lazyMenus } from '../../system/menu/api';
import { menuName, ScopeDrawer, type ScopeKind } from './ScopeDrawer';
import './locale';

const api: CrudApi<MenuAdminNode> = { lazy: (parentId, query) => lazyMenus(parentId, query, true) };

/**
 * The /authority/data-scope and /authority/api-scope screens (BladeX): the menu tree, and on each menu the
 * drawer with its data scopes or API scopes.
 */
export function ScopeMenusPage({ kind }: { kind: ScopeKind }) {
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState<MenuAdminNode>();
  const code = kind === 'data' ? 'data_scope' : 'api_scope';
  const columns = useMemo<CrudColumn<MenuAdminNode>[]>(
    () => [
      {
        field: 'name',
        label: 'scope.menuName',
        search: true,
        width: 260,
        render: (_, record) => menuName(record, i18n.language),
      },
      { field: 'code', label: 'scope.menuCode', search: true },
      { field: 'path', label: 'scope.path' },
      {
        field: 'source',
        label: 'scope.icon',
        width: 80,
        render: (value) => <MenuIcon name={value as string} />,
      },
    ],
    [i18n.language],
  );
  return (
    <>
      <CrudPage<MenuAdminNode>
        code={code}
        testId={`${kind}-scope-menus`}
        tree
        dateRange={false}
        permissions={{ add: false, edit: false, delete: false, view: false }}
        columns={columns}
        api={api}
        actionWidth={140}
        rowActions={(record) => (
          <Button
            type="link"
            size="small"
            icon={<SafetyCertificateOutlined />}
            data-testid="row-scopes"
            onClick={() => setMenu(record)}
          >
            {t('scope.configure')}
          </Button>
        )}
      />
      {menu && <ScopeDrawer kind={kind} menu={menu} onClose={() => setMenu(undefined)} />}
    </>
  );
}
