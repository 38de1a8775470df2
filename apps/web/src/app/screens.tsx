import type { ReactNode } from 'react';
import { lazyScreen } from './lazy';
import type { MenuRoute } from './menu-routes';

const NotAvailable = lazyScreen(() => import('../pages/unavailable/NotAvailable'));
const PostPage = lazyScreen(() => import('../pages/system/post/PostPage'));
const UserPage = lazyScreen(() => import('../pages/system/user/UserPage'));
const DeptPage = lazyScreen(() => import('../pages/system/dept/DeptPage'));
const RegionPage = lazyScreen(() => import('../pages/system/region/RegionPage'));
const TenantPage = lazyScreen(() => import('../pages/system/tenant/TenantPage'));
const ClientPage = lazyScreen(() => import('../pages/system/client/ClientPage'));
const DictPage = lazyScreen(() => import('../pages/system/dict/DictPage'));
const DictBizPage = lazyScreen(() => import('../pages/system/dict-biz/DictBizPage'));
const ParamPage = lazyScreen(() => import('../pages/system/param/ParamPage'));
const RolePage = lazyScreen(() => import('../pages/system/role/RolePage'));
const MenuPage = lazyScreen(() => import('../pages/system/menu/MenuPage'));
const TopMenuPage = lazyScreen(() => import('../pages/system/topmenu/TopMenuPage'));
const DataScopePage = lazyScreen(() => import('../pages/authority/data-scope/DataScopePage'));
const ApiScopePage = lazyScreen(() => import('../pages/authority/api-scope/ApiScopePage'));
const UsualLogPage = lazyScreen(() => import('../pages/monitor/log/UsualLogPage'));
const ApiLogPage = lazyScreen(() => import('../pages/monitor/log/ApiLogPage'));
const ErrorLogPage = lazyScreen(() => import('../pages/monitor/log/ErrorLogPage'));
const OssPage = lazyScreen(() => import('../pages/resource/oss/OssPage'));
const SmsPage = lazyScreen(() => import('../pages/resource/sms/SmsPage'));
const AttachPage = lazyScreen(() => import('../pages/resource/attach/AttachPage'));
const NoticePage = lazyScreen(() => import('../pages/desk/notice/NoticePage'));
const FlyOperatorPage = lazyScreen(() => import('../pages/fleet/fly-operator/FlyOperatorPage'));
const BaseStationPage = lazyScreen(() => import('../pages/gis/base-station/BaseStationPage'));
const BrandPage = lazyScreen(() => import('../pages/fleet/brand/BrandPage'));
const SupplierPage = lazyScreen(() => import('../pages/fleet/supplier/SupplierPage'));
const DevicePage = lazyScreen(() => import('../pages/fleet/device/DevicePage'));
const DockPage = lazyScreen(() => import('../pages/fleet/dock/DockPage'));
const LiveMonitorPage = lazyScreen(() => import('../pages/live/monitor/LiveMonitorPage'));
const TrackReplayPage = lazyScreen(() => import('../pages/live/track/TrackReplayPage'));

/**
 * The screen of each menu code. Areas register their screen here as they are built (lazily loaded);
 * a menu whose screen does not exist yet shows the "not available yet" page instead of a blank.
 */
const screens: Record<string, () => ReactNode> = {
  post: () => <PostPage />,
  user: () => <UserPage />,
  dept: () => <DeptPage />,
  region: () => <RegionPage />,
  tenant: () => <TenantPage />,
  client: () => <ClientPage />,
  dict: () => <DictPage />,
  dict_biz: () => <DictBizPage />,
  param: () => <ParamPage />,
  role: () => <RolePage />,
  menu: () => <MenuPage />,
  topmenu: () => <TopMenuPage />,
  data_scope: () => <DataScopePage />,
  api_scope: () => <ApiScopePage />,
  log_usual: () => <UsualLogPage />,
  log_api: () => <ApiLogPage />,
  log_error: () => <ErrorLogPage />,
  oss: () => <OssPage />,
  sms: () => <SmsPage />,
  attach: () => <AttachPage />,
  notice: () => <NoticePage />,
  fly_operator: () => <FlyOperatorPage />,
  basestation: () => <BaseStationPage />,
  manufacturer: () => <BrandPage />,
  supplier: () => <SupplierPage />,
  device: () => <DevicePage />,
  hangar: () => <DockPage />,
  realtime: () => <LiveMonitorPage />,
  track: () => <TrackReplayPage />,
};

export function screenFor(route: MenuRoute): ReactNode {
  const screen = screens[route.code];
  return screen ? screen() : <NotAvailable name={route.name} />;
}
