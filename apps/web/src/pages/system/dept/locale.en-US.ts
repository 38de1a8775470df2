import type zhCN from './locale.zh-CN';

export default {
  dept: {
    title: 'organisation',
    deptName: 'Name',
    fullName: 'Full name',
    parent: 'Parent organisation',
    topLevel: 'Top level',
    deptCategory: 'Type',
    memberCount: 'Members',
    manager: 'Manager',
    sort: 'Sort',
    description: 'Description',
    addChild: 'Add below',
  },
} satisfies typeof zhCN;
