export default {
  brand: {
    title: '品牌',
    name: '品牌名称',
    code: '品牌编码',
    type: '厂商类型',
    address: '地址',
    phone: '联系电话',
    entitySigns: '关联实体模型',
    entitySignsHint: '实体中心中该品牌生产的设备种类',
    remark: '备注',
  },
};
