import { describe, expect, it } from 'vitest';
import type { DictItemSeed } from './dicts.js';
import { BIZ_DICTS, DICT, SYSTEM_DICTS } from './dicts.js';

const REQUIRED_SYSTEM = [
  'sex',
  'yes_no',
  'menu_category',
  'button_func',
  'data_scope_type',
  'api_scope_type',
  'post_category',
  'notice',
  'org_category',
  'user_type',
  'account_status',
  'device_type',
  'hangar_type',
  'task_type',
  'task_status',
  'alarm_level',
  'alarm_status',
  'route_type',
  'project_status',
  'splicingType',
  'rainfall',
  'hangar_mode',
  'cover_state',
  'drone_mode',
  'media_type',
  'oss_category',
  'sms_category',
  'out_of_control_action',
];

const REQUIRED_BIZ = [
  'task_nature',
  'industry_type',
  'project_type',
  'inspection_object_type',
  'alarm_type',
  'correction_type',
  'emergency_rank',
  'no_fly_type',
  'team_type',
];

const ALL = [...SYSTEM_DICTS, ...BIZ_DICTS];
const flattenItems = (items: DictItemSeed[]): DictItemSeed[] =>
  items.flatMap((item) => [item, ...flattenItems(item.children ?? [])]);
const keysOf = (code: string) =>
  (ALL.find((dict) => dict.code === code)?.items ?? []).map((item) => item.key);

describe('dictionaries', () => {
  it('uses every code once across system and business dictionaries', () => {
    const codes = ALL.map((dict) => dict.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('seeds the required system and business dictionaries in the right table', () => {
    expect(SYSTEM_DICTS.map((dict) => dict.code)).toEqual(expect.arrayContaining(REQUIRED_SYSTEM));
    expect(BIZ_DICTS.map((dict) => dict.code)).toEqual(expect.arrayContaining(REQUIRED_BIZ));
  });

  it('names every seeded code in DICT and seeds every DICT code', () => {
    expect(new Set(Object.values(DICT))).toEqual(new Set(ALL.map((dict) => dict.code)));
    for (const [name, code] of Object.entries(DICT)) expect(code).toBe(name);
  });

  it('keeps keys unique within a dictionary', () => {
    for (const dict of ALL) {
      const keys = flattenItems(dict.items).map((item) => item.key);
      expect(new Set(keys).size, dict.code).toBe(keys.length);
    }
  });

  it('labels every dictionary and item in both languages', () => {
    for (const dict of ALL) {
      expect(dict.name && dict.nameEn, dict.code).toBeTruthy();
      expect(dict.items.length, dict.code).toBeGreaterThan(0);
      for (const item of flattenItems(dict.items)) {
        expect(item.key, dict.code).toMatch(/\S/);
        expect(item.value, `${dict.code}.${item.key}`).toMatch(/\S/);
        expect(item.valueEn, `${dict.code}.${item.key}`).toMatch(/\S/);
      }
    }
  });

  it('writes Chinese values in Chinese', () => {
    for (const dict of ALL) expect(dict.name, dict.code).toMatch(/\p{Script=Han}/u);
  });

  it('matches the spec and device-protocol codes', () => {
    expect(keysOf(DICT.task_status)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(keysOf(DICT.alarm_status)).toEqual(['0', '1', '2', '3']);
    expect(keysOf(DICT.alarm_level)).toEqual(['1', '2', '3', '4']);
    expect(keysOf(DICT.hangar_mode)).toEqual(['0', '1', '2', '3', '4']);
    expect(keysOf(DICT.out_of_control_action)).toEqual(['0', '1', '2']);
    expect(keysOf(DICT.data_scope_type)).toEqual(['1', '2', '3', '4', '5']);
  });
});
