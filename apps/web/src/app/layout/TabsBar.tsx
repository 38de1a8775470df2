import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../store/session';
import { useTitleOf } from '../../navigation/route-titles';
import { runtimeConfig } from '../../store/runtime-config';
import { canClose, HOME_LABEL, HOME_PATH } from '../../store/tabs';

/** The tabs bar (spec §4 Tabs): the home tab (首页 / Home) first, close rules, close others / all. */
export function TabsBar({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useSession((state) => state.tabs);
  const titleOf = useTitleOf();
  const session = useSession.getState;

  const go = (value: string) => navigate(value);
  const close = (value: string) => {
    session().closeTab(value);
    const { current } = session().tabs;
    if (current !== tabs.current || value === tabs.current) go(current);
  };

  return (
    <div className="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.current}
        onChange={go}
        onEdit={(key, action) => action === 'remove' && close(String(key))}
        items={tabs.list.map((tab) => ({
          key: tab.value,
          label: tab.value === HOME_PATH ? t(HOME_LABEL) : (titleOf(tab.value) ?? tab.label),
          closable: canClose(tabs, tab.value, runtimeConfig.firstPageMode),
        }))}
      />
      <Dropdown
        menu={{
          items: [
            { key: 'refresh', icon: <ReloadOutlined />, label: t('layout.refresh') },
            { key: 'others', icon: <CloseOutlined />, label: t('layout.closeOthers') },
            { key: 'all', icon: <CloseCircleOutlined />, label: t('layout.closeAll') },
          ],
          onClick: ({ key }) => {
            if (key === 'refresh') onRefresh();
            if (key === 'others') session().closeOtherTabs();
            if (key === 'all') {
              session().closeAllTabs();
              go(HOME_PATH);
            }
          },
        }}
      >
        <Button size="small" type="text" className="tabs-bar__more" data-testid="tabs-more">
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
