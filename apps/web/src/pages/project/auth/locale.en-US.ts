import type zhCN from './locale.zh-CN';

export default {
  projectAuth: {
    title: 'project authorisation',
    project: 'Project',
    projectName: 'Project name',
    depts: 'Depts (with their sub-depts)',
    users: 'Users',
    remark: 'Remark',
    updateTime: 'Updated',
  },
} satisfies typeof zhCN;
