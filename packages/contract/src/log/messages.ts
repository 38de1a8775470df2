/** Server messages of the log area, zh-CN then en-US: the text of the usual logs the server writes. */
export const messages = {
  'log.signIn': ['账号 {account} 登录成功', 'account {account} signed in'],
  'log.signOut': ['账号 {account} 退出登录', 'account {account} signed out'],
  'log.ossEnabled': [
    '启用对象存储配置 {code}（{category}）',
    'object storage configuration {code} ({category}) enabled',
  ],
  'log.smsEnabled': ['启用短信配置 {code}', 'SMS configuration {code} enabled'],
  'log.fileNotRemoved': [
    '附件 {name} 已删除，但存储中的文件未能删除：{reason}',
    'attachment {name} removed, but its stored file could not be deleted: {reason}',
  ],
} satisfies Record<string, readonly [string, string]>;
