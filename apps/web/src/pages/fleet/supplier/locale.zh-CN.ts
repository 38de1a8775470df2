export default {
  supplier: {
    title: '供应商配置',
    name: '供应商名称',
    code: '供应商编码',
    baseUrl: '接口地址',
    baseUrlHint: '以 http:// 或 https:// 开头',
    appKey: 'App Key',
    appSecret: 'App Secret',
    appSecretHint: '保存后不再显示；修改时留空或保持 ****** 则不变',
    remark: '备注',
  },
};
