/** Strings of the dept (team) screen. */
export default {
  dept: {
    title: '机构',
    deptName: '机构名称',
    fullName: '机构全称',
    parent: '上级机构',
    topLevel: '顶级机构',
    deptCategory: '机构类型',
    memberCount: '成员数',
    manager: '负责人',
    sort: '排序',
    description: '描述',
    addChild: '新增下级',
  },
};
