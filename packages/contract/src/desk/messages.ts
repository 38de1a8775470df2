/** Server messages of the notice area, zh-CN then en-US. */
export const messages = {
  'notice.categoryUnknown': ['通知类型不存在', 'no such notice category'],
} satisfies Record<string, readonly [string, string]>;
