/** Strings of the dictionary screens (system and business dictionaries). */
export default {
  dict: {
    title: '字典',
    entry: '字典项',
    systemTitle: '系统字典',
    bizTitle: '业务字典',
    code: '字典编号',
    dictValue: '字典名称',
    dictValueEn: '英文名称',
    dictKey: '字典键值',
    sort: '字典排序',
    isSealed: '封存',
    remark: '字典备注',
    parentId: '上级字典',
    config: '字典配置',
    configTitle: '字典配置：{{name}}（{{code}}）',
    addChild: '新增子项',
    close: '关 闭',
    platformOnly: '系统字典由平台统一维护，所有租户共用，当前租户只能查看。',
    sealedHint: '已封存的字典不能被租户修改或删除。',
  },
};
