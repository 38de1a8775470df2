import type zhCN from './locale.zh-CN';

export default {
  topmenu: {
    title: 'top menu',
    name: 'Name',
    nameEn: 'English name',
    code: 'Code',
    source: 'Icon',
    path: 'Route path',
    sort: 'Sort',
    grant: 'Menus',
    grantTitle: 'Menus of the top menu',
    granted: 'menus saved',
  },
} satisfies typeof zhCN;
