/** Strings of the parameter screen. */
export default {
  param: {
    title: '参数',
    paramName: '参数名称',
    paramKey: '参数键名',
    paramValue: '参数键值',
    remark: '备注',
    platformOnly: '系统参数由平台统一维护，所有租户共用，当前租户只能查看。',
  },
};
