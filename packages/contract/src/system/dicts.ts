/**
 * Seeded dictionaries. SYSTEM_DICTS go to blade-system/dict (one copy for the platform); BIZ_DICTS go to
 * blade-system/dict-biz and are copied into every tenant, which may then edit its own values.
 * Device-state codes follow the DJI Cloud API values (design/PROTOCOLS.md §2) so telemetry needs no mapping.
 */

export interface DictItemSeed {
  key: string;
  value: string;
  valueEn: string;
  children?: DictItemSeed[];
}

export interface DictSeed {
  code: string;
  name: string;
  nameEn: string;
  items: DictItemSeed[];
}

export const DICT = {
  sex: 'sex',
  yes_no: 'yes_no',
  menu_category: 'menu_category',
  button_func: 'button_func',
  data_scope_type: 'data_scope_type',
  api_scope_type: 'api_scope_type',
  post_category: 'post_category',
  notice: 'notice',
  org_category: 'org_category',
  user_type: 'user_type',
  account_status: 'account_status',
  device_type: 'device_type',
  hangar_type: 'hangar_type',
  task_type: 'task_type',
  task_status: 'task_status',
  alarm_level: 'alarm_level',
  alarm_status: 'alarm_status',
  route_type: 'route_type',
  project_status: 'project_status',
  splicingType: 'splicingType',
  rainfall: 'rainfall',
  hangar_mode: 'hangar_mode',
  cover_state: 'cover_state',
  putter_state: 'putter_state',
  flood_state: 'flood_state',
  drone_charge_state: 'drone_charge_state',
  online_status: 'online_status',
  drone_mode: 'drone_mode',
  media_type: 'media_type',
  oss_category: 'oss_category',
  sms_category: 'sms_category',
  out_of_control_action: 'out_of_control_action',
  task_nature: 'task_nature',
  industry_type: 'industry_type',
  project_type: 'project_type',
  inspection_object_type: 'inspection_object_type',
  alarm_type: 'alarm_type',
  correction_type: 'correction_type',
  emergency_rank: 'emergency_rank',
  no_fly_type: 'no_fly_type',
  team_type: 'team_type',
  base_station_type: 'base_station_type',
  nofly_zone_type: 'nofly_zone_type',
  manufacturer_type: 'manufacturer_type',
  device_status: 'device_status',
  hangar_visible: 'hangar_visible',
  uav_airport_type: 'uav_airport_type',
  airspace_status: 'airspace_status',
} as const;

export type DictCode = (typeof DICT)[keyof typeof DICT];

type Item = [key: string, value: string, valueEn: string];

function dict(code: DictCode, name: string, nameEn: string, items: Item[]): DictSeed {
  return { code, name, nameEn, items: items.map(([key, value, valueEn]) => ({ key, value, valueEn })) };
}

// The dock's hatch and its putters (wings) report the same four states.
const OPEN_CLOSE_STATES: Item[] = [
  ['0', '关闭', 'Closed'],
  ['1', '打开', 'Open'],
  ['2', '半开', 'Half open'],
  ['3', '状态异常', 'Abnormal'],
];

