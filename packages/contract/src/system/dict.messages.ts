/** Server messages of the dict area (system and business dictionaries), zh-CN then en-US. */
export const dictMessages = {
  'dict.codeRequired': ['请输入字典编号', 'please enter the dictionary code'],
  'dict.codeFormat': [
    '字典编号只能包含字母、数字、下划线、点和中划线',
    'the dictionary code may contain only letters, digits, _ . and -',
  ],
  'dict.valueRequired': ['请输入字典名称', 'please enter the dictionary name'],
  'dict.sortRequired': ['请输入字典排序', 'please enter the sort order'],
  'dict.sortRange': ['排序须为 0 到 99999 的整数', 'the sort order must be a whole number from 0 to 99999'],
  'dict.sealedRequired': ['请选择是否封存', 'please choose whether the entry is sealed'],
  'dict.keyRequired': ['请输入字典键值', 'please enter the key value'],
  'dict.codeExists': ['字典编号已存在', 'the dictionary code already exists'],
  'dict.keyExists': ['同一上级下字典键值已存在', 'this key already exists under the same parent'],
  'dict.parentNotFound': ['上级字典不存在', 'the parent dictionary does not exist'],
  'dict.parentCycle': [
    '上级字典不能是自身或其下级',
    'the parent cannot be the entry itself or one of its own entries',
  ],
  'dict.otherDictionary': [
    '字典项只能在所属字典内移动，字典不能改为字典项',
    'an entry can only move within its own dictionary, and a dictionary cannot become an entry',
  ],
  'dict.hasChildren': [
    '该字典下还有字典项，请先删除子项',
    'this entry still has entries under it: remove them first',
  ],
  'dict.sealed': ['该字典已封存，不能修改或删除', 'this entry is sealed and cannot be changed or removed'],
  'dict.sealByPlatform': ['只有平台可以封存字典', 'only the platform can seal an entry'],
  'dict.platformOnly': [
    '系统字典由平台统一维护，只有平台租户可以修改',
    'system dictionaries are shared by all tenants: only the platform tenant can change them',
  ],
} satisfies Record<string, readonly [string, string]>;
