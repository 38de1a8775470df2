import type zhCN from './locale.zh-CN';

export default {
  brand: {
    title: 'brand',
    name: 'Name',
    code: 'Code',
    type: 'Manufacturer type',
    address: 'Address',
    phone: 'Phone',
    entitySigns: 'Entity models',
    entitySignsHint: 'The kinds of equipment this brand makes, from the entity center',
    remark: 'Remark',
  },
} satisfies typeof zhCN;
