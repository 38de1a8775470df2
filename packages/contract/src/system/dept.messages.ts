/** Server messages of the dept area, zh-CN then en-US. */
export const deptMessages = {
  'dept.parentNotFound': ['上级机构不存在', 'the parent organisation does not exist'],
  'dept.parentCycle': [
    '上级机构不能是本机构或其下级机构',
    'the parent organisation cannot be the organisation itself or one below it',
  ],
  'dept.tooDeep': ['机构层级过深', 'the organisation tree is too deep'],
  'dept.managerNotFound': ['负责人须为本租户的用户', 'the manager must be a user of this tenant'],
  'dept.hasChildren': [
    '机构「{name}」下还有下级机构，请先删除下级机构',
    'the organisation "{name}" still has organisations below it: remove them first',
  ],
  'dept.hasUsers': [
    '机构「{name}」下还有 {count} 个用户，请先移走这些用户',
    'the organisation "{name}" still has {count} users: move them elsewhere first',
  ],
  'dept.otherTenant': [
    '只有平台租户可以查看其他租户的机构',
    'only the platform tenant may see the organisations of another tenant',
  ],
} satisfies Record<string, readonly [string, string]>;
