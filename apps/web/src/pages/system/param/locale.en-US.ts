import type zhCN from './locale.zh-CN';

export default {
  param: {
    title: 'parameter',
    paramName: 'Parameter name',
    paramKey: 'Key name',
    paramValue: 'Key value',
    remark: 'Remark',
    platformOnly:
      'Parameters are maintained by the platform and shared by every tenant: this tenant can only read them.',
  },
} satisfies typeof zhCN;
