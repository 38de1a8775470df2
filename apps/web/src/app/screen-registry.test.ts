import { flattenMenus } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { collectScreens, screens } from './screen-registry';

// The screens built so far: menu code → the folder whose screen.ts serves it, and its component.
const BUILT: Record<string, string> = {
  post: 'system/post/PostPage',
  user: 'system/user/UserPage',
  dept: 'system/dept/DeptPage',
  region: 'system/region/RegionPage',
  tenant: 'system/tenant/TenantPage',
  client: 'system/client/ClientPage',
  dict: 'system/dict/DictPage',
  dict_biz: 'system/dict-biz/DictBizPage',
  param: 'system/param/ParamPage',
  role: 'system/role/RolePage',
  menu: 'system/menu/MenuPage',
  topmenu: 'system/topmenu/TopMenuPage',
  data_scope: 'authority/data-scope/DataScopePage',
  api_scope: 'authority/api-scope/ApiScopePage',
  log_usual: 'monitor/log/UsualLogPage',
  log_api: 'monitor/log/ApiLogPage',
  log_error: 'monitor/log/ErrorLogPage',
  oss: 'resource/oss/OssPage',
  sms: 'resource/sms/SmsPage',
  attach: 'resource/attach/AttachPage',
  notice: 'desk/notice/NoticePage',
  fly_operator: 'fleet/fly-operator/FlyOperatorPage',
  manufacturer: 'fleet/brand/BrandPage',
  supplier: 'fleet/supplier/SupplierPage',
  device: 'fleet/device/DevicePage',
  hangar: 'fleet/dock/DockPage',
  basestation: 'gis/base-station/BaseStationPage',
  airport: 'gis/airport/AirportPage',
  realtime: 'live/monitor/LiveMonitorPage',
  track: 'live/track/TrackReplayPage',
  noflyzone: 'airspace/zones/NoFlyZonePage',
  flyzone: 'airspace/zones/FlyZonePage',
  fence: 'airspace/zones/FencePage',
  mapdir: 'gis/map-directory/MapDirectoryPage',
  oil_layer: 'gis/oil-layer/OilLayerPage',
  inspection_object: 'gis/inspection-object/InspectionObjectPage',
  airspace: 'airspace/airspace/AirspacePage',
  route: 'route/route/RoutePage',
  project_home: 'project/home/ProjectPage',
  projectauth: 'project/auth/ProjectAuthPage',
  project_task: 'task/ProjectTaskPage',
  mission_task: 'task/MissionTaskPage',
};

// Screens the shell routes itself (app/Shell.tsx), and parts of screens that are not menu screens.
const NOT_MENU_SCREENS = [
  'live/remote/RemoteControlPage',
  'authority/data-scope/ScopeMenusPage',
  // the page the three zone screens share
  'airspace/zones/ZonePage',
];

const seededScreens = flattenMenus().filter((menu) => menu.category === 1 && menu.path);
const pageFiles = Object.keys(import.meta.glob('../pages/**/*Page.tsx')).map((file) =>
  file.replace('../pages/', '').replace(/\.tsx$/, ''),
);
const loaderSource = (code: string) => String(screens.get(code)?.load);

describe('screen registry', () => {
  it('maps every seeded menu code that has a built screen to that screen, and claims no other code', () => {
    for (const [code, page] of Object.entries(BUILT)) {
      const screen = screens.get(code);
      expect(screen, code).toBeDefined();
      expect(screen!.file, code).toBe(`../pages/${page.replace(/\/[^/]+$/, '')}/screen.ts`);
      expect(loaderSource(code), code).toContain(page.replace(/.*\//, ''));
    }
    expect([...screens.keys()].sort()).toEqual(Object.keys(BUILT).sort());
  });

  it('claims only menu codes of the seeded menu tree that are screens (a path, not a group)', () => {
    const codes = new Set(seededScreens.map((menu) => menu.code));
    expect([...screens.keys()].filter((code) => !codes.has(code))).toEqual([]);
  });

  it('has a screen.ts for every screen component of pages/', () => {
    const registered = Object.values(BUILT);
    const shell = [
      'login/LoginPage',
      'home/HomePage',
      'lock/LockPage',
      'error/ErrorPage',
      'personal-center/ChangePasswordPage',
    ];
    const unclaimed = pageFiles.filter(
      (page) => !registered.includes(page) && !shell.includes(page) && !NOT_MENU_SCREENS.includes(page),
    );
    expect(unclaimed).toEqual([]);
  });

  it('refuses two screens claiming one code', () => {
    const load = () => Promise.resolve({ default: () => null });
    expect(() =>
      collectScreens({ '../pages/a/screen.ts': { post: load }, '../pages/b/screen.ts': { post: load } }),
    ).toThrow('menu code "post" is claimed by ../pages/a/screen.ts and ../pages/b/screen.ts');
    expect(collectScreens({ '../pages/a/screen.ts': { post: load, user: load } }).size).toBe(2);
  });
});
