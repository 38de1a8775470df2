export default {
  projectAuth: {
    title: '项目授权',
    project: '项目',
    projectName: '项目名称',
    depts: '授权部门（含下级）',
    users: '授权用户',
    remark: '备注',
    updateTime: '更新时间',
  },
};
