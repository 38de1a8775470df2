import { describe, expect, it } from 'vitest';
import type { MenuSeed } from './menus.js';
import { flattenMenus, MENU_TREE, PLATFORM_ONLY_MENU_CODES, TOP_MENUS } from './menus.js';

// Written out by hand from design/MENUS.md so that a screen dropped from the tree fails here.
const SCREEN_CODES = [
  'home',
  'project_home',
  'project_task',
  'projectauth',
  'route',
  'mission_task',
  'airport',
  'mapping',
  'device',
  'manufacturer',
  'hangar',
  'basestation',
  'fly_operator',
  'supplier',
  'realtime',
  'remote_control',
  'track',
  'airspace',
  'noflyzone',
  'flyzone',
  'fence',
  'mapdir',
  'oil_layer',
  'inspection_object',
  'glade_inspection',
  'oil_inspection',
  'oil_record',
  'inspection_screen',
  'emergency_task',
  'emergency_record',
  'emergency_rank',
  'alarm',
  'ai_alarm',
  'report_template',
  'media',
  'screen',
  'work_start',
  'work_todo',
  'work_done',
  'flow_model',
  'flow_manager',
  'flow_follow',
  'user',
  'dept',
  'post',
  'role',
  'menu',
  'topmenu',
  'dict',
  'dict_biz',
  'param',
  'tenant',
  'client',
  'region',
  'data_scope',
  'api_scope',
  'oss',
  'sms',
  'attach',
  'log_usual',
  'log_api',
  'log_error',
  'code',
  'datasource',
  'notice',
];

// Special buttons per screen; the second holder of a shared MENUS.md code carries the renamed one.
const SPECIAL_BUTTONS: Record<string, string[]> = {
  project_home: ['project_members', 'project_report_template'],
  project_task: ['task_assign', 'task_close', 'task_cancel_hangar', 'task_execute_manual', 'task_timeline'],
  route: ['route_import', 'route_export', 'route_public'],
  mission_task: ['mission_task_assign', 'mission_task_close'],
  airport: ['airport_bind_uav'],
  mapping: ['mapping_start', 'mapping_result'],
  device: ['device_control'],
  hangar: ['hangar_control', 'hangar_visibility', 'hangar_basic_set'],
  fly_operator: ['fly_operator_on', 'fly_operator_off'],
  remote_control: ['remote_hangar_control', 'uav_control', 'pod_control'],
  airspace: ['airspace_import', 'airspace_approve'],
  noflyzone: ['noflyzone_import'],
  flyzone: ['flyzone_import'],
  fence: ['fence_import', 'fence_export'],
  mapdir: ['mapdir_visibility'],
  oil_layer: ['oil_layer_advanced'],
  glade_inspection: ['inspection_report'],
  oil_inspection: ['oil_inspection_report'],
  alarm: ['alarm_confirm', 'alarm_correct', 'alarm_ignore'],
  ai_alarm: ['ai_alarm_confirm', 'ai_alarm_correct', 'ai_alarm_ignore'],
  report_template: ['report_template_status'],
  media: ['media_upload', 'media_download', 'media_mkdir'],
  screen: ['screen_settings'],
  work_todo: ['work_claim', 'work_complete'],
  flow_model: ['flow_deploy'],
  user: ['user_reset', 'user_role', 'user_platform', 'user_import', 'user_export', 'user_freeze'],
  role: ['role_grant'],
  topmenu: ['topmenu_grant'],
  tenant: ['tenant_setting', 'tenant_datasource'],
  oss: ['oss_enable'],
  sms: ['sms_enable'],
  code: ['code_generate'],
};

const NOT_CRUD = [
  'home',
  'realtime',
  'remote_control',
  'track',
  'screen',
  'inspection_screen',
  'work_start',
  'work_todo',
  'work_done',
];

const flat = flattenMenus();
const byCode = new Map(flat.map((node) => [node.code, node]));
const childCodes = (code: string) => (byCode.get(code)?.children ?? []).map((child) => child.code);
const isGroup = (node: MenuSeed) => node.category === 1 && !SCREEN_CODES.includes(node.code);

