import type zhCN from './locale.zh-CN';

export default {
  dict: {
    title: 'dictionary',
    entry: 'entry',
    systemTitle: 'System dictionaries',
    bizTitle: 'Business dictionaries',
    code: 'Code',
    dictValue: 'Name',
    dictValueEn: 'English name',
    dictKey: 'Key value',
    sort: 'Sort',
    isSealed: 'Sealed',
    remark: 'Remark',
    parentId: 'Parent',
    config: 'Entries',
    configTitle: 'Entries of {{name}} ({{code}})',
    addChild: 'Add child',
    close: 'Close',
    platformOnly:
      'System dictionaries are maintained by the platform and shared by every tenant: this tenant can only read them.',
    sealedHint: 'A sealed dictionary cannot be changed or removed by a tenant.',
  },
} satisfies typeof zhCN;
