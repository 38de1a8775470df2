/** Server messages of posts, zh-CN then en-US. */
export const postMessages = {
  'post.codeExists': ['岗位编号已存在', 'the post code already exists'],
} satisfies Record<string, readonly [string, string]>;
