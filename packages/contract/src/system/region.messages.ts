/** Server messages of the region area, zh-CN then en-US. */
export const regionMessages = {
  'region.codeFormat': ['区划编号须为 2 到 12 位数字', 'a division code is 2 to 12 digits'],
  'region.codeExists': ['区划编号已存在', 'the division code already exists'],
  'region.parentNotFound': ['上级区划不存在', 'the parent division does not exist'],
  'region.codePrefix': [
    '区划编号须以上级区划编号 {parent} 开头且更长',
    'the code must start with the parent code {parent} and be longer',
  ],
  'region.codeLevel': ['省级区划编号须为 2 位数字', 'a province (top-level division) code is 2 digits'],
  'region.tooDeep': ['区划最多五级（省、市、区县、乡镇、村）', 'divisions go five levels deep at most'],
  'region.immutable': ['区划的编号和上级不可修改', 'the code and parent of a division cannot be changed'],
  'region.hasChildren': [
    '区划「{name}」下还有下级区划，请先删除下级区划',
    'the division "{name}" still has divisions below it: remove them first',
  ],
  'region.platformOnly': [
    '行政区划只能由平台租户维护',
    'only the platform tenant may change the administrative divisions',
  ],
} satisfies Record<string, readonly [string, string]>;
