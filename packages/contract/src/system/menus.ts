/**
 * The seeded menu tree, following design/MENUS.md (side menu order, codes and paths).
 *
 * Menu codes are permission codes, so they must be unique across the whole tree. Where MENUS.md gives the
 * same special button to two screens, the first screen keeps the MENUS.md code and the second is renamed:
 * - remote_control: hangar_control → remote_hangar_control (hangar keeps hangar_control)
 * - mission_task: task_assign → mission_task_assign, task_close → mission_task_close (project_task keeps them)
 * - oil_inspection: inspection_report → oil_inspection_report (glade_inspection keeps it)
 * - ai_alarm: alarm_confirm|correct|ignore → ai_alarm_confirm|correct|ignore (alarm keeps them)
 * MENUS.md names the project home screen `project`; it is seeded as `project_home` so that the group can be
 * `project_manage` without the screen's buttons (`project_add`...) reading as group-level permissions.
 */

export type MenuCategory = 1 | 2; // 1 menu, 2 button

export interface MenuSeed {
  code: string;
  name: string;
  nameEn: string;
  path?: string;
  source?: string;
  category: MenuCategory;
  action?: 0 | 1 | 2 | 3;
  isOpen?: 1 | 2;
  sort: number;
  children?: MenuSeed[];
}

export interface TopMenuSeed {
  code: string;
  name: string;
  nameEn: string;
  path: string;
  source: string;
  sort: number;
  menuCodes: string[];
}

type ButtonAction = 1 | 2 | 3;
const TOOLBAR = 1;
const ROW = 2;
const BOTH = 3;

// Drafts carry no sort: it is the position within the parent, assigned once in withSort.
type Draft = Omit<MenuSeed, 'sort' | 'children'> & { children?: Draft[] };
type Special = [code: string, name: string, nameEn: string, action: ButtonAction];

function button([code, name, nameEn, action]: Special): Draft {
  return { code, name, nameEn, category: 2, action };
}

function crudButtons(code: string): Draft[] {
  return [
    button([`${code}_add`, '新增', 'Add', TOOLBAR]),
    button([`${code}_edit`, '修改', 'Edit', ROW]),
    button([`${code}_delete`, '删除', 'Delete', BOTH]),
    button([`${code}_view`, '查看', 'View', ROW]),
  ];
}

/** A CRUD table screen: the four standard buttons, then its special ones. */
function table(
  code: string,
  name: string,
  nameEn: string,
  path: string,
  source: string,
  specials: Special[] = [],
) {
  const children = [...crudButtons(code), ...specials.map(button)];
  return { code, name, nameEn, path, source, category: 1, children } satisfies Draft;
}

/** A screen that is not a CRUD table (map, dashboard, workflow inbox): only its special buttons. */
function page(
  code: string,
  name: string,
  nameEn: string,
  path: string,
  source: string,
  specials: Special[] = [],
) {
  const draft: Draft = { code, name, nameEn, path, source, category: 1 };
  if (specials.length > 0) draft.children = specials.map(button);
  return draft;
}

function group(code: string, name: string, nameEn: string, path: string, source: string, children: Draft[]) {
  return { code, name, nameEn, path, source, category: 1, children } satisfies Draft;
}

function withSort(drafts: Draft[]): MenuSeed[] {
  return drafts.map(({ children, ...rest }, index) => {
    const node: MenuSeed = { ...rest, sort: index + 1 };
    if (children) node.children = withSort(children);
    return node;
  });
}

const IMPORT = '导入';
const EXPORT = '导出';

