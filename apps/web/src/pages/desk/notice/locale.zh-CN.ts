export default {
  notice: {
    title: '通知公告',
    titleLabel: '通知标题',
    category: '通知类型',
    releaseTime: '发布时间',
    content: '通知内容',
  },
};
