/** Strings of the top menu screen. */
export default {
  topmenu: {
    title: '顶部菜单',
    name: '菜单名称',
    nameEn: '英文名称',
    code: '菜单编号',
    source: '图标',
    path: '路由地址',
    sort: '排序',
    grant: '菜单配置',
    grantTitle: '顶部菜单配置',
    granted: '菜单配置成功',
  },
};
