import type zhCN from './locale.zh-CN';

export default {
  post: {
    title: 'post',
    category: 'Category',
    postCode: 'Post code',
    postName: 'Post name',
    sort: 'Sort',
    remark: 'Remark',
  },
} satisfies typeof zhCN;