export const SYSTEM_DICTS: DictSeed[] = [
  dict(DICT.sex, '性别', 'Sex', [
    ['1', '男', 'Male'],
    ['2', '女', 'Female'],
    ['3', '未知', 'Unknown'],
  ]),
  dict(DICT.yes_no, '是否', 'Yes or no', [
    ['0', '否', 'No'],
    ['1', '是', 'Yes'],
  ]),
  dict(DICT.menu_category, '菜单类型', 'Menu category', [
    ['1', '菜单', 'Menu'],
    ['2', '按钮', 'Button'],
  ]),
  dict(DICT.button_func, '按钮功能', 'Button function', [
    ['1', '工具栏', 'Toolbar'],
    ['2', '操作栏', 'Row'],
    ['3', '工具操作栏', 'Toolbar and row'],
  ]),
  dict(DICT.data_scope_type, '数据权限类型', 'Data scope type', [
    ['1', '全部可见', 'All'],
    ['2', '本人可见', 'Own'],
    ['3', '所在机构可见', 'Own department'],
    ['4', '所在机构及子级可见', 'Own department and below'],
    ['5', '自定义', 'Custom'],
  ]),
  dict(DICT.api_scope_type, '接口权限类型', 'API scope type', [
    ['1', '全部接口', 'All'],
    ['2', '自定义接口', 'Custom path'],
  ]),
  dict(DICT.post_category, '岗位类型', 'Post category', [
    ['1', '高层', 'Senior management'],
    ['2', '中层', 'Middle management'],
    ['3', '基层', 'Basic staff'],
    ['4', '其他', 'Other'],
  ]),
  dict(DICT.notice, '通知类型', 'Notice category', [
    ['1', '发布通知', 'Release notice'],
    ['2', '批转通知', 'Endorsed notice'],
    ['3', '转发通知', 'Forwarded notice'],
    ['4', '审批通知', 'Approval notice'],
    ['5', '指示通知', 'Instruction notice'],
    ['6', '请示通知', 'Request notice'],
  ]),
  dict(DICT.org_category, '机构类型', 'Organisation category', [
    ['1', '公司', 'Company'],
    ['2', '部门', 'Department'],
    ['3', '团队', 'Team'],
  ]),
  dict(DICT.user_type, '用户平台', 'User platform', [
    ['1', 'WEB', 'Web'],
    ['2', 'APP', 'App'],
    ['3', '其他', 'Other'],
  ]),
  dict(DICT.account_status, '账号状态', 'Account status', [
    ['1', '启用', 'Enabled'],
    ['2', '冻结', 'Frozen'],
  ]),
  dict(DICT.device_type, '设备类型', 'Device type', [
    ['1', '飞行器', 'Aircraft'],
    ['2', '载荷', 'Payload'],
    ['3', '数据链', 'Data link'],
    ['4', '遥控器', 'Remote controller'],
    ['5', '机库', 'Hangar'],
  ]),
  dict(DICT.device_status, '设备状态', 'Device status', [
    ['1', '正常', 'Normal'],
    ['2', '停用', 'Disabled'],
  ]),
  dict(DICT.hangar_visible, '机库显示', 'Hangar visibility', [
    ['0', '隐藏', 'Hidden'],
    ['1', '显示', 'Shown'],
  ]),
  dict(DICT.hangar_type, '机库类型', 'Hangar type', [
    ['1', '多旋翼机库', 'Multirotor dock'],
    ['2', '垂起机库', 'VTOL dock'],
  ]),
  dict(DICT.task_type, '任务类型', 'Task type', [
    ['1', '飞行任务', 'Flight'],
    ['2', '机库任务', 'Hangar'],
    ['3', '周期任务', 'Periodic'],
    ['4', '手动任务', 'Manual'],
  ]),
  dict(DICT.task_status, '任务状态', 'Task status', [
    ['0', '待执行', 'Pending execution'],
    ['1', '已接收', 'Received'],
    ['2', '执行中', 'Executing'],
    ['3', '已完成', 'Completed'],
    ['4', '已过期', 'Expired'],
    ['5', '已取消', 'Cancelled'],
    ['6', '执行失败', 'Execution failed'],
  ]),
  dict(DICT.alarm_level, '告警等级', 'Alarm level', [
    ['1', '一级', 'Level 1'],
    ['2', '二级', 'Level 2'],
    ['3', '三级', 'Level 3'],
    ['4', '四级', 'Level 4'],
  ]),
  dict(DICT.alarm_status, '告警状态', 'Alarm status', [
    ['0', '未处理', 'Untreated'],
    ['1', '已确认', 'Confirmed'],
    ['2', '已纠正', 'Corrected'],
    ['3', '已忽略', 'Neglected'],
  ]),
  dict(DICT.route_type, '航线类型', 'Route type', [
    ['1', '航点航线', 'Waypoint'],
    ['2', '面状航线', 'Planar'],
    ['3', '带状航线', 'Banded'],
  ]),
  dict(DICT.project_status, '项目状态', 'Project status', [
    ['0', '未开始', 'Not started'],
    ['1', '进行中', 'In progress'],
  ]),
  dict(DICT.splicingType, '拼接类型', 'Stitching type', [
    ['1', '二维正射', '2D orthophoto'],
    ['2', '三维模型', '3D model'],
    ['3', '点云', 'Point cloud'],
  ]),
  dict(DICT.rainfall, '降雨量', 'Rainfall', [
    ['0', '无雨', 'None'],
    ['1', '小雨', 'Light'],
    ['2', '中雨', 'Moderate'],
    ['3', '大雨', 'Heavy'],
  ]),
  dict(DICT.hangar_mode, '机库状态', 'Hangar mode', [
    ['0', '空闲中', 'Idle'],
    ['1', '现场调试', 'On-site debug'],
    ['2', '远程调试', 'Remote debug'],
    ['3', '固件升级中', 'Upgrading'],
    ['4', '作业中', 'Working'],
  ]),
  dict(DICT.cover_state, '舱盖状态', 'Hatch state', OPEN_CLOSE_STATES),
  dict(DICT.putter_state, '推杆状态', 'Putter state', OPEN_CLOSE_STATES),
  dict(DICT.flood_state, '水浸状态', 'Flood state', [
    ['0', '正常', 'Dry'],
    ['1', '水浸', 'Flooded'],
  ]),
  dict(DICT.drone_charge_state, '充电状态', 'Charge state', [
    ['0', '未充电', 'Not charging'],
    ['1', '充电中', 'Charging'],
  ]),
  dict(DICT.online_status, '在线状态', 'Online status', [
    ['0', '离线', 'Offline'],
    ['1', '在线', 'Online'],
  ]),
  dict(DICT.drone_mode, '飞行器状态', 'Aircraft mode', [
    ['0', '待机', 'Standby'],
    ['1', '起飞准备', 'Take-off preparation'],
    ['2', '起飞准备完毕', 'Take-off preparation done'],
    ['3', '手动飞行', 'Manual flight'],
    ['4', '自动起飞', 'Automatic take-off'],
    ['5', '航线飞行', 'Wayline flight'],
    ['6', '全景拍照', 'Panorama'],
    ['7', '智能跟随', 'Intelligent tracking'],
    ['8', 'ADS-B 躲避', 'ADS-B avoidance'],
    ['9', '自动返航', 'Return to home'],
    ['10', '自动降落', 'Automatic landing'],
    ['11', '强制降落', 'Forced landing'],
    ['12', '三桨叶降落', 'Three-propeller landing'],
    ['13', '升级中', 'Upgrading'],
    ['14', '未连接', 'Disconnected'],
    ['15', 'APAS', 'APAS'],
    ['16', '虚拟摇杆', 'Virtual joystick'],
    ['17', '指令飞行', 'Live flight control'],
  ]),
  dict(DICT.media_type, '媒体类型', 'Media type', [
    ['1', '照片', 'Photo'],
    ['2', '视频', 'Video'],
    ['3', '文件夹', 'Folder'],
  ]),
  dict(DICT.oss_category, '对象存储类型', 'Object storage type', [
    ['1', 'MinIO', 'MinIO'],
    ['2', '七牛云', 'Qiniu Cloud'],
    ['3', '阿里云', 'Alibaba Cloud'],
    ['4', '腾讯云', 'Tencent Cloud'],
    ['5', 'S3 兼容存储', 'S3-compatible'],
  ]),
  dict(DICT.sms_category, '短信服务类型', 'SMS provider', [
    ['1', '云片', 'Yunpian'],
    ['2', '七牛云', 'Qiniu Cloud'],
    ['3', '阿里云', 'Alibaba Cloud'],
    ['4', '腾讯云', 'Tencent Cloud'],
  ]),
  dict(DICT.out_of_control_action, '失控动作', 'Out-of-control action', [
    ['0', '返航', 'Return to home'],
    ['1', '悬停', 'Hover'],
    ['2', '降落', 'Land'],
  ]),
  dict(DICT.base_station_type, '基站类型', 'Base station type', [
    ['1', 'RTK 基站', 'RTK base station'],
    ['2', '自组网基站', 'Ad hoc network base station'],
    ['3', '4G/5G 基站', '4G/5G base station'],
    ['4', '其他', 'Other'],
  ]),
  // The types a no-fly zone is saved with (gis noflyzone): the platform's, so every tenant's zones mean the same.
  dict(DICT.nofly_zone_type, '禁飞区类型', 'No-fly zone type', [
    ['1', '永久禁飞区', 'Permanent'],
    ['2', '临时禁飞区', 'Temporary'],
    ['3', '机场净空区', 'Airport clearance'],
    ['4', '重要设施保护区', 'Critical facility'],
    ['5', '其他', 'Other'],
  ]),
  dict(DICT.manufacturer_type, '厂商类型', 'Manufacturer type', [
    ['1', '飞行器厂商', 'Aircraft maker'],
    ['2', '机库厂商', 'Dock maker'],
    ['3', '载荷厂商', 'Payload maker'],
    ['4', '综合厂商', 'Full-range maker'],
  ]),
  dict(DICT.uav_airport_type, '起降点类型', 'Takeoff/landing point type', [
    ['1', '机库起降点', 'Dock site'],
    ['2', '固定起降点', 'Fixed pad'],
    ['3', '临时起降点', 'Temporary site'],
    ['4', '备降点', 'Alternate landing site'],
  ]),
  dict(DICT.airspace_status, '空域申请状态', 'Airspace application status', [
    ['draft', '草稿', 'Draft'],
    ['submitted', '已提交', 'Submitted'],
    ['approved', '已批准', 'Approved'],
    ['rejected', '已驳回', 'Rejected'],
    ['expired', '已过期', 'Expired'],
  ]),
];