export const MENU_TREE: MenuSeed[] = withSort([
  { ...page('home', '首页', 'Home', '/home', 'HomeOutlined'), isOpen: 2 },
  group('project_manage', '项目管理', 'Projects', '/project', 'ProjectOutlined', [
    table('project_home', '项目首页', 'Project home', '/project/home', 'FundOutlined', [
      ['project_members', '项目成员', 'Members', ROW],
      ['project_report_template', '报告模板', 'Report template', BOTH],
    ]),
    table('project_task', '项目任务', 'Project tasks', '/project/task', 'ScheduleOutlined', [
      ['task_assign', '分配', 'Assign', ROW],
      ['task_close', '结束', 'End', ROW],
      ['task_cancel_hangar', '取消机库任务', 'Cancel hangar task', ROW],
      ['task_execute_manual', '执行手动任务', 'Execute manual task', ROW],
      ['task_timeline', '时间轴', 'Timeline', ROW],
    ]),
    table('projectauth', '项目授权', 'Project authorisation', '/project/auth', 'SafetyCertificateOutlined'),
  ]),
  group('route_mission_manage', '航线任务', 'Routes & missions', '/route-mission', 'NodeIndexOutlined', [
    table('route', '航线管理', 'Route manager', '/route-mission/route', 'NodeIndexOutlined', [
      ['route_import', IMPORT, 'Import', TOOLBAR],
      ['route_export', EXPORT, 'Export', BOTH],
      ['route_public', '公开', 'Make public', ROW],
    ]),
    table('mission_task', '任务管理', 'Task manager', '/route-mission/task', 'CarryOutOutlined', [
      ['mission_task_assign', '分配', 'Assign', ROW],
      ['mission_task_close', '结束', 'End', ROW],
    ]),
    table('airport', '起降点', 'Takeoff/landing points', '/route-mission/airport', 'EnvironmentOutlined', [
      ['airport_bind_uav', '绑定无人机', 'Bind UAV', ROW],
    ]),
    table('mapping', '测绘任务', 'Mapping jobs', '/route-mission/mapping', 'BorderOuterOutlined', [
      ['mapping_start', '开始测绘', 'Start mapping', ROW],
      ['mapping_result', '测绘成果', 'Mapping results', ROW],
    ]),
  ]),
  group('device_manage', '设备管理', 'Devices', '/device-manager', 'ClusterOutlined', [
    table('device', '设备管理', 'Device management', '/device-manager/device', 'AppstoreOutlined', [
      ['device_control', '设备控制', 'Control', ROW],
    ]),
    table('manufacturer', '品牌管理', 'Brand management', '/device-manager/brand', 'TagsOutlined'),
    table('hangar', '机库管理', 'Hangar management', '/device-manager/hangar', 'HddOutlined', [
      ['hangar_control', '机库控制', 'Hangar control', ROW],
      ['hangar_visibility', '显示/隐藏', 'Show/hide', ROW],
      ['hangar_basic_set', '基础设置', 'Basic settings', ROW],
    ]),
    table('basestation', '基站管理', 'Base stations', '/device-manager/base-station', 'WifiOutlined'),
    table('fly_operator', '飞手管理', 'Fly operators', '/device-manager/fly-operator', 'IdcardOutlined', [
      ['fly_operator_on', '启用', 'Enable', BOTH],
      ['fly_operator_off', '停用', 'Disable', BOTH],
    ]),
    table('supplier', '供应商配置', 'Supplier configuration', '/device-manager/supplier', 'ShopOutlined'),
  ]),
  group('live_monitor', '实时监控', 'Live', '/live', 'VideoCameraOutlined', [
    page('realtime', '实时地图', 'Live map', '/realtime-monitoring', 'GlobalOutlined'),
    page('remote_control', '远程控制', 'Remote control', '/remote-control', 'ControlOutlined', [
      ['remote_hangar_control', '机库控制', 'Hangar control', BOTH],
      ['uav_control', '无人机控制', 'UAV control', BOTH],
      ['pod_control', '吊舱控制', 'Pod control', BOTH],
    ]),
    page('track', '轨迹回放', 'Track replay', '/realtime-monitoring/track', 'HistoryOutlined'),
  ]),
  group('airspace_manage', '空域管理', 'Airspace', '/airspace', 'CloudOutlined', [
    table('airspace', '空域申请', 'Airspace', '/airspace/airspace', 'CloudOutlined', [
      ['airspace_import', IMPORT, 'Import', TOOLBAR],
      ['airspace_approve', '审批', 'Approve', ROW],
    ]),
    table('noflyzone', '禁飞区', 'No-fly zones', '/airspace/no-fly-zone', 'StopOutlined', [
      ['noflyzone_import', IMPORT, 'Import', TOOLBAR],
    ]),
    table('flyzone', '适飞区', 'Fly zones', '/airspace/fly-zone', 'CheckCircleOutlined', [
      ['flyzone_import', IMPORT, 'Import', TOOLBAR],
    ]),
    table('fence', '电子围栏', 'Electronic fences', '/airspace/fence', 'GatewayOutlined', [
      ['fence_import', IMPORT, 'Import', TOOLBAR],
      ['fence_export', EXPORT, 'Export', BOTH],
    ]),
  ]),
  group('map_manage', '地图', 'Map', '/map', 'CompassOutlined', [
    table('mapdir', '目录与标注', 'Map directories and marks', '/map/directory', 'FolderOutlined', [
      ['mapdir_visibility', '显示/隐藏', 'Show/hide', ROW],
    ]),
    table('oil_layer', '油田图层', 'Oil-field layers', '/map/oil-layer', 'BlockOutlined', [
      ['oil_layer_advanced', '高级', 'Advanced', BOTH],
    ]),
    table('inspection_object', '巡检对象', 'Inspection objects', '/map/inspection-object', 'AimOutlined'),
  ]),
  group('inspection_manage', '巡检', 'Inspection', '/inspection', 'FileSearchOutlined', [
    table(
      'glade_inspection',
      '林草巡检项目',
      'Forest and grass projects',
      '/inspection/forest-grass',
      'FireOutlined',
      [['inspection_report', '巡检报告', 'Inspection report', ROW]],
    ),
    table(
      'oil_inspection',
      '油气巡检项目',
      'Oil and gas projects',
      '/inspection/oil-gas',
      'ThunderboltOutlined',
      [['oil_inspection_report', '巡检报告', 'Inspection report', ROW]],
    ),
    table(
      'oil_record',
      '油气巡检记录',
      'Oil inspection records',
      '/inspection/oil-record',
      'ProfileOutlined',
    ),
    page(
      'inspection_screen',
      '巡检大屏',
      'Inspection big screen',
      '/inspection/big-screen',
      'DesktopOutlined',
    ),
  ]),
  group('emergency_manage', '应急', 'Emergency', '/emergency', 'AlertOutlined', [
    table('emergency_task', '应急任务', 'Emergency tasks', '/emergency/task', 'RocketOutlined'),
    table('emergency_record', '应急记录', 'Emergency records', '/emergency/record', 'FileDoneOutlined'),
    table('emergency_rank', '应急等级', 'Emergency ranks', '/emergency/rank', 'FlagOutlined'),
  ]),
  group('alarm_manage', '告警', 'Alarms', '/alarm', 'BellOutlined', [
    table('alarm', '告警信息', 'Warnings', '/alarm/warning', 'WarningOutlined', [
      ['alarm_confirm', '确认', 'Confirm', ROW],
      ['alarm_correct', '纠正', 'Correct', ROW],
      ['alarm_ignore', '忽略', 'Ignore', ROW],
    ]),
    table('ai_alarm', 'AI识别告警', 'AI identification alarms', '/alarm/ai', 'RadarChartOutlined', [
      ['ai_alarm_confirm', '确认', 'Confirm', ROW],
      ['ai_alarm_correct', '纠正', 'Correct', ROW],
      ['ai_alarm_ignore', '忽略', 'Ignore', ROW],
    ]),
    table('report_template', '报告模板', 'Report templates', '/alarm/report-template', 'FileTextOutlined', [
      ['report_template_status', '修改状态', 'Change status', ROW],
    ]),
  ]),
  group('media_manage', '媒体', 'Media', '/media', 'PictureOutlined', [
    table('media', '媒体文件', 'Media files', '/media/files', 'FolderOpenOutlined', [
      ['media_upload', '上传', 'Upload', TOOLBAR],
      ['media_download', '下载', 'Download', BOTH],
      ['media_mkdir', '新建文件夹', 'New folder', TOOLBAR],
    ]),
  ]),
  page('screen', '智慧大屏', 'Intelligent screen', '/intelligent-screen', 'FundProjectionScreenOutlined', [
    ['screen_settings', '大屏设置', 'Screen settings', BOTH],
  ]),
  group('workflow', '工作流', 'Workflow', '/workflow', 'PartitionOutlined', [
    page('work_start', '发起事务', 'Start a process', '/work/start', 'SendOutlined'),
    page('work_todo', '待办事务', 'My to-do', '/work/todo', 'InboxOutlined', [
      ['work_claim', '签收', 'Claim', ROW],
      ['work_complete', '办理', 'Complete', ROW],
    ]),
    page('work_done', '已办事务', 'Done and sent', '/work/done', 'CheckSquareOutlined'),
    table('flow_model', '模型管理', 'Process models', '/flow/model', 'ApartmentOutlined', [
      ['flow_deploy', '部署', 'Deploy', ROW],
    ]),
    table('flow_manager', '流程管理', 'Process deployments', '/flow/manager', 'DeploymentUnitOutlined'),
    table('flow_follow', '流程跟踪', 'Process follow-up', '/flow/follow', 'FieldTimeOutlined'),
  ]),
  group('system', '系统管理', 'System', '/system', 'SettingOutlined', [
    table('user', '用户管理', 'Users', '/system/user', 'UserOutlined', [
      ['user_reset', '重置密码', 'Reset password', BOTH],
      ['user_role', '角色配置', 'Assign roles', BOTH],
      ['user_platform', '平台配置', 'Platform settings', BOTH],
      ['user_import', IMPORT, 'Import', TOOLBAR],
      ['user_export', EXPORT, 'Export', BOTH],
      ['user_freeze', '冻结', 'Freeze', BOTH],
    ]),
    table('dept', '部门团队', 'Departments / teams', '/system/dept', 'TeamOutlined'),
    table('post', '岗位管理', 'Posts', '/system/post', 'SolutionOutlined'),
    table('role', '角色管理', 'Roles', '/system/role', 'CrownOutlined', [
      ['role_grant', '授权', 'Grant', BOTH],
    ]),
    table('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined'),
    table('topmenu', '顶部菜单', 'Top menus', '/system/topmenu', 'LayoutOutlined', [
      ['topmenu_grant', '授权', 'Grant', BOTH],
    ]),
    table('dict', '系统字典', 'Dictionaries', '/system/dict', 'BookOutlined'),
    table('dict_biz', '业务字典', 'Business dictionaries', '/system/dict-biz', 'ReadOutlined'),
    table('param', '参数管理', 'Parameters', '/system/param', 'ToolOutlined'),
    table('tenant', '租户管理', 'Tenants', '/system/tenant', 'BankOutlined', [
      ['tenant_setting', '租户配置', 'Tenant settings', BOTH],
      ['tenant_datasource', '数据源配置', 'Datasource', BOTH],
    ]),
    table('client', '应用管理', 'OAuth clients', '/system/client', 'KeyOutlined'),
    table('region', '行政区划', 'Regions', '/system/region', 'EnvironmentOutlined'),
    table('data_scope', '数据权限', 'Data scopes', '/authority/data-scope', 'LockOutlined'),
    table('api_scope', '接口权限', 'API scopes', '/authority/api-scope', 'ApiOutlined'),
  ]),
  group('resource', '资源', 'Resources', '/resource', 'CloudServerOutlined', [
    table('oss', '对象存储', 'Object storage', '/resource/oss', 'CloudUploadOutlined', [
      ['oss_enable', '启用', 'Enable', ROW],
    ]),
    table('sms', '短信配置', 'SMS', '/resource/sms', 'MessageOutlined', [
      ['sms_enable', '启用', 'Enable', ROW],
    ]),
    table('attach', '附件管理', 'Attachments', '/resource/attach', 'PaperClipOutlined'),
  ]),
  group('log', '日志', 'Logs', '/monitor/log', 'ContainerOutlined', [
    table('log_usual', '通用日志', 'Usual logs', '/monitor/log/usual', 'FileTextOutlined'),
    table('log_api', '接口日志', 'API logs', '/monitor/log/api', 'ApiOutlined'),
    table('log_error', '错误日志', 'Error logs', '/monitor/log/error', 'BugOutlined'),
  ]),
  group('develop', '开发', 'Develop', '/tool', 'CodeOutlined', [
    table('code', '代码生成', 'Code generation', '/tool/code', 'CodeOutlined', [
      ['code_generate', '代码生成', 'Generate', BOTH],
    ]),
    table('datasource', '数据源管理', 'Datasources', '/tool/datasource', 'DatabaseOutlined'),
  ]),
  group('desk', '桌面', 'Desk', '/desk', 'DesktopOutlined', [
    table('notice', '通知公告', 'Notices', '/desk/notice', 'NotificationOutlined'),
  ]),
]);

