import { useQuery } from '@tanstack/react-query';
import { App, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/useAction';
import { grantRoles, loadGrant } from './api';
import { CheckTree } from './CheckTree';
import { checkedLeaves, scopeIds, scopeMenus, withAncestors } from './grant-keys';
import { GrantModal } from './GrantModal';

type Tab = 'menu' | 'dataScope' | 'apiScope';

/**
 * The role grant dialog (spec §6): menus and buttons, data scopes and API scopes of the chosen roles, each a
 * checkbox tree of what the signed-in user may grant. Saving replaces the roles' grants.
 */
export function GrantDialog({ roleIds, onClose }: { roleIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tab, setTab] = useState<Tab>('menu');
  const [checked, setChecked] = useState<Record<Tab, string[]>>({ menu: [], dataScope: [], apiScope: [] });
  const { busy: saving, run } = useAction({
    success: t('role.granted'),
    failure: t('common.saveFailed'),
    onDone: onClose,
  });
  const grant = useQuery({
    queryKey: ['role-grant', roleIds],
    queryFn: () => loadGrant(roleIds),
    gcTime: 0,
  });

  useEffect(() => {
    const data = grant.data;
    if (!data) return;
    setChecked({
      menu: checkedLeaves(data.menuTree, data.menuKeys),
      dataScope: checkedLeaves(data.dataScopeTree, data.dataScopeKeys),
      apiScope: checkedLeaves(data.apiScopeTree, data.apiScopeKeys),
    });
  }, [grant.data]);

  const save = async () => {
    const data = grant.data;
    if (!data) return;
    const menuIds = withAncestors(data.menuTree, checked.menu);
    const dataScopeIds = scopeIds(data.dataScopeTree, checked.dataScope);
    const apiScopeIds = scopeIds(data.apiScopeTree, checked.apiScope);
    const granted = new Set(menuIds);
    const orphan = [
      ...scopeMenus(data.dataScopeTree, dataScopeIds),
      ...scopeMenus(data.apiScopeTree, apiScopeIds),
    ].some((id) => !granted.has(id));
    if (orphan) {
      message.warning(t('role.scopeNeedsMenu'));
      setTab('menu');
      return;
    }
    await run(() => grantRoles({ roleIds, menuIds, dataScopeIds, apiScopeIds }));
  };

  const pane = (key: Tab, nodes: 'menuTree' | 'dataScopeTree' | 'apiScopeTree') => (
    <CheckTree
      nodes={grant.data?.[nodes] ?? []}
      checked={checked[key]}
      onChange={(keys) => setChecked((current) => ({ ...current, [key]: keys }))}
      testId={`grant-${key}-tree`}
      expandAll={key !== 'menu'}
    />
  );
  return (
    <GrantModal
      title={t('role.grantTitle')}
      width={640}
      loading={grant.isFetching}
      ready={Boolean(grant.data)}
      saving={saving}
      submitTestId="grant-submit"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'menu', label: t('role.menuGrant'), children: pane('menu', 'menuTree') },
          {
            key: 'dataScope',
            label: t('role.dataScopeGrant'),
            children: pane('dataScope', 'dataScopeTree'),
          },
          { key: 'apiScope', label: t('role.apiScopeGrant'), children: pane('apiScope', 'apiScopeTree') },
        ]}
      />
    </GrantModal>
  );
}
