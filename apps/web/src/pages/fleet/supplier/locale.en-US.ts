import type zhCN from './locale.zh-CN';

export default {
  supplier: {
    title: 'supplier configuration',
    name: 'Supplier',
    code: 'Code',
    baseUrl: 'API base URL',
    baseUrlHint: 'Starts with http:// or https://',
    appKey: 'App key',
    appSecret: 'App secret',
    appSecretHint: 'Never shown once saved; leave empty or ****** to keep it',
    remark: 'Remark',
  },
} satisfies typeof zhCN;
