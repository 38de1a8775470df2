/** Strings of the role screen and its grant dialog. */
export default {
  role: {
    title: '角色',
    roleName: '角色名称',
    roleAlias: '角色别名',
    aliasHint: '以字母开头，只含字母、数字、下划线和连字符，租户内唯一',
    parent: '上级角色',
    topLevel: '顶级角色',
    sort: '排序',
    isPreset: '系统预置',
    preset: '预置',
    custom: '自定义',
    grant: '权限设置',
    grantTitle: '角色权限配置',
    menuGrant: '菜单权限',
    dataScopeGrant: '数据权限',
    apiScopeGrant: '接口权限',
    button: '按钮',
    nothingToGrant: '暂无可分配的权限',
    granted: '权限设置成功',
    scopeNeedsMenu: '所选数据权限或接口权限的菜单未授权，请先在“菜单权限”中勾选对应菜单',
  },
};