export const TOP_MENUS: TopMenuSeed[] = [
  {
    code: 'route_mission',
    name: '航线任务',
    nameEn: 'Routes & missions',
    path: '/route-mission',
    source: 'NodeIndexOutlined',
    sort: 1,
    menuCodes: ['route_mission_manage'],
  },
  {
    code: 'device_manager',
    name: '设备管理',
    nameEn: 'Devices',
    path: '/device-manager',
    source: 'ClusterOutlined',
    sort: 2,
    menuCodes: ['device_manage'],
  },
  {
    code: 'realtime_monitoring',
    name: '实时监控',
    nameEn: 'Live monitoring',
    path: '/realtime-monitoring',
    source: 'VideoCameraOutlined',
    sort: 3,
    menuCodes: ['live_monitor'],
  },
  {
    code: 'intelligent_screen',
    name: '智慧大屏',
    nameEn: 'Intelligent screen',
    path: '/intelligent-screen',
    source: 'FundProjectionScreenOutlined',
    sort: 4,
    menuCodes: ['screen'],
  },
];

export function flattenMenus(tree: MenuSeed[] = MENU_TREE): Array<MenuSeed & { parentCode: string | null }> {
  const out: Array<MenuSeed & { parentCode: string | null }> = [];
  const visit = (nodes: MenuSeed[], parentCode: string | null): void => {
    for (const node of nodes) {
      out.push({ ...node, parentCode });
      if (node.children) visit(node.children, node.code);
    }
  };
  visit(tree, null);
  return out;
}

// Ordinary tenants must not see tenant administration, OAuth clients or code generation (which reach other
// tenants' data or the server itself); the buttons go with their screen so no tenant role can be granted them.
const PLATFORM_ONLY_SCREENS = ['tenant', 'client', 'datasource', 'code'];

export const PLATFORM_ONLY_MENU_CODES: string[] = flattenMenus().flatMap((node) =>
  PLATFORM_ONLY_SCREENS.includes(node.code)
    ? [node.code, ...flattenMenus(node.children ?? []).map((child) => child.code)]
    : [],
);
