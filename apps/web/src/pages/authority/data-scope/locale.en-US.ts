import type zhCN from './locale.zh-CN';

export default {
  scope: {
    menus: 'Menus',
    menuName: 'Menu name',
    menuCode: 'Menu code',
    path: 'Route path',
    icon: 'Icon',
    dataTitle: 'Data scopes',
    apiTitle: 'API scopes',
    dataNoun: 'data scope',
    apiNoun: 'API scope',
    configure: 'Configure',
    scopeName: 'Scope name',
    resourceCode: 'Resource code',
    resourceCodeHint: 'What the rule applies to: a menu code (with all its buttons) or a button code',
    dataScopeType: 'Rule type',
    apiScopeType: 'API type',
    scopeValue: 'Rule value',
    scopeValueHint: 'Custom type only: comma-separated dept ids',
    scopeColumn: 'Scope column',
    scopeField: 'Visible fields',
    scopeClass: 'Scope class',
    scopePath: 'API path',
    scopePathHint: 'e.g. /api/blade-system/post/list; may end in * (one level) or ** (any depth)',
    remark: 'Remark',
  },
} satisfies typeof zhCN;
