/** Strings of the parameter screen. */
export default {
  'zh-CN': {
    param: {
      title: '参数',
      paramName: '参数名称',
      paramKey: '参数键名',
      paramValue: '参数键值',
      remark: '备注',
      platformOnly: '系统参数由平台统一维护，所有租户共用，当前租户只能查看。',
    },
  },
  'en-US': {
    param: {
      title: 'parameter',
      paramName: 'Parameter name',
      paramKey: 'Key name',
      paramValue: 'Key value',
      remark: 'Remark',
      platformOnly:
        'Parameters are maintained by the platform and shared by every tenant: this tenant can only read them.',
    },
  },
};
