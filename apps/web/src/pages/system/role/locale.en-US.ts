import type zhCN from './locale.zh-CN';

export default {
  role: {
    title: 'role',
    roleName: 'Role name',
    roleAlias: 'Role alias',
    aliasHint: 'Starts with a letter; letters, digits, _ and - only; unique in the tenant',
    parent: 'Parent role',
    topLevel: 'Top level',
    sort: 'Sort',
    isPreset: 'System preset',
    preset: 'Preset',
    custom: 'Custom',
    grant: 'Grant',
    grantTitle: 'Role permissions',
    menuGrant: 'Menus',
    dataScopeGrant: 'Data scopes',
    apiScopeGrant: 'API scopes',
    button: 'button',
    nothingToGrant: 'Nothing to grant',
    granted: 'permissions saved',
    scopeNeedsMenu:
      'Some chosen data or API scopes belong to menus that are not granted: tick those menus under "Menus" first',
  },
} satisfies typeof zhCN;
