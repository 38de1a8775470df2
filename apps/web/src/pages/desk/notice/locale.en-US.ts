import type zhCN from './locale.zh-CN';

export default {
  notice: {
    title: 'notice',
    titleLabel: 'Title',
    category: 'Category',
    releaseTime: 'Release time',
    content: 'Content',
  },
} satisfies typeof zhCN;
