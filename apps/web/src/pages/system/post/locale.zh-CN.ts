export default {
  post: {
    title: '岗位',
    category: '岗位类型',
    postCode: '岗位编号',
    postName: '岗位名称',
    sort: '排序',
    remark: '备注',
  },
};