export const BIZ_DICTS: DictSeed[] = [
  dict(DICT.task_nature, '任务性质', 'Task nature', [
    ['1', '航拍', 'Aerial photography'],
    ['2', '巡检', 'Inspection'],
    ['3', '测绘', 'Mapping'],
    ['4', '应急救援', 'Emergency rescue'],
    ['5', '培训', 'Training'],
    ['6', '其他', 'Other'],
  ]),
  dict(DICT.industry_type, '行业类型', 'Industry type', [
    ['1', '电力', 'Power'],
    ['2', '石油天然气', 'Oil and gas'],
    ['3', '林业草原', 'Forestry and grassland'],
    ['4', '水利', 'Water conservancy'],
    ['5', '交通', 'Transportation'],
    ['6', '公安', 'Public security'],
    ['7', '应急', 'Emergency'],
    ['8', '其他', 'Other'],
  ]),
  dict(DICT.project_type, '项目类型', 'Project type', [
    ['1', '巡检', 'Inspection'],
    ['2', '测绘', 'Mapping'],
    ['3', '应急', 'Emergency'],
    ['4', '其他', 'Other'],
  ]),
  dict(DICT.inspection_object_type, '巡检对象类型', 'Inspection object type', [
    ['1', '井场', 'Well'],
    ['2', '管线', 'Pipeline'],
    ['3', '杆塔', 'Tower'],
    ['4', '储罐', 'Tank'],
    ['5', '其他', 'Other'],
    ['6', '变电站', 'Substation'],
  ]),
  dict(DICT.alarm_type, '告警类型', 'Alarm type', [
    ['1', '人员', 'Person'],
    ['2', '车辆', 'Vehicle'],
    ['3', '烟雾', 'Smoke'],
    ['4', '火情', 'Fire'],
    ['5', '漏油', 'Oil leak'],
    ['6', '违章建筑', 'Illegal construction'],
    ['7', '其他', 'Other'],
  ]),
  dict(DICT.correction_type, '纠正类型', 'Correction type', [
    ['1', '误报', 'False alarm'],
    ['2', '重复告警', 'Duplicate'],
    ['3', '其他', 'Other'],
  ]),
  dict(DICT.emergency_rank, '应急等级', 'Emergency rank', [
    ['1', 'Ⅰ级（特别重大）', 'Level I (extremely serious)'],
    ['2', 'Ⅱ级（重大）', 'Level II (serious)'],
    ['3', 'Ⅲ级（较大）', 'Level III (relatively serious)'],
    ['4', 'Ⅳ级（一般）', 'Level IV (general)'],
  ]),
  dict(DICT.no_fly_type, '禁飞区类型', 'No-fly zone type', [
    ['1', '永久禁飞区', 'Permanent'],
    ['2', '临时禁飞区', 'Temporary'],
  ]),
  dict(DICT.team_type, '团队类型', 'Team type', [
    ['1', '巡检队', 'Inspection team'],
    ['2', '应急队', 'Emergency team'],
    ['3', '作业队', 'Operation team'],
  ]),
];
