/** Server messages of the param area, zh-CN then en-US. */
export const paramMessages = {
  'param.nameRequired': ['请输入参数名称', 'please enter the parameter name'],
  'param.keyRequired': ['请输入参数键名', 'please enter the key name'],
  'param.valueRequired': ['请输入参数键值', 'please enter the key value'],
  'param.keyExists': ['参数键名已存在', 'the key name already exists'],
  'param.builtIn': [
    '系统内置参数不能删除，也不能修改键名',
    'a built-in parameter cannot be removed and its key name cannot be changed',
  ],
  'param.platformOnly': [
    '系统参数由平台统一维护，只有平台租户可以修改',
    'parameters are shared by all tenants: only the platform tenant can change them',
  ],
} satisfies Record<string, readonly [string, string]>;
