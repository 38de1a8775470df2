import type zhCN from './locale.zh-CN';

export default {
  flyOperator: {
    title: 'fly operator',
    name: 'Name',
    phone: 'Phone',
    licenceNumber: 'Licence number',
    licenceExpiry: 'Licence valid until',
    userId: 'Linked account',
    userAccount: 'Linked account',
    status: 'Status',
    on: 'On',
    off: 'Off',
    turnOn: 'Enable',
    turnOff: 'Disable',
    turnedOn: 'Enabled successfully',
    turnedOff: 'Disabled successfully',
    confirmOn: 'Enable the selected fly operators?',
    confirmOff: 'Disable the selected fly operators?',
    expired: 'expired',
    remark: 'Remark',
  },
} satisfies typeof zhCN;
