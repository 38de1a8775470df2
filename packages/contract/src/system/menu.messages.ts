/** Server messages of the menu area (menus and top menus), zh-CN then en-US. */
export const menuMessages = {
  'menu.codeFormat': [
    '编号须以字母开头，只能包含字母、数字、下划线、连字符、冒号和点',
    'the code must start with a letter and hold only letters, digits, _, -, : and .',
  ],
  'menu.codeExists': ['菜单编号已存在', 'the menu code already exists'],
  'menu.pathRequired': ['请输入菜单路由地址', 'a menu needs a route path'],
  'menu.actionRequired': [
    '按钮须选择按钮功能（工具栏、操作栏或两者）',
    'a button needs its action: toolbar, row or both',
  ],
  'menu.parentMissing': ['上级菜单不存在', 'the parent menu does not exist'],
  'menu.parentButton': ['按钮下不能再添加菜单或按钮', 'a button cannot have children'],
  'menu.parentCycle': [
    '上级菜单不能是自身或其下级菜单',
    'the parent menu cannot be the menu itself or one below it',
  ],
  'menu.hasChildren': [
    '菜单“{name}”下还有子菜单或按钮，请先删除它们',
    'the menu "{name}" has children: remove them first',
  ],
  'menu.platformOnly': [
    '菜单为全局数据，只有平台租户可以修改',
    'menus are shared by every tenant: only the platform tenant may change them',
  ],
  'menu.topCodeExists': ['顶部菜单编号已存在', 'the top menu code already exists'],
  'menu.notGrantable': [
    '包含不存在或本租户不可使用的菜单',
    'some menus do not exist or are not available to this tenant',
  ],
} satisfies Record<string, readonly [string, string]>;