describe('MENU_TREE', () => {
  it('uses every code once across the whole tree', () => {
    const codes = flat.map((node) => node.code);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('holds every MENUS.md screen as a menu', () => {
    for (const code of SCREEN_CODES) expect(byCode.get(code)?.category, code).toBe(1);
  });

  it('gives each screen its special buttons', () => {
    for (const [screen, buttons] of Object.entries(SPECIAL_BUTTONS)) {
      expect(childCodes(screen), screen).toEqual(expect.arrayContaining(buttons));
    }
  });

  it('gives CRUD buttons to table screens and none to maps, dashboards and workflow inboxes', () => {
    for (const screen of SCREEN_CODES) {
      const crud = ['add', 'edit', 'delete', 'view'].map((action) => `${screen}_${action}`);
      if (NOT_CRUD.includes(screen))
        expect(childCodes(screen), screen).toEqual(SPECIAL_BUTTONS[screen] ?? []);
      else expect(childCodes(screen).slice(0, 4), screen).toEqual(crud);
    }
  });

  it('keeps buttons as leaves under a menu', () => {
    for (const node of flat.filter((item) => item.category === 2)) {
      expect(node.children ?? [], node.code).toEqual([]);
      expect(node.path, node.code).toBeUndefined();
      expect(node.action, node.code).toBeGreaterThan(0);
      expect(node.parentCode && byCode.get(node.parentCode)?.category, node.code).toBe(1);
    }
  });

  it('gives every screen a path starting with / and an icon', () => {
    for (const node of flat.filter((item) => item.category === 1 && !isGroup(item))) {
      expect(node.path, node.code).toMatch(/^\//);
      expect(node.source, node.code).toMatch(/^[A-Z]\w+Outlined$/);
    }
  });

  it('nests every screen in a group except home and the intelligent screen', () => {
    const topLevel = MENU_TREE.filter((node) => !isGroup(node)).map((node) => node.code);
    expect(topLevel).toEqual(['home', 'screen']);
    expect(MENU_TREE.filter(isGroup).every((node) => (node.children ?? []).length > 0)).toBe(true);
  });

  it('keeps the home tab alive', () => {
    expect(byCode.get('home')?.isOpen).toBe(2);
  });

  it('labels every node in both languages', () => {
    for (const node of flat) {
      expect(node.name, node.code).not.toBe('');
      expect(node.nameEn, node.code).not.toBe('');
    }
  });

  it('numbers siblings 1..n', () => {
    const check = (nodes: MenuSeed[]) => {
      expect(nodes.map((node) => node.sort)).toEqual(nodes.map((_, index) => index + 1));
      for (const node of nodes) if (node.children) check(node.children);
    };
    check(MENU_TREE);
  });
});

describe('flattenMenus', () => {
  it('walks depth-first and records the parent', () => {
    expect(flat[0]).toMatchObject({ code: 'home', parentCode: null });
    const project = flat.findIndex((node) => node.code === 'project_manage');
    expect(flat[project + 1]).toMatchObject({ code: 'project_home', parentCode: 'project_manage' });
    expect(flat[project + 2]).toMatchObject({ code: 'project_home_add', parentCode: 'project_home' });
  });
});

describe('TOP_MENUS', () => {
  it('lists the four header entries pointing at existing menus', () => {
    expect(TOP_MENUS.map((top) => top.code)).toEqual([
      'route_mission',
      'device_manager',
      'realtime_monitoring',
      'intelligent_screen',
    ]);
    for (const top of TOP_MENUS) {
      expect(top.nameEn, top.code).not.toBe('');
      for (const code of top.menuCodes) expect(byCode.get(code)?.category, code).toBe(1);
    }
  });
});

describe('PLATFORM_ONLY_MENU_CODES', () => {
  it('holds tenant, client, datasource and code generation with all their buttons', () => {
    for (const code of [
      'tenant',
      'tenant_setting',
      'tenant_datasource',
      'tenant_add',
      'client',
      'datasource',
    ]) {
      expect(PLATFORM_ONLY_MENU_CODES).toContain(code);
    }
    expect(PLATFORM_ONLY_MENU_CODES).toContain('code_generate');
    expect(PLATFORM_ONLY_MENU_CODES).not.toContain('user');
    for (const code of PLATFORM_ONLY_MENU_CODES) expect(byCode.has(code), code).toBe(true);
  });
});
