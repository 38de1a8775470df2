import { Layout as AntLayout } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../store/session';
import { KeepAliveOutlet } from '../KeepAlive';
import { ScreenBoundary } from '../lazy';
import { findRoute } from '../../navigation/menu-routes';
import { useMenuRoutes, useTitleOf } from '../../navigation/route-titles';
import { HOME_PATH, normalizePath } from '../../store/tabs';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';
import { TopBar } from './TopBar';

/** The frame every screen lives in: top bar, side menu, tabs bar and the (kept-alive) screen. */
export default function Layout() {
  const { pathname } = useLocation();
  const routes = useMenuRoutes();
  const titleOf = useTitleOf();
  const [collapsed, setCollapsed] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const hideHeader = pathname === '/remote-control';

  useEffect(() => {
    const value = normalizePath(pathname);
    const route = findRoute(routes, value);
    // A menu's own path only redirects to the screen's ('/index'): the tab is for that one, or a typed
    // address would open the same screen twice.
    if (route && route.path !== value) return;
    useSession.getState().openTab({
      value,
      label: titleOf(value) ?? value,
      keepAlive: value === HOME_PATH || route?.keepAlive === true,
    });
  }, [pathname, routes, titleOf]);

  const keepAlive = (path: string) => path === HOME_PATH || findRoute(routes, path)?.keepAlive === true;

  return (
    <AntLayout className="console-layout">
      {!hideHeader && (
        <AntLayout.Header className="console-header">
          <TopBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        </AntLayout.Header>
      )}
      <AntLayout>
        {!hideHeader && (
          <AntLayout.Sider width={220} collapsedWidth={64} collapsed={collapsed} className="console-sider">
            <SideMenu collapsed={collapsed} />
          </AntLayout.Sider>
        )}
        <AntLayout className="console-main">
          {!hideHeader && <TabsBar onRefresh={() => setRefreshKey((value) => value + 1)} />}
          <AntLayout.Content className="console-content" key={refreshKey}>
            <ScreenBoundary resetKey={pathname}>
              <KeepAliveOutlet keepAlive={keepAlive} />
            </ScreenBoundary>
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
    </AntLayout>
  );
}
