export default {
  'zh-CN': {
    notice: {
      title: '通知公告',
      titleLabel: '通知标题',
      category: '通知类型',
      releaseTime: '发布时间',
      content: '通知内容',
    },
  },
  'en-US': {
    notice: {
      title: 'notice',
      titleLabel: 'Title',
      category: 'Category',
      releaseTime: 'Release time',
      content: 'Content',
    },
  },
};
