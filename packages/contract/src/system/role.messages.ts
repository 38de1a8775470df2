/** Server messages of the role area (roles, grants, data and API scopes), zh-CN then en-US. */
export const roleMessages = {
  'role.aliasFormat': [
    '角色别名须以字母开头，只能包含字母、数字、下划线和连字符',
    'the role alias must start with a letter and hold only letters, digits, _ and -',
  ],
  'role.aliasExists': ['角色别名已存在', 'the role alias already exists'],
  'role.presetAlias': ['系统预置角色的别名不能修改', 'the alias of a system-preset role cannot be changed'],
  'role.parentMissing': ['上级角色不存在', 'the parent role does not exist'],
  'role.parentCycle': [
    '上级角色不能是自身或其下级角色',
    'the parent role cannot be the role itself or one of its child roles',
  ],
  'role.presetRemove': ['系统预置角色不能删除', 'a system-preset role cannot be removed'],
  'role.inUse': [
    '角色“{name}”已分配给 {count} 个用户，请先解除分配',
    'the role "{name}" is assigned to {count} user(s): unassign it first',
  ],
  'role.hasChildren': [
    '角色“{name}”下还有子角色，请先删除子角色',
    'the role "{name}" has child roles: remove them first',
  ],
  'role.menuNotGrantable': [
    '包含不存在或无权授予的菜单',
    'some menus do not exist or may not be granted by you in this tenant',
  ],
  'role.scopeMissing': ['包含不存在的数据权限或接口权限', 'some data or API scopes do not exist'],
  'role.scopeMenuNotGranted': [
    '数据权限或接口权限所属的菜单必须一并授权',
    'a data or API scope can only be granted together with its menu',
  ],
  'role.apiScopeDenied': ['接口权限不足，无法访问该接口', 'your API scope does not allow calling this path'],

  'scope.resourceCodeFormat': [
    '资源编号须以字母开头，只能包含字母、数字、下划线、连字符、冒号和点',
    'the resource code must start with a letter and hold only letters, digits, _, -, : and .',
  ],
  'scope.pathFormat': [
    '接口路径须以 / 开头，可以 * 或 ** 结尾',
    'the API path must start with / and may end in * or **',
  ],
  'scope.menuMissing': ['所属菜单不存在', 'the menu does not exist'],
  'scope.customDepts': [
    '自定义数据权限的规则值须为以逗号分隔的部门 ID',
    'a custom data scope needs its value as comma-separated dept ids',
  ],
  'scope.platformOnly': [
    '只有平台租户可以维护数据权限和接口权限',
    'only the platform tenant may change data and API scopes',
  ],
} satisfies Record<string, readonly [string, string]>;
